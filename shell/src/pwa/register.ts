// Registers the service worker (/sw.js, scope /) once the page has loaded, and decides
// whether the page reloads when a new deploy's worker takes control of it.
//
// Update rule: sw.ts skips waiting and claims open pages, so a new worker controls an
// already open page within moments of a deploy. That page still runs the old shell, so
// it reloads — once — but only when the guest is idle: no pointer, key, input, wheel or
// touch in the last IDLE_MS, and no form field focused. Otherwise it keeps running
// untouched (nothing typed is lost mid-checkout) and the next full navigation loads the
// new shell, because pages are always fetched from the network. A sessionStorage stamp
// keeps two quick deploys from reloading a tab twice within RELOAD_GUARD_MS.
//
// `config.features.serviceWorker: false` in the bootstrap turns the worker off: nothing
// is registered and a worker installed earlier is unregistered.
import type { Bootstrap } from '@henhouse/kit/bootstrap';

export const SW_URL = '/sw.js';
export const SW_SCOPE = '/';
/** How long the guest must have left the page alone before it may reload. */
export const IDLE_MS = 10_000;
/** At most one update reload per tab in this window. */
export const RELOAD_GUARD_MS = 60_000;
export const RELOAD_KEY = 'henhouse:sw-reload-at';

const INTERACTIONS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/** serviceWorkerEnabled: on unless the bootstrap's features say `serviceWorker: false`. */
export function serviceWorkerEnabled(boot: Pick<Bootstrap, 'config'>): boolean {
  return boot.config?.features?.serviceWorker !== false;
}

export interface UpdateState {
  /** The page was controlled by a worker before this change (false: first install). */
  wasControlled: boolean;
  now: number;
  /** Time of the guest's last interaction, 0 when none. */
  lastInteraction: number;
  /** A form field has focus. */
  editing: boolean;
  /** When this tab last reloaded for an update, null when never. */
  lastReloadAt: number | null;
}

/** shouldReloadForUpdate is the update rule above. */
export function shouldReloadForUpdate(s: UpdateState): boolean {
  if (!s.wasControlled || s.editing) return false;
  if (s.lastInteraction > 0 && s.now - s.lastInteraction < IDLE_MS) return false;
  return s.lastReloadAt == null || s.now - s.lastReloadAt >= RELOAD_GUARD_MS;
}

function isEditing(doc: Document): boolean {
  const el = doc.activeElement as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

export interface PwaEnv {
  container: ServiceWorkerContainer | undefined;
  win: Window;
  storage: Storage;
  now: () => number;
  reload: () => void;
}

function defaultEnv(): PwaEnv {
  return {
    container: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    win: window,
    storage: window.sessionStorage,
    now: () => Date.now(),
    reload: () => window.location.reload(),
  };
}

/**
 * registerServiceWorker is called once by main.tsx. It does nothing where service
 * workers do not exist (jsdom, old browsers, insecure origins); a failed registration
 * is ignored: the site works without a worker.
 */
export function registerServiceWorker(boot: Pick<Bootstrap, 'config'>, overrides: Partial<PwaEnv> = {}): void {
  const env = { ...defaultEnv(), ...overrides };
  const sw = env.container;
  if (!sw) return;
  if (!serviceWorkerEnabled(boot)) {
    void sw
      .getRegistrations()
      .then((regs) => Promise.all(regs.map((r) => r.unregister())))
      .catch((err) => console.warn('[pwa] could not remove the service worker', err));
    return;
  }

  let lastInteraction = 0;
  const seen = () => {
    lastInteraction = env.now();
  };
  for (const type of INTERACTIONS) env.win.addEventListener(type, seen, { capture: true, passive: true });

  let controlled = sw.controller != null;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    const wasControlled = controlled;
    controlled = true;
    if (reloading) return;
    const last = Number(env.storage.getItem(RELOAD_KEY)) || null;
    const state = {
      wasControlled,
      now: env.now(),
      lastInteraction,
      editing: isEditing(env.win.document),
      lastReloadAt: last,
    };
    if (!shouldReloadForUpdate(state)) return;
    reloading = true;
    env.storage.setItem(RELOAD_KEY, String(state.now));
    env.reload();
  });

  const start = () => {
    // The site works without a service worker (only offline support is lost): say why in
    // the console rather than interrupt the guest.
    sw.register(SW_URL, { scope: SW_SCOPE, updateViaCache: 'none' }).catch((err) =>
      console.warn('[pwa] service worker registration failed', err),
    );
  };
  if (env.win.document.readyState === 'complete') start();
  else env.win.addEventListener('load', start, { once: true });
}
