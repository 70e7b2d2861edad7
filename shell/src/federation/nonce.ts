// Puts the page's Content-Security-Policy nonce (docs/security.md) on the elements the
// federation runtime creates: the remotes' entry scripts and any preload links. The
// policy's 'strict-dynamic' lets them load without it; with it, each remote's webpack
// runtime reads the nonce from its own entry script and gives it to the chunks and
// style sheets that remote links.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { pageNonce } from '@henhouse/kit/csp';

type Attrs = Record<string, unknown> | undefined;

function applyAttrs(el: HTMLElement, attrs: Attrs) {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'async' || name === 'defer') (el as HTMLScriptElement)[name] = Boolean(value);
    else el.setAttribute(name, String(value));
  }
}

/** noncePlugin is the federation runtime plugin; without a nonce it leaves the runtime's
 *  own element creation alone. */
export function noncePlugin(nonce: string | undefined = pageNonce()): ModuleFederationRuntimePlugin {
  return {
    name: 'henhouse-csp-nonce',
    createScript({ url, attrs }) {
      if (!nonce) return undefined;
      const script = document.createElement('script');
      applyAttrs(script, attrs);
      script.src = url;
      script.nonce = nonce;
      return script;
    },
    createLink({ url, attrs }) {
      if (!nonce) return undefined;
      const link = document.createElement('link');
      applyAttrs(link, attrs);
      link.href = url;
      link.nonce = nonce;
      return link;
    },
  };
}
