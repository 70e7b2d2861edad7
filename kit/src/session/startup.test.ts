import { startUp, type StartupDeps, type StartupState } from './startup';
import { fake } from '@henhouse/kit/test/harness';
import type { Cart, Location } from '../state/store';

const loc = (id: string, menu: string, transfercart = true): Location =>
  fake<Location>({ id, name: id, menu_id: menu, services: { transfercart } });
const cart = (menu: string): Cart => fake<Cart>({ menu_id: menu, products: [] });

function deps(
  init: Partial<StartupState>,
  opts: Partial<Pick<StartupDeps, 'query' | 'path' | 'hasCart'>> & {
    serverCart?: Cart | null;
    byMenu?: Record<string, Location>;
  } = {},
) {
  const state: StartupState = { location: null, cart: null, token: null, user: null, ...init };
  const calls: string[] = [];
  const known = [...(init.location ? [init.location] : []), ...Object.values(opts.byMenu ?? {})];
  const d: StartupDeps = {
    query: opts.query ?? {},
    path: opts.path ?? '/',
    hasCart: opts.hasCart ?? false,
    state: () => state,
    report: () => {
      calls.push('report');
    },
    clearLocation: () => {
      calls.push('clearLocation');
      state.location = null;
    },
    actions: {
      abandonCart: async () => {
        calls.push('abandonCart');
        state.cart = null;
      },
      getUser: async () => {
        calls.push('getUser');
        state.user = { id: 'm1' };
      },
      getCart: async () => {
        calls.push('getCart');
        state.cart = opts.serverCart === undefined ? state.cart : opts.serverCart;
        return state.cart;
      },
      reloadLocation: async (menuId, locationId) => {
        calls.push(`reloadLocation(${menuId},${locationId ?? ''})`);
        const l =
          known.find((k) => k.id === locationId && k.menu_id === menuId) ??
          known.find((k) => k.menu_id === menuId) ??
          loc('x-' + menuId, menuId);
        state.location = l;
        return l;
      },
      transferCart: async (menuId, locationId) => {
        calls.push(`transferCart(${menuId},${locationId ?? ''})`);
        state.cart = cart(menuId);
      },
    },
  };
  return { d, calls, state };
}

describe('start-up on the web', () => {
  it('does nothing for a first visit', async () => {
    const { d, calls } = deps({});
    expect(await startUp(d)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('store=clear clears the location and menu, then abandons the cart, before anything else', async () => {
    const { d, calls, state } = deps(
      { location: loc('a', 'm1'), cart: cart('m1'), token: { provider: 'p', version: '1' } },
      { query: { store: 'clear' } },
    );
    const steps = await startUp(d);
    expect(steps.slice(0, 3)).toEqual(['clear-store', 'abandon-cart', 'get-user']);
    expect(calls.slice(0, 2)).toEqual(['clearLocation', 'abandonCart']);
    expect(state.location).toBeNull();
    expect(calls).not.toContain('getCart');
  });

  it('fetches the user when there is a token but no user', async () => {
    const { d, calls } = deps({ token: { provider: 'p', version: '1' } });
    await startUp(d);
    expect(calls).toEqual(['getUser']);
  });

  it('does not fetch the user when it is already there', async () => {
    const { d, calls } = deps({ token: { provider: 'p', version: '1' }, user: { id: 1 } });
    await startUp(d);
    expect(calls).toEqual([]);
  });

  it('fetches the cart when the edge says there is one, then stops on /menu paths', async () => {
    const { d, calls } = deps(
      { location: loc('a', 'm1') },
      { hasCart: true, serverCart: cart('m2'), path: '/menu/m1' },
    );
    expect(await startUp(d)).toEqual(['get-cart', 'stop-on-menu']);
    expect(calls).toEqual(['getCart']);
  });

  it('stops on /menu paths even without a cart', async () => {
    const { d } = deps({ location: loc('a', 'm1') }, { path: '/menu' });
    expect(await startUp(d)).toEqual(['stop-on-menu']);
  });

  it('reloads the location by the location menu id when there is no cart', async () => {
    const { d, calls } = deps({ location: loc('a', 'm1') });
    expect(await startUp(d)).toEqual(['reload-location']);
    expect(calls).toEqual(['reloadLocation(m1,a)']);
  });

  it("reloads by the cart's menu id when there is a cart", async () => {
    const { d, calls } = deps({}, { hasCart: true, serverCart: cart('m2'), byMenu: { m2: loc('b', 'm2') } });
    expect(await startUp(d)).toEqual(['get-cart', 'reload-location']);
    expect(calls).toEqual(['getCart', 'reloadLocation(m2,)']);
  });

  it('transfers the cart when transfercart is true and the menu ids differ', async () => {
    const chosen = loc('a', 'm1', true);
    const { d, calls, state } = deps(
      { location: chosen },
      { hasCart: true, serverCart: cart('m2'), byMenu: { m2: loc('b', 'm2') } },
    );
    expect(await startUp(d)).toEqual(['get-cart', 'reload-location', 'transfer-cart']);
    expect(calls).toEqual(['getCart', 'reloadLocation(m2,a)', 'transferCart(m1,a)', 'reloadLocation(m1,a)']);
    expect(state.cart?.menu_id).toBe('m1');
    expect(state.location?.id).toBe('a');
  });

  it('does not transfer when transfercart is false', async () => {
    const { d, calls } = deps(
      { location: loc('a', 'm1', false) },
      { hasCart: true, serverCart: cart('m2'), byMenu: { m2: loc('b', 'm2', false) } },
    );
    expect(await startUp(d)).toEqual(['get-cart', 'reload-location']);
    expect(calls).not.toContain('transferCart(m1,a)');
  });

  it('does not transfer when the menu ids are the same', async () => {
    const { d } = deps({ location: loc('a', 'm1', true) }, { hasCart: true, serverCart: cart('m1') });
    expect(await startUp(d)).toEqual(['get-cart', 'reload-location']);
  });
});
