/// <reference lib="webworker" />
// The Henhouse service worker, served by the edge at /sw.js with scope /. Built from
// this file by workbox-webpack-plugin's InjectManifest (shell/webpack.config.js), which
// replaces self.__WB_MANIFEST with the precache list: the offline page and its icon.
//
// - Pages: network first, never stored. No answer (offline, or nothing after
//   NAVIGATION_TIMEOUT_SECONDS) → the precached offline page. An online guest always
//   gets the edge's current document, so a deploy is used on the next navigation.
// - /assets/<name>.<hash>.<ext> and /modules/<name>/<version>/*: cache first, with
//   expiration; both are immutable by contract (the shell's entry, main.<hash>.js, too).
// - /api/*, mf-manifest.json and everything else: not handled; the
//   browser goes to the network as if there were no worker.
// - A new worker skips waiting and claims open pages; shell/src/pwa/register.ts decides
//   whether such a page reloads.
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  CACHES,
  EXPIRATION,
  NAVIGATION_DENYLIST,
  NAVIGATION_TIMEOUT_SECONDS,
  OFFLINE_URL,
  API_PATTERN,
  isHashedAsset,
  isModuleFile,
} from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

setCacheNameDetails({ prefix: 'henhouse' });

// A new deploy's worker takes over as soon as it is installed (its precache is
// complete by then) instead of waiting for every tab to close.
//
// The API is never the worker's: with the static routing API (where the browser has
// it) its requests go straight to the network without waking the worker. Beside
// sparing each API call the worker's start-up, this keeps the beacon a page sends as
// it is left (navigator.sendBeacon) from being handed to a worker that took control of
// the page meanwhile: Chromium dropped about one in four such beacons.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  const routes = event as ExtendableEvent & { addRoutes?: (rules: unknown) => Promise<void> };
  if (typeof routes.addRoutes === 'function') {
    routes
      .addRoutes({
        condition: {
          urlPattern: typeof URLPattern === 'function' ? new URLPattern({ pathname: API_PATTERN }) : API_PATTERN,
        },
        source: 'network',
      })
      .catch((err) => console.warn('[sw] static routes not set', err));
  }
});
clientsClaim();

// Precaches of older Workbox versions, and runtime caches this worker no longer uses.
cleanupOutdatedCaches();
self.addEventListener('activate', (event) => {
  const keep = new Set<string>([...Object.values(CACHES), cacheNames.precache]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('henhouse-') && !keep.has(n)).map((n) => caches.delete(n))),
      ),
  );
});

precacheAndRoute(self.__WB_MANIFEST);

async function offlinePage(): Promise<Response> {
  return (await matchPrecache(OFFLINE_URL)) ?? Response.error();
}

// Pages. NetworkFirst consults its cache when the network fails or times out; pages
// are never written to it (cacheWillUpdate → null: a document carries the visitor's
// session bootstrap and this deploy's file names), so that lookup always misses and
// yields the offline page instead.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: CACHES.pages,
      networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
      plugins: [
        {
          cacheWillUpdate: async () => null,
          cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse ?? offlinePage(),
          handlerDidError: async () => offlinePage(),
        },
      ],
    }),
    { denylist: NAVIGATION_DENYLIST },
  ),
);

// The shell's content-hashed files.
registerRoute(
  ({ url }) => url.origin === self.location.origin && isHashedAsset(url.pathname),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [new ExpirationPlugin({ ...EXPIRATION.assets, purgeOnQuotaError: true })],
  }),
);

// Published remote versions (not their mf-manifest.json).
registerRoute(
  ({ url }) => url.origin === self.location.origin && isModuleFile(url.pathname),
  new CacheFirst({
    cacheName: CACHES.modules,
    plugins: [new ExpirationPlugin({ ...EXPIRATION.modules, purgeOnQuotaError: true })],
  }),
);
