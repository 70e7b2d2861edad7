import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { setBootstrap, type Bootstrap, type ModuleEntry } from '@henhouse/kit/bootstrap';
import type { ScreenModule } from '@henhouse/kit/screen';
import { connect, type TelemetryEvent } from '../telemetry/queue';
import { loadScreen, moduleVersions, preloadScreen, registerModules } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const load = jest.mocked(loadRemote);
const remotesRegistered = jest.mocked(registerRemotes);

const SRI_1 = 'sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const SRI_2 = 'sha384-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const menu = (version: string, integrity?: string): ModuleEntry => ({
  name: 'mf-menu',
  remote: 'mf_menu',
  version,
  channel: 'stable',
  manifest: `/modules/mf-menu/${version}/mf-manifest.json`,
  entry: `/modules/mf-menu/${version}/remoteEntry.js`,
  integrity,
});
const Screen: ScreenModule = { default: () => null };

const events: TelemetryEvent[] = [];
connect((e) => events.push(e));

const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });

/** The edge's GET /api/modules, naming mf-menu at entry. */
function edgeNames(entry: ModuleEntry | null) {
  const fetchMock = jest.fn(async () => answer(200, { modules: entry ? { 'mf-menu': entry } : {} }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The script the federation runtime would create for url, through the registered plugin. */
function scriptFor(url: string): HTMLScriptElement | undefined {
  const plugins = jest.mocked(registerPlugins).mock.calls.at(-1)![0]!;
  return plugins[0].createScript?.({ url }) as HTMLScriptElement | undefined;
}

let screenNo = 0;
const nextScreen = () => `Screen${++screenNo}`;

beforeEach(() => {
  jest.clearAllMocks();
  events.length = 0;
  setBootstrap({ config: { apiBase: '/api' } } as Bootstrap);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('subresource integrity of remote entries', () => {
  it('puts the bootstrap integrity on the remote entry script', () => {
    registerModules({ 'mf-menu': menu('1.0.0', SRI_1) });
    expect(remotesRegistered).toHaveBeenCalledWith(
      [{ name: 'mf_menu', entry: '/modules/mf-menu/1.0.0/remoteEntry.js' }],
      {
        force: true,
      },
    );
    // The runtime may ask for the entry by path or by absolute URL.
    for (const url of [
      '/modules/mf-menu/1.0.0/remoteEntry.js',
      `${location.origin}/modules/mf-menu/1.0.0/remoteEntry.js`,
    ]) {
      const script = scriptFor(url)!;
      expect(script.getAttribute('integrity')).toBe(SRI_1);
      expect(script.getAttribute('crossorigin')).toBe('anonymous');
    }
    expect(scriptFor('/modules/mf-menu/1.0.0/551.js')).toBeUndefined(); // no nonce on this page, no integrity
  });
});

describe('a remote whose version is gone after a release', () => {
  it('loads the version the edge names now, once, with that version’s integrity', async () => {
    registerModules({ 'mf-menu': menu('1.0.0', SRI_1) });
    const fetchMock = edgeNames(menu('1.1.0', SRI_2));
    load
      .mockRejectedValueOnce(new Error('ScriptNetworkError: Failed to load script remoteEntry'))
      .mockResolvedValueOnce(Screen);

    const screen = nextScreen();
    await expect(loadScreen('mf-menu', screen)).resolves.toBe(Screen);

    expect(fetchMock).toHaveBeenCalledWith('/api/modules', expect.objectContaining({ credentials: 'same-origin' }));
    expect(remotesRegistered).toHaveBeenLastCalledWith(
      [{ name: 'mf_menu', entry: '/modules/mf-menu/1.1.0/remoteEntry.js' }],
      { force: true },
    );
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(`mf_menu/${screen}`);
    expect(moduleVersions()).toEqual({ 'mf-menu': '1.1.0' });
    expect(scriptFor('/modules/mf-menu/1.1.0/remoteEntry.js')!.getAttribute('integrity')).toBe(SRI_2);
    expect(events).toEqual([]); // the screen loaded: nothing to count
  });

  it('fails as before when the edge names the same version, and counts the failure', async () => {
    registerModules({ 'mf-menu': menu('1.0.0') });
    edgeNames(menu('1.0.0'));
    const failure = new Error('ScriptNetworkError: Failed to load script remoteEntry');
    load.mockRejectedValueOnce(failure);

    await expect(loadScreen('mf-menu', nextScreen())).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(1);
    expect(remotesRegistered).toHaveBeenCalledTimes(1); // only the page's own registration
    expect(events).toEqual([{ kind: 'error', type: 'remote_load', module: 'mf-menu', version: '1.0.0' }]);
  });

  it('retries once only: the area fallback shows when the new version fails too', async () => {
    registerModules({ 'mf-menu': menu('1.0.0') });
    edgeNames(menu('1.1.0'));
    load.mockRejectedValueOnce(new Error('gone')).mockRejectedValueOnce(new Error('also gone'));

    await expect(loadScreen('mf-menu', nextScreen())).rejects.toThrow('also gone');
    expect(load).toHaveBeenCalledTimes(2);
    expect(events).toEqual([{ kind: 'error', type: 'remote_load', module: 'mf-menu', version: '1.1.0' }]);
  });

  it('keeps the original failure when the edge cannot be asked', async () => {
    registerModules({ 'mf-menu': menu('1.0.0') });
    global.fetch = jest.fn(async () => answer(503, {})) as unknown as typeof fetch;
    const failure = new Error('gone');
    load.mockRejectedValueOnce(failure);

    await expect(loadScreen('mf-menu', nextScreen())).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks the edge once when two screens of the module fail together', async () => {
    registerModules({ 'mf-menu': menu('1.0.0') });
    const fetchMock = edgeNames(menu('1.1.0'));
    load.mockRejectedValueOnce(new Error('gone')).mockRejectedValueOnce(new Error('gone')).mockResolvedValue(Screen);

    await Promise.all([loadScreen('mf-menu', nextScreen()), loadScreen('mf-menu', nextScreen())]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe('the first screen, loaded before the first render', () => {
  it('is loaded once: the screen’s first render takes the same load', async () => {
    registerModules({ 'mf-menu': menu('1.0.0') });
    load.mockResolvedValueOnce(Screen);
    const screen = nextScreen();

    await preloadScreen('mf-menu', screen, 5000);
    await expect(loadScreen('mf-menu', screen)).resolves.toBe(Screen);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never rejects; a failure is one attempt, which the screen’s first render takes', async () => {
    registerModules({ 'mf-menu': menu('1.0.0') });
    edgeNames(menu('1.0.0'));
    const failure = new Error('ScriptNetworkError: Failed to load script remoteEntry');
    load.mockRejectedValueOnce(failure).mockResolvedValueOnce(Screen);
    const screen = nextScreen();

    await expect(preloadScreen('mf-menu', screen, 5000)).resolves.toBeUndefined();
    await expect(loadScreen('mf-menu', screen)).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ kind: 'error', type: 'remote_load', module: 'mf-menu', version: '1.0.0' }]);
    // "Try again" loads anew.
    await expect(loadScreen('mf-menu', screen)).resolves.toBe(Screen);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops waiting after waitMs while the load goes on', async () => {
    jest.useFakeTimers();
    try {
      registerModules({ 'mf-menu': menu('1.0.0') });
      let arrive: (m: ScreenModule) => void = () => {};
      load.mockReturnValueOnce(new Promise((r) => (arrive = r)));
      const screen = nextScreen();

      let waited = false;
      void preloadScreen('mf-menu', screen, 1500).then(() => (waited = true));
      await jest.advanceTimersByTimeAsync(1499);
      expect(waited).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(waited).toBe(true);

      const later = loadScreen('mf-menu', screen);
      arrive(Screen);
      await expect(later).resolves.toBe(Screen);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
