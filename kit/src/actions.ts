// The named server actions (docs/api.md, "Named server actions"), in one place. Each calls the edge through the
// one API client and writes what it learns into the one app-state store.
import { api } from '@henhouse/kit/api/client';
import { useAppStore, type Cart, type Location } from '@henhouse/kit/state/store';

const enc = encodeURIComponent;
const store = () => useAppStore.getState();

export interface NotTransferred { line_id: string; name: string; reason: string }
export interface AppData {
  location: Location | null;
  cart: Cart | null;
  user: Record<string, unknown> | null;
  members: Record<string, unknown> | null;
}

export const actions = {
  /** get user: the signed-in member's record (401 when signed out). */
  async getUser(): Promise<Record<string, unknown> | null> {
    const r = await api.get<{ user: Record<string, unknown> }>('/user');
    store().set({ user: r.user });
    return r.user;
  },

  /** get cart: the visitor's cart, or null. */
  async getCart(): Promise<Cart | null> {
    const r = await api.get<{ cart: Cart | null }>('/cart');
    store().set({ cart: r.cart });
    return r.cart;
  },

  /** abandon cart: delete it on the server and in the store (from the cart drawer or store=clear). */
  async abandonCart(): Promise<void> {
    await api.del('/cart');
    store().set({ cart: null });
  },

  /** reload location by menu id; prefers the chosen location when it sells the menu. */
  async reloadLocation(menuId: string, locationId?: string): Promise<Location> {
    const q = locationId ? `?locationId=${enc(locationId)}` : '';
    const r = await api.get<{ location: Location }>(`/locations/by-menu/${enc(menuId)}${q}`);
    store().set({ location: r.location });
    return r.location;
  },

  /** transfer cart to a menu id; reports the items the new menu could not take. */
  async transferCart(menuId: string, locationId?: string): Promise<{ cart: Cart; notTransferred: NotTransferred[] }> {
    const r = await api.post<{ cart: Cart; notTransferred: NotTransferred[] }>('/cart/transfer', { menuId, locationId });
    store().set({ cart: r.cart });
    return r;
  },

  /** generic send request: any /api call described as data. */
  send<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return api.post('/send', body === undefined ? { method, path } : { method, path, body });
  },

  /** log out user: ends the session on the edge and clears it here. */
  async logoutUser(): Promise<void> {
    try {
      await api.post('/auth/logout');
    } finally {
      store().reset(['token', 'user', 'members']);
    }
  },

  /** get rewards (members): balance, rewards, offers, challenges, badges. */
  async getRewards(): Promise<Record<string, unknown>> {
    const r = await api.get<Record<string, unknown>>('/rewards');
    store().set({ members: r });
    return r;
  },

  /** dump app data: location, cart, user and rewards in one call. */
  async dumpAppData(locationId?: string): Promise<AppData> {
    const r = await api.get<AppData>('/app-data' + (locationId ? `?locationId=${enc(locationId)}` : ''));
    store().set({ location: r.location, cart: r.cart, user: r.user, members: r.members });
    return r;
  },
};
