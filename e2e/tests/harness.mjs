// Starts the built edge on a free loopback port and a headless Debian Chromium
// driven by playwright-core. Every browser test file uses this.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** freePort finds a loopback port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * startEdge starts bin/edge on a free port. The port is free when chosen but not held,
 * so something else (the edge's own embedded Redis, which also takes a free port) may
 * take it first: then the edge is started again on another one.
 */
export async function startEdge(env = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEdgeOnce(env);
    } catch (e) {
      if (attempt >= 3 || !String(e.message).includes('address already in use')) throw e;
    }
  }
}

async function startEdgeOnce(env) {
  // EDGE_BIN: another edge binary, for a benchmark that compares two (in env, or the
  // process's environment for every edge).
  const bin = env.EDGE_BIN || process.env.EDGE_BIN || path.join(root, 'bin', 'edge');
  if (!existsSync(bin)) throw new Error('bin/edge is missing: run make build first');
  const port = await freePort();
  const proc = spawn(bin, [], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      COOKIE_SECURE: 'false',
      REDIS_URL: '',
      APP_ENV: 'dev',
      DEV_ENDPOINTS: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  proc.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(base + '/healthz');
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (proc.exitCode !== null) throw new Error('edge exited:\n' + log);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Browser tests see the site as a returning visitor unless they ask for popups:
  // remember the live popups as dismissed in every new context (see launch).
  try {
    const r = await fetch(base + '/api/content/popups');
    popupKeys = ((await r.json()).popups ?? []).map((p) => `${p.id}@${p.version}`);
  } catch {
    popupKeys = [];
  }
  return { base, proc, log: () => log, stop: () => proc.kill('SIGTERM') };
}

let popupKeys = [];

/**
 * launch starts Chromium. Its newContext takes one extra option, showPopups: without
 * it, the welcome and site popups are marked dismissed so they do not cover pages.
 */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async ({ showPopups = false, ...opts } = {}) => {
    const context = await newContext(opts);
    if (!showPopups) {
      await context.addInitScript((keys) => {
        try {
          if (!localStorage.getItem('henhouse:popups')) localStorage.setItem('henhouse:popups', JSON.stringify(keys));
        } catch {
          /* opaque origins have no storage */
        }
      }, popupKeys);
      // The edge's copy of the same (shell/src/chrome/dismissals.ts): without it the page's HTML
      // holds the welcome popup, which the shell then removes.
      if (popupKeys.length)
        await context.addCookies([
          { name: 'hh_popups', value: encodeURIComponent(popupKeys.join(' ')), domain: '127.0.0.1', path: '/' },
        ]);
    }
    return context;
  };
  return browser;
}

/** newPage opens a page that fails the test on any uncaught page error and on anything
 *  the pages' Content-Security-Policy blocks (Chromium logs each as a console error). */
export async function newPage(browser, errors = [], contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Content Security Policy')) errors.push(m.text());
  });
  return page;
}

/**
 * useSite starts one edge and one browser for a test file (node:test before/after)
 * and returns an object whose edge and browser fields are set once they are up.
 */
export function useSite(before, after, env = {}) {
  const site = { edge: null, browser: null };
  before(async () => {
    site.edge = await startEdge(env);
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    site.edge?.stop();
  });
  return site;
}

/** pageApi calls the edge's /api from inside the page with the bootstrap's CSRF token,
 *  as the page's own scripts would. */
/** slowPhone makes the page a mid-range phone on a mobile network, the conditions the
 *  paint figures are measured in (bench/paint.mjs): the CPU slowed 4×, 9 Mbps down and
 *  up, 100 ms round trips. */
export async function slowPhone(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: (9_000_000 / 8) | 0,
    uploadThroughput: (9_000_000 / 8) | 0,
  });
}

export function pageApi(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const boot = JSON.parse(document.getElementById('bootstrap').textContent);
      const r = await fetch('/api' + path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': boot.csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: r.status === 204 ? null : await r.json() };
    },
    [method, path, body],
  );
}

/** chooseLocation makes `location` the guest's chosen location through the page's own
 *  app-state store (the development hook `window.__henhouse`), which keeps it in
 *  localStorage as a guest's choice is kept. Writing localStorage beside the live store
 *  would race it: the page's next store update writes its own state over the entry. */
export async function chooseLocation(page, location) {
  await page.waitForFunction(() => window.__henhouse);
  await page.evaluate((loc) => window.__henhouse.store.getState().set({ location: loc }), location);
}

/** copyGone waits until the page's prerendered copy of its screen (docs/shell.md,
 *  "Prerendered screens") has left the page: until then a form's fields are there twice,
 *  the copy's hidden and inert, and a query by label finds both. */
export const copyGone = (page) => page.locator('#main [data-prerendered]').waitFor({ state: 'detached' });

/** signUp creates a member through the sign-up page (favourite location in Dayton) and
 *  waits for the account page. */
export async function signUp(page, base, email, phone) {
  await page.goto(base + '/account/signup');
  // The form drawn at build time comes first and cannot be used: wait for the screen's.
  await page.locator('[data-screen="mf-account/SignUp"]').waitFor();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('chicken123');
  await page.getByLabel('City, state or ZIP code').fill('Dayton, OH');
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('button', { name: /^Choose/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/account(\?|$)/);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** injectAxe loads axe-core into the page as the test's own script: the pages' policy
 *  would block a script element without the page's nonce (page.addScriptTag). */
export async function injectAxe(page) {
  await page.evaluate(axeSource);
}

/** seriousViolations runs axe-core over the page as it is now and answers its serious and
 *  critical findings (rule, impact, the first few elements), for assert.deepEqual(…, []). */
export async function seriousViolations(page) {
  await injectAxe(page);
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
    }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * tabTo presses Tab (at most max times) until the focused element, in the page or in a
 * same-origin frame such as the hosted card fields, is labelled label (its label, its
 * aria-label or its text starts with it), as a keyboard user moves through a form.
 */
export async function tabTo(page, label, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => {
      let el = document.activeElement;
      if (el?.tagName === 'IFRAME') el = el.contentDocument?.activeElement;
      if (!el) return '';
      const lab = el.id ? el.ownerDocument.querySelector(`label[for="${el.id}"]`) : null;
      return (lab?.textContent || el.getAttribute('aria-label') || el.textContent || '').trim();
    });
    if (here.startsWith(label)) return;
  }
  throw new Error('Tab never reached ' + label);
}

/**
 * tabUntil presses Tab (or Shift+Tab with back) at most max times until target (a
 * locator, possibly inside a frame) has focus, as a keyboard user moves to a control,
 * then answers how its focus shows: the focused element's, or for a control drawn by its
 * label (a styled radio or checkbox), the label's outline and box-shadow, or for a kit
 * control, its visible card's.
 */
export async function tabUntil(page, target, { max = 80, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if ((await target.count()) === 0) continue;
    const ring = await target
      .first()
      .evaluate(
        (el) => {
          if (el.ownerDocument.activeElement !== el || !el.matches(':focus-visible')) return null;
          const shows = (e) => {
            const s = getComputedStyle(e);
            return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
          };
          // A kit control (data-hh-control) draws its ring on the visible card beside its
          // transparent native input (kit/src/ui/controls/controls.css).
          const card = el.closest('[data-hh-control]') && el.nextElementSibling;
          return shows(el) || (el.closest('label') && shows(el.closest('label'))) || (card && shows(card))
            ? 'visible'
            : 'none';
        },
        null,
        { timeout: 2000 },
      )
      .catch(() => null);
    if (ring) return ring;
  }
  throw new Error('Tab never reached ' + target);
}

/** The WCAG 2.2 A and AA rule tags of axe-core. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** wcagViolations runs axe-core's WCAG 2.2 A/AA rules over the page as it is now and
 *  answers every finding, whatever its impact, for assert.deepEqual(…, []). */
export async function wcagViolations(page) {
  await injectAxe(page);
  return page.evaluate(async (tags) => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
    }));
  }, wcagTags);
}

// watchIntl, run in a page before its scripts (page.addInitScript), records each Intl
// object the page makes in window.__intlMade, with where it was called from. The page's
// first Intl object loads the browser's locale and time-zone data, ≈ 45 ms on a desktop
// and ≈ 180 ms at 4× CPU slowdown, in one task of the render that needs it; so prices,
// counts, dates and a location's clock are written without it (money(), wallClock():
// docs/shell.md, "First-load budget"). Any Intl constructor, and the locale methods that
// make one, counts.
export function watchIntl() {
  window.__intlMade = [];
  const note = (what) => window.__intlMade.push(`${what} ${(new Error().stack ?? '').split('\n')[3]?.trim() ?? ''}`);
  for (const name of [
    'DateTimeFormat',
    'NumberFormat',
    'PluralRules',
    'RelativeTimeFormat',
    'Collator',
    'ListFormat',
  ]) {
    const Made = Intl[name];
    if (!Made) continue;
    Intl[name] = new Proxy(Made, {
      construct: (t, a) => (note(name), Reflect.construct(t, a)),
      apply: (t, self, a) => (note(name), Reflect.apply(t, self, a)),
    });
  }
  for (const [proto, method] of [
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
    [Number.prototype, 'toLocaleString'],
    [String.prototype, 'localeCompare'],
  ]) {
    const own = proto[method];
    proto[method] = function (...a) {
      note(method);
      return own.apply(this, a);
    };
  }
}

/** Every script file of a page. */
export const scriptFiles = /\.js(\?.*)?$/;

/** holdScripts holds every script request of the page until the returned release is called. */
export async function holdScripts(page) {
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(scriptFiles, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
