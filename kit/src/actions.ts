// The named server actions (docs/api.md, "Named server actions"), in one place. Each
// calls the edge through the kit's per-area API functions and writes what it learns into
// the one app-state store.
import * as account from '@henhouse/kit/api/account';
import * as cart from '@henhouse/kit/api/cart';
import * as locations from '@henhouse/kit/api/locations';
import * as loyalty from '@henhouse/kit/api/loyalty';
import { ApiError } from '@henhouse/kit/api/client';
import type { AppData, Cart, Location, Members, NotTransferred, User } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';

const store = () => useAppStore.getState();

export type { AppData, NotTransferred };

/** The guest's cart holds another menu's items: the menu page offers the choice (docs/menu.md, "Another menu's cart"). */
export const otherMenuMessage =
  "Your cart holds items from another location's menu. Go back to that menu, or start a new cart here.";

export const actions = {
  /** ensure cart: the guest's cart on menuId, started at locationId when there is none
   *  or the one there is holds nothing. A cart with another menu's items is never emptied
   *  here: that is the guest's choice. */
  async ensureCart(menuId: string, locationId?: string): Promise<Cart> {
    let current = store().cart;
    if (!current) current = (await cart.getCart()).cart;
    if (current && current.menu_id === menuId) {
      store().set({ cart: current });
      return current;
    }
    if (current && current.products.length > 0) throw new ApiError(409, 'menu_mismatch', otherMenuMessage);
    const created = (await cart.createCart(menuId, locationId)).cart;
    store().set({ cart: created });
    return created;
  },

  /** add to cart: adds a product (its defaults when no modifiers are given) and keeps the store's cart. */
  async addToCart(
    menuId: string,
    locationId: string | undefined,
    productId: string,
    line: Parameters<typeof cart.addProduct>[1] = {},
  ): Promise<Cart> {
    await actions.ensureCart(menuId, locationId);
    const r = await cart.addProduct(productId, line);
    store().set({ cart: r.cart });
    return r.cart;
  },

  /** get user: the signed-in member's record (401 when signed out). */
  async getUser(): Promise<User> {
    const r = await account.getUser();
    store().set({ user: r.user });
    return r.user;
  },

  /** get cart: the visitor's cart, or null. */
  async getCart(): Promise<Cart | null> {
    const r = await cart.getCart();
    store().set({ cart: r.cart });
    return r.cart;
  },

  /** abandon cart: delete it on the server and in the store (from the cart drawer or store=clear). */
  async abandonCart(): Promise<void> {
    await cart.abandonCart();
    store().set({ cart: null });
  },

  /** reload location by menu id; prefers the chosen location when it sells the menu. */
  async reloadLocation(menuId: string, locationId?: string): Promise<Location> {
    const r = await locations.locationByMenu(menuId, locationId);
    store().set({ location: r.location });
    return r.location;
  },

  /** transfer cart to a menu id; reports the items the new menu could not take. */
  async transferCart(menuId: string, locationId?: string): Promise<{ cart: Cart; not_transferred: NotTransferred[] }> {
    const r = await cart.transferCart(menuId, locationId);
    store().set({ cart: r.cart });
    return r;
  },

  /** generic send request: any /api call described as data. */
  send(method: string, path: string, body?: unknown): Promise<{ status: number; body?: unknown }> {
    return cart.send(method, path, body);
  },

  /** log out user: ends the session on the edge and clears it here. */
  async logoutUser(): Promise<void> {
    try {
      await account.logout();
    } finally {
      store().reset(['token', 'user', 'members']);
    }
  },

  /** get rewards (members): balance, rewards, offers, challenges, badges. */
  async getRewards(): Promise<Members> {
    const r = await loyalty.getRewards();
    store().set({ members: r });
    return r;
  },

  /** dump app data: location, cart, user and rewards in one call. */
  async dumpAppData(locationId?: string): Promise<AppData> {
    const r = await account.getAppData(locationId);
    store().set({ location: r.location, cart: r.cart, user: r.user, members: r.members });
    return r;
  },
};
