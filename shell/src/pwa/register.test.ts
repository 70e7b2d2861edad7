import { IDLE_MS, RELOAD_GUARD_MS, RELOAD_KEY, registerServiceWorker, shouldReloadForUpdate } from './register';

const boot = (features: Record<string, unknown> = {}) => ({ config: { features } }) as never;

function fakeContainer(controlled: boolean) {
  const target = new EventTarget();
  return Object.assign(target, {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: jest.fn().mockResolvedValue({}),
    getRegistrations: jest.fn().mockResolvedValue([{ unregister: jest.fn().mockResolvedValue(true) }]),
  });
}

function setup(controlled = true, features: Record<string, unknown> = {}) {
  const container = fakeContainer(controlled);
  let now = 1_000_000;
  const reload = jest.fn();
  sessionStorage.clear();
  registerServiceWorker(boot(features), {
    container: container as unknown as ServiceWorkerContainer,
    now: () => now,
    reload,
  });
  const change = () => container.dispatchEvent(new Event('controllerchange'));
  return { container, reload, change, tick: (ms: number) => (now += ms) };
}

describe('shouldReloadForUpdate', () => {
  const base = { wasControlled: true, now: 100_000, lastInteraction: 0, editing: false, lastReloadAt: null };
  test('an idle, controlled page reloads', () => expect(shouldReloadForUpdate(base)).toBe(true));
  test('not on the first install', () => expect(shouldReloadForUpdate({ ...base, wasControlled: false })).toBe(false));
  test('not while a field has focus', () => expect(shouldReloadForUpdate({ ...base, editing: true })).toBe(false));
  test('not within IDLE_MS of an interaction', () => {
    expect(shouldReloadForUpdate({ ...base, lastInteraction: base.now - IDLE_MS + 1 })).toBe(false);
    expect(shouldReloadForUpdate({ ...base, lastInteraction: base.now - IDLE_MS })).toBe(true);
  });
  test('at most once per RELOAD_GUARD_MS', () => {
    expect(shouldReloadForUpdate({ ...base, lastReloadAt: base.now - RELOAD_GUARD_MS + 1 })).toBe(false);
    expect(shouldReloadForUpdate({ ...base, lastReloadAt: base.now - RELOAD_GUARD_MS })).toBe(true);
  });
});

describe('registerServiceWorker', () => {
  afterEach(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    document.body.innerHTML = '';
  });

  test('does nothing where service workers do not exist (jsdom)', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker(boot())).not.toThrow();
  });

  test('registers /sw.js with scope / once the page has loaded', () => {
    const { container } = setup();
    expect(document.readyState).toBe('complete');
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  test('features.serviceWorker false unregisters instead', async () => {
    const { container } = setup(true, { serviceWorker: false });
    expect(container.register).not.toHaveBeenCalled();
    expect(container.getRegistrations).toHaveBeenCalled();
  });

  test('a new worker taking over an idle page reloads it once', () => {
    const { reload, change } = setup(true);
    change();
    change();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_KEY)).not.toBeNull();
  });

  test('the first worker claiming the page does not reload it; a later one does', () => {
    const { reload, change } = setup(false);
    change();
    expect(reload).not.toHaveBeenCalled();
    change();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('no reload right after the guest interacted, nor while a field has focus', () => {
    const { reload, change, tick } = setup(true);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    tick(IDLE_MS - 1);
    change();
    expect(reload).not.toHaveBeenCalled();

    tick(1);
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    change();
    expect(reload).not.toHaveBeenCalled();

    input.blur();
    change();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
