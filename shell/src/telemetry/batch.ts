// Batching, sampling and the size cap of the browser beacons (docs/shell.md, "Beacons").
// The edge takes at most MAX_BYTES and MAX_EVENTS per beacon (POST /api/beacons).
import type { TelemetryEvent } from './queue';

export const MAX_BYTES = 8 * 1024;
export const MAX_EVENTS = 50;
/** A batch is sent once this many events wait (and when the page is hidden or left). */
export const FLUSH_AT = 20;

export interface Payload {
  route: string;
  modules: Record<string, string>;
  /** The page load's token from the bootstrap: the edge counts the beacon towards a
   *  canary's health only for the module versions the page was served. */
  load?: string;
  events: TelemetryEvent[];
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** encode writes a payload within the edge's limits: vitals are dropped first (the
 *  newest first), then errors, and views last. null when not even the route and the
 *  module versions fit, or no event is left. */
export function encode(p: Payload): string | null {
  const events = [...p.events];
  const fits = () => events.length <= MAX_EVENTS && byteLength(JSON.stringify({ ...p, events })) <= MAX_BYTES;
  for (const kind of ['vital', 'error', 'view'] as const) {
    for (let i = events.length - 1; i >= 0 && !fits(); i--) {
      if (events[i].kind === kind) events.splice(i, 1);
    }
  }
  if (!events.length || !fits()) return null;
  return JSON.stringify({ ...p, events });
}

export { sampledIn } from './queue';

export interface BatchOptions {
  route: string;
  /** The versions of the modules the page loaded, read when a batch is sent. */
  modules: () => Record<string, string>;
  /** The bootstrap's page-load token (Bootstrap.beacon), sent with every batch. */
  load?: string;
  send: (body: string) => void;
}

/** Batch queues a page's events for one route and sends them as one beacon. */
export class Batch {
  private events: TelemetryEvent[] = [];
  private route: string;

  constructor(private readonly opts: BatchOptions) {
    this.route = opts.route;
  }

  /** add queues an event; a vital replaces the one of the same name still waiting. */
  add(e: TelemetryEvent): void {
    if (e.kind === 'vital') {
      const i = this.events.findIndex((q) => q.kind === 'vital' && q.name === e.name);
      if (i >= 0) this.events.splice(i, 1);
    }
    this.events.push(e);
    if (this.events.length >= FLUSH_AT) this.flush();
  }

  /** setRoute sends what was queued for the previous route first. */
  setRoute(route: string): void {
    if (route === this.route) return;
    this.flush();
    this.route = route;
  }

  /** flush sends what is queued, if anything. */
  flush(): void {
    if (!this.events.length) return;
    const events = this.events.splice(0);
    const body = encode({ route: this.route, modules: this.opts.modules(), load: this.opts.load, events });
    if (body) this.opts.send(body);
  }
}
