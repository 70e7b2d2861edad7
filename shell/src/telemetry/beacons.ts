// The browser beacons (docs/shell.md, "Beacons"): one view per page load and per
// client-side navigation, the Core Web Vitals, and errors by module version, sent in
// batches to POST /api/beacons. Loaded after the first render (./queue).
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { Bootstrap } from '@henhouse/kit/bootstrap';
import { getBrowserHistory, type History } from '@henhouse/kit/router';
import { moduleVersions } from '../federation/remotes';
import { resolve } from '../routing/resolve';
import { Batch, sampledIn } from './batch';
import { connect, type TelemetryEvent, type VitalName } from './queue';

/** sendBeacon posts body with navigator.sendBeacon, or fetch with keepalive where the
 *  browser has none or refuses it (a full beacon queue). */
export function sendBeacon(url: string, body: string): void {
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return;
  fetch(url, { method: 'POST', body: blob, keepalive: true, credentials: 'same-origin' }).catch((err) => {
    // Telemetry is best effort: a lost beacon is not the guest's problem.
    console.debug('[telemetry] beacon not sent', err);
  });
}

interface Deps {
  history?: History;
  random?: () => number;
  send?: (url: string, body: string) => void;
}

/** routeOf is the route id a path shows; null for a redirect, which shows no page. */
function routeOf(boot: Bootstrap, pathname: string, search: string): string | null {
  const r = resolve(boot, pathname, search);
  if (r.redirect) return null;
  return r.notFound ? 'not-found' : (r.route?.id ?? 'not-found');
}

/** startBeacons reports this page load, unless the sampling leaves it out. */
export function startBeacons(boot: Bootstrap, deps: Deps = {}): void {
  if (!sampledIn(boot.config.beaconSampleRate, deps.random)) {
    connect(() => {}); // not sampled in: nothing of this page load is sent
    return;
  }
  const send = deps.send ?? sendBeacon;
  const url = `${boot.config.apiBase}/beacons`;
  const batch = new Batch({
    route: boot.route.id,
    modules: moduleVersions,
    load: boot.beacon,
    send: (body) => send(url, body),
  });

  // The vitals first: their own listeners report on the same hidden/pagehide events
  // that send the batch, and listeners run in the order they were added.
  const vital = (m: Metric) => batch.add({ kind: 'vital', name: m.name as VitalName, value: round(m.value) });
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(vital);

  batch.add({ kind: 'view' });
  connect((e: TelemetryEvent) => batch.add(e));

  const history = deps.history ?? getBrowserHistory();
  let path = history.location.pathname;
  history.listen((loc) => {
    if (loc.pathname === path) return;
    path = loc.pathname;
    const route = routeOf(boot, loc.pathname, loc.search);
    if (!route) return;
    batch.setRoute(route);
    batch.add({ kind: 'view' });
  });

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batch.flush();
  });
  addEventListener('pagehide', () => batch.flush());
}

/** Vitals to 0.1 ms (CLS, a score, to 0.0001): enough, and a shorter beacon. */
const round = (v: number) => (v < 1 ? Math.round(v * 1e4) / 1e4 : Math.round(v * 10) / 10);
