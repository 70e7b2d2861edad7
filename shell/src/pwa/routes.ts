// What the service worker (sw.ts) does with each request, as plain functions so the
// rules are unit-tested without a worker. docs/shell.md, "Installable web app".

/** The precached page shown for a navigation the network cannot answer. */
export const OFFLINE_URL = '/offline.html';

/** A navigation that has no answer after this long shows the offline page. */
export const NAVIGATION_TIMEOUT_SECONDS = 5;

/** Runtime caches. Pages are never stored: "pages" stays empty by design. */
export const CACHES = {
  pages: 'henhouse-pages',
  assets: 'henhouse-assets',
  modules: 'henhouse-modules',
} as const;

const DAY = 24 * 60 * 60;

/** Limits of the cache-first caches (entries, age in seconds). */
export const EXPIRATION = {
  assets: { maxEntries: 150, maxAgeSeconds: 30 * DAY },
  modules: { maxEntries: 300, maxAgeSeconds: 30 * DAY },
} as const;

// The shell's content-hashed files (same rule as the edge's hashedName): immutable.
// The entry (main.<hash>.js) is one of them; a new deploy's page names a new one.
const hashedAsset = /^\/assets\/[^/]+\.[0-9a-f]{8}\.(?:js|css|svg|png|jpe?g|webp|woff2?)$/;

// /modules/<name>/<version>/… : a published remote version never changes.
const moduleFile = /^\/modules\/[a-z0-9-]+\/\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\/.+$/;

/**
 * neverCached: requests the worker leaves to the network, whatever other rule says.
 * The API answers per visitor and per moment; a remote's mf-manifest.json says which
 * files a version has and must always be fresh (the edge sends it no-cache); the
 * worker script itself is checked by the browser; source maps are for developers.
 */
export function neverCached(path: string): boolean {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    // The card processor's hosted fields: its files and the card form, never from a cache.
    path.startsWith('/payments/') ||
    /\/mf-(?:manifest|stats)\.json$/.test(path) ||
    path === '/sw.js' ||
    path.endsWith('.map')
  );
}

/** isHashedAsset: a content-hashed shell file under /assets/ (cache first). */
export function isHashedAsset(path: string): boolean {
  return hashedAsset.test(path) && !neverCached(path);
}

/** isModuleFile: a file of a published remote version, except its manifest (cache first). */
export function isModuleFile(path: string): boolean {
  return moduleFile.test(path) && !neverCached(path);
}

/**
 * Navigations to these paths are not handled by the worker at all: they are files or
 * endpoints, not pages, and the offline page would be the wrong answer for them.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(?:\/|$)/,
  /^\/payments\//,
  /^\/(?:assets|modules|static)\//,
  /^\/(?:healthz|readyz|sw\.js|manifest\.webmanifest)$/,
];

/** isPageNavigation: a navigation the worker answers network first with the offline fallback. */
export function isPageNavigation(path: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(path));
}

/**
 * The API's paths, which the browser sends straight to the network without waking the
 * worker (the static routing API, set when the worker installs): the worker never
 * answers them.
 */
export const API_PATTERN = '/api/*';
