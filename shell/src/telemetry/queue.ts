// The page's telemetry until the beacon module (./beacons) loads after the first render
// (docs/shell.md, "Beacons"): events reported before then wait here, a few at most, so
// an error of the first seconds is not lost. Kept small: it is part of the first load.
import type { Bootstrap } from '@henhouse/kit/bootstrap';
import { isChunkLoadError } from '@henhouse/kit/rules/chunkReload';
import { whenIdle } from '../whenIdle';

export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
export type ErrorType = 'remote_load' | 'render' | 'unhandled' | 'chunk_load';

/** A telemetry event: only kinds, names and numbers, never a URL, message or id. */
export type TelemetryEvent =
  | { kind: 'view' }
  | { kind: 'vital'; name: VitalName; value: number }
  | { kind: 'error'; type: ErrorType; module?: string; version?: string };

type Sink = (e: TelemetryEvent) => void;

/** EARLY_LIMIT bounds what waits for the beacon module. */
export const EARLY_LIMIT = 20;

const early: TelemetryEvent[] = [];
let sink: Sink | null = null;
const seen = new WeakSet<object>();
// Loads the beacon module (set by startTelemetry); at most once.
let loadBeacons: (() => void) | null = null;

/** report records an event; cause, an error already reported, is not reported again
 *  (a remote that fails to load also reaches its area's error boundary). */
export function report(e: TelemetryEvent, cause?: unknown): void {
  if (cause && typeof cause === 'object') {
    if (seen.has(cause)) return;
    seen.add(cause);
  }
  if (sink) sink(e);
  else if (early.length < EARLY_LIMIT) early.push(e);
  // An error is what canary health is judged on, and a page whose screen failed may be
  // left before it is ever idle: the beacon module loads at once rather than then.
  if (!sink && e.kind === 'error') loadBeacons?.();
}

/** connect hands what waited to sink, and every later event. */
export function connect(s: Sink): void {
  sink = s;
  for (const e of early.splice(0)) s(e);
}

/** errorType names an uncaught error by its type alone. */
export const errorType = (err: unknown): ErrorType => (isChunkLoadError(err) ? 'chunk_load' : 'unhandled');

/** sampledIn decides whether this page load reports, for a rate from 0 to 1 (anything
 *  else: every page load). */
export function sampledIn(rate: unknown, random: () => number = Math.random): boolean {
  const r = typeof rate === 'number' && rate >= 0 && rate <= 1 ? rate : 1;
  return random() < r;
}

/** The beacon module's import(), given by the shell's start (main.tsx): the beacon module
 *  connects to this queue, so the queue does not import it back. */
export type LoadBeacons = () => Promise<{ startBeacons: (boot: Bootstrap) => void }>;

/** startTelemetry records uncaught errors from now on and loads the beacon module (load)
 *  once the first screen is on the page and the browser is idle. */
export function startTelemetry(
  boot: Bootstrap,
  load: LoadBeacons,
  modules: () => Record<string, string> = () => ({}),
): void {
  addEventListener('error', (e) => report({ kind: 'error', type: errorType(e.error) }, e.error));
  addEventListener('unhandledrejection', (e) => report({ kind: 'error', type: errorType(e.reason) }, e.reason));
  // A page left before the beacon module loaded (a screen that failed, a guest who went
  // back at once) still reports its view and what went wrong: canary health counts them.
  // The view goes even when nothing else waited: were only the pages with an error
  // counted, a version's error rate would come out higher than it is.
  addEventListener('pagehide', () => {
    if (sink || !sampledIn(boot.config.beaconSampleRate)) return;
    const body = JSON.stringify({
      route: boot.route.id,
      modules: modules(),
      events: [{ kind: 'view' }, ...early.splice(0)],
    });
    navigator.sendBeacon?.(`${boot.config.apiBase}/beacons`, new Blob([body], { type: 'application/json' }));
  });
  let loading = false;
  loadBeacons = () => {
    if (loading) return;
    loading = true;
    load()
      .then((m) => m.startBeacons(boot))
      .catch((err) => console.warn('[telemetry] could not load the beacons', err));
  };
  whenIdle(() => loadBeacons?.());
}
