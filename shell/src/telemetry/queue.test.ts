import type { Bootstrap } from '@henhouse/kit/bootstrap';
import type { TelemetryEvent } from './queue';

jest.mock('../whenIdle', () => ({ whenIdle: jest.fn() }));
const mockStartBeacons = jest.fn();
jest.mock('./beacons', () => ({ startBeacons: (...args: unknown[]) => mockStartBeacons(...args) }));
const loadBeacons = () => import('./beacons');

/** A fresh queue, as on a new page. */
function freshQueue(): typeof import('./queue') & { whenIdle: jest.Mock } {
  let q!: typeof import('./queue') & { whenIdle: jest.Mock };
  jest.isolateModules(() => {
    q = {
      ...jest.requireActual<typeof import('./queue')>('./queue'),
      whenIdle: jest.requireMock<{ whenIdle: jest.Mock }>('../whenIdle').whenIdle,
    };
  });
  return q;
}

/** Records what navigator.sendBeacon is given, from now on. */
function recordBeacons(): { url: string; body: Blob }[] {
  const sent: { url: string; body: Blob }[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => sent.push({ url, body }) > 0,
  });
  return sent;
}

/** The JSON a beacon carried (jsdom's Blob has no text()). */
function beaconJSON(body: Blob): Promise<unknown> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(String(reader.result)));
    reader.readAsText(body);
  });
}

const chunkError = Object.assign(new Error('Loading chunk 412 failed.'), { name: 'ChunkLoadError' });

describe('the early error queue', () => {
  // Each test is a new page: the window listeners a test's queue added go with it.
  const added: [string, EventListenerOrEventListenerObject][] = [];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    const add = window.addEventListener.bind(window);
    spy = jest.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
      added.push([type, listener]);
      add(type, listener, options);
    });
  });
  afterEach(() => {
    spy.mockRestore();
    for (const [type, listener] of added.splice(0)) window.removeEventListener(type, listener);
  });

  it('keeps uncaught errors and rejections, by type only, until the beacons take them', () => {
    const q = freshQueue();
    q.startTelemetry({} as Bootstrap, loadBeacons);
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('secret@example.com is not valid'), message: 'x' }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: chunkError });
    window.dispatchEvent(rejection);

    const got: TelemetryEvent[] = [];
    q.connect((e) => got.push(e));
    expect(got).toEqual([
      { kind: 'error', type: 'unhandled' },
      { kind: 'error', type: 'chunk_load' },
    ]);
    q.report({ kind: 'view' });
    expect(got).toHaveLength(3); // later events go straight on
  });

  it(`holds at most 20 events, and one error once however often it is seen`, () => {
    const q = freshQueue();
    const err = new Error('x');
    for (let i = 0; i < 3; i++) q.report({ kind: 'error', type: 'render', module: 'mf-menu' }, err);
    for (let i = 0; i < 50; i++) q.report({ kind: 'error', type: 'unhandled' });
    const got: TelemetryEvent[] = [];
    q.connect((e) => got.push(e));
    expect(got).toHaveLength(q.EARLY_LIMIT);
    expect(got.filter((e) => e.kind === 'error' && e.type === 'render')).toHaveLength(1);
  });

  it('loads the beacon module only after the first render', () => {
    const q = freshQueue();
    q.startTelemetry({} as Bootstrap, loadBeacons);
    expect(q.whenIdle).toHaveBeenCalledTimes(1);
  });

  it('loads the beacon module at once when an error comes first, since a failed page may be left before it is idle', async () => {
    const q = freshQueue();
    mockStartBeacons.mockClear();
    q.startTelemetry({} as Bootstrap, loadBeacons);
    q.report({ kind: 'view' });
    await new Promise((r) => setTimeout(r, 0));
    expect(mockStartBeacons).not.toHaveBeenCalled();
    q.report({ kind: 'error', type: 'render', module: 'mf-menu', version: '1.0.1' });
    q.report({ kind: 'error', type: 'unhandled' });
    await new Promise((r) => setTimeout(r, 0));
    expect(mockStartBeacons).toHaveBeenCalledTimes(1);
    q.connect(() => {}); // as the module would: this page's queue is done
  });

  it('sends the view of a page left before the beacon module loaded, even with nothing else waiting', async () => {
    const q = freshQueue();
    const sent = recordBeacons();
    q.startTelemetry(
      { route: { id: 'home' }, config: { apiBase: '/api' } } as unknown as Bootstrap,
      loadBeacons,
      () => ({
        'mf-content': '1.0.0',
      }),
    );
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    expect(await beaconJSON(sent[0].body)).toEqual({
      route: 'home',
      modules: { 'mf-content': '1.0.0' },
      events: [{ kind: 'view' }],
    });
  });

  it('sends what waited, with a view, when the page is left before the beacon module loaded', async () => {
    const q = freshQueue();
    const sent = recordBeacons();
    q.startTelemetry(
      { route: { id: 'menu' }, config: { apiBase: '/api' } } as unknown as Bootstrap,
      loadBeacons,
      () => ({
        'mf-menu': '1.0.1',
      }),
    );
    mockStartBeacons.mockImplementation(() => new Promise(() => {})); // never connects
    q.report({ kind: 'error', type: 'render', module: 'mf-menu', version: '1.0.1' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/beacons');
    expect(await beaconJSON(sent[0].body)).toEqual({
      route: 'menu',
      modules: { 'mf-menu': '1.0.1' },
      events: [{ kind: 'view' }, { kind: 'error', type: 'render', module: 'mf-menu', version: '1.0.1' }],
    });
  });
});
