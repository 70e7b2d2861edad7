import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@henhouse/kit/router';
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { configureApi } from '@henhouse/kit/api/client';
import { useAppStore } from '@henhouse/kit/state/store';
import { moduleVersions, preloadScreen, registerModules } from './federation/remotes';
import { resolve } from './routing/resolve';
import { Root } from './routing/Root';
import { prefetchPopups, preloadChrome } from './chrome/lazy';
import { runStartup, seedSession } from './session/startup';
import { keepLocationHint } from './session/locationHint';
import { startTelemetry } from './telemetry/queue';
import { nextTask } from './nextTask';
import { whenIdle } from './whenIdle';

declare global {
  interface Window {
    /** Set outside production only, for the console and the browser tests. */
    __henhouse?: { store: typeof useAppStore };
  }
}

// The start runs in two tasks after the one that evaluated the shell's modules: this
// one asks for the first screen's code and sets up what every later step reads (the
// bootstrap, the API client, the remotes, the session in the store); the next one starts
// the rest (the start-up sequence, the popups, the location hint, the service worker).
// Together they were one task of 20–40 ms on a slow machine's CPU, more than 100 ms on a
// phone four times slower (docs/shell.md, "First-load budget").

const boot = readBootstrap();
// The beacons (docs/shell.md, "Beacons"): their module is loaded after the first render.
startTelemetry(boot, () => import('./telemetry/beacons'), moduleVersions);
// A 401 session_invalidated signs the member out in the app state and opens the forced
// sign-out dialog (the client's default, kit/src/state/store.ts forceSignOut).
configureApi({ base: boot.config.apiBase, csrf: boot.csrf });
registerModules(boot.modules);
seedSession(boot);

// The first render waits for the first screen's code (already preloaded by the page's
// head), at most FIRST_SCREEN_WAIT_MS: the screen is then in React's first commit
// instead of a loading state that React would keep for at least 300 ms (docs/shell.md,
// "The first screen renders with the shell"). The prerendered chrome is on the page
// meanwhile, its links working.
const FIRST_SCREEN_WAIT_MS = 1500;
const first = resolve(boot, window.location.pathname, window.location.search);
const firstScreenCode =
  first.route?.module && first.route.module !== 'shell' && first.route.screen && !first.redirect && !first.notFound
    ? preloadScreen(first.route.module, first.route.screen, FIRST_SCREEN_WAIT_MS)
    : Promise.resolve();

const started = nextTask()
  .then(() => {
    // The chosen location, as a cookie the edge reads to preload a menu page's answer.
    keepLocationHint();
    // Outside production, the app state is reachable from the console and from browser
    // tests (docs/shell.md, "Development aids").
    if (boot.config.environment !== 'prod' && boot.config.environment !== 'production') {
      window.__henhouse = { store: useAppStore };
    }
    // The popups' content (preloaded by the page's head) and, for a visitor who will see a
    // popup, its code and image: fetched while the first screen loads, so the popup can show
    // with that screen (docs/shell.md, "Popups"). Only the full site shows popups.
    if (boot.layout === 'default') void prefetchPopups();
    if (boot.layout !== 'app') {
      void runStartup(boot, window.location.pathname, Object.fromEntries(new URLSearchParams(window.location.search)));
    }
    // The service worker's registration is a chunk of its own, loaded at once: it must see
    // the guest's first interactions (its update rule reloads only an idle page), and it
    // registers the worker after the load event itself. The first render does not wait for it.
    void import(/* webpackChunkName: "pwa" */ './pwa/register')
      .then((pwa) => pwa.registerServiceWorker(boot))
      .catch((err) => console.warn('[pwa] could not load the service worker registration', err));
    // After the first render: the chrome the first screen does not show (docs/shell.md,
    // "First-load budget").
    whenIdle(preloadChrome);
  })
  .catch((err: unknown) => {
    // A step that failed leaves the page working: the first render still comes, and the
    // error goes to the page's error handlers (the beacons report it).
    window.reportError(err);
  });

// The first render is a transition: React renders in slices of a few milliseconds and
// yields to the browser between them, instead of one long task (docs/shell.md,
// "First-load budget"). It starts in a task of its own once the start above has run.
void Promise.all([firstScreenCode, started])
  .then(nextTask)
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <BrowserRouter>
            <Root boot={boot} />
          </BrowserRouter>
        </StrictMode>,
      );
    });
  });
