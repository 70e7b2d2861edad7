import { configureApi } from '@henhouse/kit/api/client';
import { storeWith } from '@henhouse/kit/test/harness';
import { useAppStore } from '@henhouse/kit/state/store';
import type { Bootstrap } from '@henhouse/kit/bootstrap';
import { checkSession } from './startup';
import { startWebview } from './webview';

function fetchMock(routes: Record<string, unknown>) {
  const calls: string[] = [];
  const f = async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push(key);
    const body = routes[key];
    const text = body === undefined ? '' : JSON.stringify(body);
    return {
      ok: true,
      status: body === undefined ? 204 : 200,
      statusText: 'OK',
      headers: { get: () => 'application/json' },
      text: async () => text,
    };
  };
  configureApi({ base: '/api', csrf: 't', fetchImpl: f as unknown as typeof fetch });
  return calls;
}

const boot = { config: { loyaltyProvider: 'henhouse-loyalty', tokenVersion: '1' } } as unknown as Bootstrap;

describe('session validity on route change', () => {
  it.each([
    [{ provider: 'other', version: '1' }],
    [{ provider: 'henhouse-loyalty' }],
    [{ provider: 'henhouse-loyalty', version: '0' }],
  ])('logs out with %j', async (token) => {
    const calls = fetchMock({});
    storeWith({ token, user: { id: 1 }, members: { points: 10 } });
    expect(checkSession(boot)).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['POST /api/auth/logout']);
    const s = useAppStore.getState();
    expect([s.token, s.user, s.members]).toEqual([null, null, null]);
  });

  it('keeps a valid token and does nothing without one', () => {
    const calls = fetchMock({});
    useAppStore.getState().set({ token: { provider: 'henhouse-loyalty', version: '1' } });
    expect(checkSession(boot)).toBe(true);
    useAppStore.getState().set({ token: null });
    expect(checkSession(boot)).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe('webview start-up', () => {
  beforeEach(() => {
    localStorage.setItem('henhouse:app', JSON.stringify({ state: { location: { id: 'old' } } }));
    storeWith({
      token: { provider: 'x', version: '1' },
      user: { id: 'u' },
      cart: { menu_id: 'm', products: [1] },
      location: { id: 'old', name: 'Old', menu_id: 'm' },
      checkout: { placement: 'web' },
    });
  });

  it('clears token, user, cart, app state and location, sets placement "app", then loads the app data', async () => {
    const calls = fetchMock({ 'GET /api/app-data': { location: null, cart: null, user: null, members: null } });
    const seen: unknown[] = [];
    const unsub = useAppStore.subscribe((s) => seen.push(s.location));
    await startWebview({ search: '', pathname: '/app/menu', hash: '' }, { replaceState: jest.fn() });
    unsub();
    const s = useAppStore.getState();
    expect(s.errors).toBeNull();
    expect(s.checkout.placement).toBe('app');
    expect([s.token, s.user, s.cart, s.location]).toEqual([null, null, null, null]);
    expect(localStorage.getItem('henhouse:app')).not.toContain('old');
    expect(seen[0]).toBeNull(); // cleared before anything was loaded
    expect(calls).toEqual(['GET /api/app-data']);
  });

  it('exchanges a handover code once and takes it out of the address bar', async () => {
    const calls = fetchMock({
      'POST /api/app/handover/exchange': {
        location: { id: 'l1', name: 'Henhouse Dayton', menu_id: 'm-standard' },
        cart: null,
        user: { id: 'm1' },
        members: { points: 120 },
        token: { provider: 'henhouse-loyalty', version: '1' },
      },
    });
    const replaceState = jest.fn();
    await startWebview({ search: '?handover=abc123&x=1', pathname: '/app/menu', hash: '' }, { replaceState });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/app/menu?x=1');
    expect(calls).toEqual(['POST /api/app/handover/exchange']);
    expect(useAppStore.getState().errors).toBeNull();
    expect(useAppStore.getState().location?.name).toBe('Henhouse Dayton');
    expect(useAppStore.getState().members?.points).toBe(120);
  });
});
