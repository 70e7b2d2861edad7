// Work deferred until after the first render: the chrome the first screen does not show
// (./chrome/lazy) and the beacon module (./telemetry/queue) both wait for it. A module of
// its own, so that neither imports the other to reach it.
import { firstScreen } from '@henhouse/kit/ui/firstScreen';

/** A screen that never reports (a redirect, a failed remote) holds deferred work this long. */
export const FIRST_SCREEN_WAIT_MS = 5000;

/** whenIdle runs fn after the first render: once the first screen is on the page (or
 *  FIRST_SCREEN_WAIT_MS has passed) and the browser has nothing else to do. */
export function whenIdle(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    idle(fn);
  };
  void firstScreen.then(once);
  setTimeout(once, FIRST_SCREEN_WAIT_MS);
}

/** idle runs fn when the browser next has nothing to do (at most 2 s from now). */
export function idle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 1);
}
