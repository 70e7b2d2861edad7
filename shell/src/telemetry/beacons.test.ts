import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { Bootstrap, RouteEntry } from '@henhouse/kit/bootstrap';
import { createMemoryHistory } from '@henhouse/kit/router/history';
import { registerModules } from '../federation/remotes';
import { sendBeacon, startBeacons } from './beacons';
import { report } from './queue';

jest.mock('web-vitals', () => ({
  onLCP: jest.fn(),
  onINP: jest.fn(),
  onCLS: jest.fn(),
  onFCP: jest.fn(),
  onTTFB: jest.fn(),
}));
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const route = (id: string, pattern: string, regex: string): RouteEntry => ({
  id,
  pattern,
  regex,
  module: 'mf-menu',
  screen: 'Menu',
  layout: 'default',
  heading: 'path',
});
const boot = {
  path: '/menu',
  status: 200,
  layout: 'default',
  route: { id: 'menu', module: 'mf-menu', screen: 'Menu', heading: 'path', params: {} },
  routes: [
    route('menu', '/menu', '^/menu$'),
    route('checkout', '/checkout', '^/checkout$'),
    route('old', '/old', '^/old$'),
  ],
  config: { apiBase: '/api' },
  modules: {},
  beacon: 'load-1.sig',
} as unknown as Bootstrap;
boot.routes[2].redirect = '/menu';

const entry = (name: string, version: string) => ({
  name,
  remote: name.replace('-', '_'),
  version,
  channel: 'stable' as const,
  manifest: `/modules/${name}/${version}/mf-manifest.json`,
  entry: `/modules/${name}/${version}/remoteEntry.js`,
});
registerModules({ 'mf-menu': entry('mf-menu', '1.0.0'), 'mf-content': entry('mf-content', '1.0.0') });

const metric = (name: Metric['name'], value: number) => ({ name, value }) as never;
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

interface Sent {
  url: string;
  body: { route: string; modules: Record<string, string>; load?: string; events: unknown[] };
}

// startBeacons adds page listeners that outlive a test: each test starts the last one.
describe('browser beacons', () => {
  it('sends the page view, the vitals and earlier errors, with the route and module versions, when the page is hidden', () => {
    report({ kind: 'error', type: 'unhandled' }); // before the beacon module loaded
    const sent: Sent[] = [];
    const history = createMemoryHistory({ initialEntries: ['/menu'] });
    startBeacons(boot, { history, random: () => 0, send: (url, body) => sent.push({ url, body: JSON.parse(body) }) });

    jest.mocked(onLCP).mock.calls[0][0](metric('LCP', 1234.54));
    jest.mocked(onINP).mock.calls[0][0](metric('INP', 80));
    jest.mocked(onCLS).mock.calls[0][0](metric('CLS', 0.012345));
    jest.mocked(onFCP).mock.calls[0][0](metric('FCP', 900));
    jest.mocked(onTTFB).mock.calls[0][0](metric('TTFB', 120));
    report({ kind: 'error', type: 'render', module: 'mf-menu', version: '1.0.0' });
    expect(sent).toEqual([]);

    hide();
    expect(sent).toEqual([
      {
        url: '/api/beacons',
        body: {
          route: 'menu',
          modules: { 'mf-menu': '1.0.0', 'mf-content': '1.0.0' },
          load: 'load-1.sig',
          events: [
            { kind: 'view' },
            { kind: 'error', type: 'unhandled' },
            { kind: 'vital', name: 'LCP', value: 1234.5 },
            { kind: 'vital', name: 'INP', value: 80 },
            { kind: 'vital', name: 'CLS', value: 0.0123 },
            { kind: 'vital', name: 'FCP', value: 900 },
            { kind: 'vital', name: 'TTFB', value: 120 },
            { kind: 'error', type: 'render', module: 'mf-menu', version: '1.0.0' },
          ],
        },
      },
    ]);
    // No URL, message or id anywhere in what is sent.
    expect(JSON.stringify(sent)).not.toMatch(/\/menu|http|Error|hh_sid/);
  });

  it('counts a view per client-side navigation, under its route', () => {
    const sent: Sent[] = [];
    const history = createMemoryHistory({ initialEntries: ['/menu'] });
    startBeacons(boot, { history, random: () => 0, send: (url, body) => sent.push({ url, body: JSON.parse(body) }) });
    history.push('/menu?category=2'); // the same page
    history.push('/checkout');
    history.push('/old'); // a redirect shows no page of its own
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.map((s) => [s.body.route, s.body.events])).toEqual([
      ['menu', [{ kind: 'view' }]],
      ['checkout', [{ kind: 'view' }]],
    ]);
  });

  it('sends nothing for a page load the sampling leaves out', () => {
    const sent: Sent[] = [];
    const sampled = { ...boot, config: { ...boot.config, beaconSampleRate: 0.1 } } as Bootstrap;
    startBeacons(sampled, { random: () => 0.5, send: (url, body) => sent.push({ url, body: JSON.parse(body) }) });
    report({ kind: 'error', type: 'unhandled' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
  });
});

describe('sendBeacon', () => {
  afterEach(() => jest.restoreAllMocks());

  it('posts JSON with navigator.sendBeacon', async () => {
    const beacon = jest.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    sendBeacon('/api/beacons', '{"route":"menu"}');
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0];
    expect(url).toBe('/api/beacons');
    expect((blob as Blob).type).toBe('application/json');
    const text = await new Promise((done) => {
      const reader = new FileReader();
      reader.onload = () => done(reader.result);
      reader.readAsText(blob as Blob);
    });
    expect(text).toBe('{"route":"menu"}');
  });

  it('falls back to a keepalive fetch when the beacon is refused', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
    const fetchMock = jest.fn(async () => ({ ok: true }));
    global.fetch = fetchMock as unknown as typeof fetch;
    sendBeacon('/api/beacons', '{"route":"menu"}');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/beacons',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
  });
});
