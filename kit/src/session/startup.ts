// Start-up on the web (docs/shell.md, "Start-up"), in exactly this order. Every effect goes
// through the injected actions, so each branch is testable and the shell only wires it.
import type { Cart, Location, TokenInfo } from '@henhouse/kit/state/store';

export interface StartupState {
  location: Location | null;
  cart: Cart | null;
  token: TokenInfo | null;
  user: Record<string, unknown> | null;
}

export interface StartupDeps {
  /** The page's query (store=clear is read from it). */
  query: Record<string, string>;
  path: string;
  /** The edge says this visitor has a cart on the server. */
  hasCart: boolean;
  state: () => StartupState;
  clearLocation: () => void;
  /** Shows a failure the start-up carries on after (fetching the user). */
  report: (err: unknown) => void;
  actions: {
    abandonCart: () => Promise<void>;
    getUser: () => Promise<unknown>;
    getCart: () => Promise<Cart | null>;
    reloadLocation: (menuId: string, locationId?: string) => Promise<Location>;
    transferCart: (menuId: string, locationId?: string) => Promise<unknown>;
  };
}

export type StartupStep =
  'clear-store' | 'abandon-cart' | 'get-user' | 'get-cart' | 'stop-on-menu' | 'reload-location' | 'transfer-cart';

/** startUp runs the web start-up and returns the steps it took, in order. */
export async function startUp(d: StartupDeps): Promise<StartupStep[]> {
  const steps: StartupStep[] = [];
  let hasCart = d.hasCart || d.state().cart !== null;

  // 1. store=clear: clear the chosen location and menu, then abandon the cart.
  if (d.query.store === 'clear') {
    steps.push('clear-store');
    d.clearLocation();
    steps.push('abandon-cart');
    await d.actions.abandonCart();
    hasCart = false;
  }
  // 2. A token but no user: fetch the user.
  const s = d.state();
  if (s.token && !s.user) {
    steps.push('get-user');
    await d.actions.getUser().catch(d.report);
  }
  // 3. A cart: fetch it.
  if (hasCart) {
    steps.push('get-cart');
    await d.actions.getCart();
  }
  // 4. On a /menu path: stop here.
  if (d.path.includes('/menu')) {
    steps.push('stop-on-menu');
    return steps;
  }
  // 5. A location or a cart: reload the location by the cart's menu id, else the
  //    location's, preferring the location the guest chose when it sells that menu.
  const { location: chosen, cart } = d.state();
  if (!chosen && !cart) return steps;
  const menuId = cart?.menu_id || chosen?.menu_id;
  if (!menuId) return steps;
  steps.push('reload-location');
  const reloaded = await d.actions.reloadLocation(menuId, chosen?.id);
  // 6. When the location allows it and the menus differ, move the cart to the
  //    location's menu. "The location" is the one the guest chose; the reload above
  //    may have answered the cart's location instead.
  const target = chosen && reloaded && chosen.id !== reloaded.id ? chosen : reloaded;
  const latestCart = d.state().cart;
  if (target?.services?.transfercart === true && latestCart && latestCart.menu_id !== target.menu_id) {
    steps.push('transfer-cart');
    await d.actions.transferCart(target.menu_id, target.id);
    if (target !== reloaded) await d.actions.reloadLocation(target.menu_id, target.id);
  }
  return steps;
}
