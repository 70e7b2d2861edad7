/* The edge's built-in bot check: the client API of reCAPTCHA Enterprise
 * (grecaptcha.enterprise.ready / execute), answered by the edge's own token endpoint. */
(function () {
  'use strict';
  var TOKEN_URL = '__TOKEN_URL__';
  var w = window;
  var g = (w.grecaptcha = w.grecaptcha || {});
  if (g.enterprise && g.enterprise.builtin) return;

  function later(fn) {
    Promise.resolve().then(function () {
      fn();
    });
  }

  function ready(cb) {
    if (typeof cb === 'function') later(cb);
  }

  function execute(siteKey, options) {
    var action = options && typeof options.action === 'string' ? options.action : '';
    return w
      .fetch(TOKEN_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ action: action }),
      })
      .then(function (res) {
        if (!res.ok) throw new Error('Failed to execute');
        return res.json();
      })
      .then(function (body) {
        if (!body || typeof body.token !== 'string' || !body.token) throw new Error('Failed to execute');
        return body.token;
      });
  }

  g.enterprise = {
    builtin: true,
    ready: ready,
    execute: execute,
    render: function () {
      return 0;
    },
    reset: function () {},
    getResponse: function () {
      return '';
    },
  };

  // Callbacks queued before the script loaded (the ___grecaptcha_cfg.fns pattern).
  var cfg = w.___grecaptcha_cfg;
  if (cfg && Array.isArray(cfg.fns)) {
    cfg.fns.splice(0).forEach(ready);
  }
  // ?onload=name, as Google's script supports.
  var script = typeof document !== 'undefined' ? document.currentScript : null;
  if (script && script.src) {
    var name = new URL(script.src, w.location && w.location.href).searchParams.get('onload');
    if (name && /^[A-Za-z_$][\w$]*$/.test(name) && typeof w[name] === 'function') later(w[name]);
  }
})();
