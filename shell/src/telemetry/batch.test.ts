import { Batch, FLUSH_AT, MAX_BYTES, MAX_EVENTS, encode, sampledIn, type Payload } from './batch';
import type { TelemetryEvent } from './queue';

const modules = { 'mf-menu': '1.0.0', 'mf-content': '1.0.0' };
const vital = (value: number): TelemetryEvent => ({ kind: 'vital', name: 'LCP', value });
const menuError: TelemetryEvent = { kind: 'error', type: 'render', module: 'mf-menu', version: '1.0.0' };

function batchSending() {
  const sent: Payload[] = [];
  const batch = new Batch({ route: 'menu', modules: () => modules, send: (body) => sent.push(JSON.parse(body)) });
  return { batch, sent };
}

describe('beacon batches', () => {
  it('sends what waits as one beacon of the contract shape when flushed', () => {
    const { batch, sent } = batchSending();
    batch.add({ kind: 'view' });
    batch.add({ kind: 'vital', name: 'CLS', value: 0.01 });
    batch.add(menuError);
    batch.add({ kind: 'error', type: 'unhandled' });
    expect(sent).toHaveLength(0);
    batch.flush();
    expect(sent).toEqual([
      {
        route: 'menu',
        modules,
        events: [
          { kind: 'view' },
          { kind: 'vital', name: 'CLS', value: 0.01 },
          { kind: 'error', type: 'render', module: 'mf-menu', version: '1.0.0' },
          { kind: 'error', type: 'unhandled' },
        ],
      },
    ]);
    batch.flush();
    expect(sent).toHaveLength(1); // nothing left to send
  });

  it(`sends on its own once ${FLUSH_AT} events wait`, () => {
    const { batch, sent } = batchSending();
    for (let i = 0; i < FLUSH_AT - 1; i++) batch.add({ kind: 'error', type: 'unhandled' });
    expect(sent).toHaveLength(0);
    batch.add({ kind: 'view' });
    expect(sent).toHaveLength(1);
    expect(sent[0].events).toHaveLength(FLUSH_AT);
  });

  it('keeps the latest value of a vital that has not been sent yet', () => {
    const { batch, sent } = batchSending();
    batch.add(vital(900));
    batch.add(vital(1234.5));
    batch.flush();
    expect(sent[0].events).toEqual([vital(1234.5)]);
  });

  it('sends the events of the previous route under that route when the route changes', () => {
    const { batch, sent } = batchSending();
    batch.add({ kind: 'view' });
    batch.setRoute('checkout');
    batch.add({ kind: 'view' });
    batch.flush();
    expect(sent.map((p) => [p.route, p.events.length])).toEqual([
      ['menu', 1],
      ['checkout', 1],
    ]);
  });
});

describe('the beacon size cap', () => {
  const size = (s: string) => new TextEncoder().encode(s).length;

  it(`drops vitals first to stay within ${MAX_EVENTS} events, keeping views and errors`, () => {
    const events: TelemetryEvent[] = [{ kind: 'view' }, menuError];
    for (let i = 0; i < 60; i++) events.push(vital(i));
    const out = JSON.parse(encode({ route: 'menu', modules, events })!) as Payload;
    expect(out.events).toHaveLength(MAX_EVENTS);
    expect(out.events.slice(0, 2)).toEqual([{ kind: 'view' }, menuError]);
    expect(out.events.filter((e) => e.kind === 'vital')).toHaveLength(MAX_EVENTS - 2);
  });

  it(`stays within ${MAX_BYTES} bytes, dropping vitals before errors`, () => {
    // Versions long enough that a view and an error just fit, and a vital no longer does.
    const events: TelemetryEvent[] = [{ kind: 'view' }, menuError, vital(1), vital(2)];
    const base = size(JSON.stringify({ route: 'menu', modules: { 'mf-menu': '' }, events: events.slice(0, 2) }));
    const many = { 'mf-menu': 'x'.repeat(MAX_BYTES - base - 10) };
    const body = encode({ route: 'menu', modules: many, events })!;
    expect(size(body)).toBeLessThanOrEqual(MAX_BYTES);
    const out = JSON.parse(body) as Payload;
    expect(out.events).toEqual([{ kind: 'view' }, menuError]);
  });

  it('sends nothing when not even the route and the versions fit', () => {
    const huge = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`mf-module-${i}`, '10.20.30']));
    expect(encode({ route: 'menu', modules: huge, events: [{ kind: 'view' }] })).toBeNull();
  });
});

describe('sampling', () => {
  it('reports a share of page loads given by the rate', () => {
    expect(sampledIn(0.25, () => 0.2)).toBe(true);
    expect(sampledIn(0.25, () => 0.3)).toBe(false);
    expect(sampledIn(0, () => 0)).toBe(false);
  });

  it('reports every page load without a valid rate', () => {
    for (const rate of [undefined, null, 'half', 2, -1, NaN]) expect(sampledIn(rate, () => 0.999)).toBe(true);
  });
});
