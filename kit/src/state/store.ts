// The one app-state store (location, loading, errors, token, user, cart, members, …),
// shared by the shell and every remote as a federation singleton. Only the chosen location survives a reload
// (localStorage), with the code of a group order the guest adds to; the cart lives on the server, tied to the visitor cookie.
import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import type { Cart, GroupView, Location, Members, TokenInfo, User } from '@henhouse/kit/api/types';

export type AppErrors = string | string[] | { message?: string; primary?: ErrorAction; secondary?: ErrorAction } | null;
export interface ErrorAction {
  label: string;
  href?: string;
  onClick?: () => void;
}

// The API's areas are the contract's shapes (api/openapi.yaml); the rest are the
// client's own.
export type { Location, Cart, Members, User, TokenInfo } from '@henhouse/kit/api/types';

export interface AppState {
  location: Location | null;
  loading: boolean;
  errors: AppErrors;
  token: TokenInfo | null;
  user: User | null;
  cart: Cart | null;
  /** The group order this visitor adds to as a participant (docs/group-orders.md), as
   *  they see it: while it is set, adding a product goes into their part of that group,
   *  not into a cart of their own. A host's group is their cart's `group`. */
  group: GroupView | null;
  /** The code of that group, kept over a reload so the guest stays in it until it closes
   *  or they leave it. */
  groupCode: string | null;
  product: { data: { name: string; [k: string]: unknown } } | null;
  category: { name: string; [k: string]: unknown } | null;
  /** A title a screen gives its page once its data is loaded (a content page's editor title, a
   *  city's jobs), for the document title (kit/src/routing/heading.ts). */
  pageTitle: { path: string; title: string } | null;
  members: Members | null;
  catering: Record<string, unknown> | null;
  checkout: { placement: 'web' | 'app'; [k: string]: unknown };
  jobs: Record<string, unknown> | null;
  locations: Location[];
  order: Record<string, unknown> | null;
  subscriptions: Record<string, unknown> | null;
  ui: {
    navOpen: boolean;
    cartOpen: boolean;
    /** The cart drawer opens on the form that starts a group order ("Start a group order" on the menu). */
    startGroup: boolean;
    forcedSignOut: boolean;
    accountSection: string | null;
    /** Areas of the page still loading (remote screens, the cart drawer); drives the loading bar. */
    pending: number;
  };
  set: (patch: Partial<Omit<AppState, 'set' | 'setUi' | 'reset'>>) => void;
  setUi: (patch: Partial<AppState['ui']>) => void;
  reset: (areas: (keyof AppState)[]) => void;
}

const initial = {
  location: null,
  loading: false,
  errors: null,
  token: null,
  user: null,
  cart: null,
  group: null,
  groupCode: null,
  product: null,
  category: null,
  pageTitle: null,
  members: null,
  catering: null,
  checkout: { placement: 'web' as const },
  jobs: null,
  locations: [],
  order: null,
  subscriptions: null,
  ui: { navOpen: false, cartOpen: false, startGroup: false, forcedSignOut: false, accountSection: null, pending: 0 },
};

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initial,
      set: (patch) => set(patch),
      setUi: (patch) => set((s) => ({ ui: { ...s.ui, ...patch } })),
      reset: (areas) =>
        set(() => {
          const out: Record<string, unknown> = {};
          for (const a of areas) if (a in initial) out[a] = (initial as Record<string, unknown>)[a];
          return out as Partial<AppState>;
        }),
    }),
    {
      name: 'henhouse:app',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ location: s.location, groupCode: s.groupCode }),
    },
  ),
);

/** forceSignOut applies a session ended on the server (a forced sign-out, a new password
 *  set on another device; docs/identity.md, "Forced sign-out"): the member's areas go at
 *  once, so the header shows "Sign In" rather than their points, and the forced sign-out
 *  dialog opens. */
export function forceSignOut(): void {
  const s = useAppStore.getState();
  s.reset(['token', 'user', 'members']);
  s.setUi({ forcedSignOut: true });
}

/** trackPending counts one more area loading until the returned function is called. */
export function trackPending(): () => void {
  const { setUi } = useAppStore.getState();
  setUi({ pending: useAppStore.getState().ui.pending + 1 });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    useAppStore.getState().setUi({ pending: Math.max(0, useAppStore.getState().ui.pending - 1) });
  };
}

/** hasErrors says whether the error dialog shows: a non-empty list, a non-empty string, or an object with a message. */
export function hasErrors(e: AppErrors): boolean {
  if (e == null) return false;
  if (typeof e === 'string') return e.length > 0;
  if (Array.isArray(e)) return e.length > 0;
  return typeof e === 'object' && typeof e.message === 'string' && e.message.length > 0;
}
