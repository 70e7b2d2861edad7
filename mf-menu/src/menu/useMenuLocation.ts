import { useState } from 'react';
import type { Cart, GroupView, Location } from '@henhouse/kit/api/types';
import { participantGroup } from '@henhouse/kit/state/group';
import { useAppStore } from '@henhouse/kit/state/store';

/** The location a menu page is for: the group's when the guest adds to a group order on
 *  this menu (its prices and times are the ones the host's cart takes), else the chosen
 *  location when it sells this menu, else the cart's when the cart is on it; undefined
 *  lets the edge pick the first that sells it. */
export function locationIdFor(
  mid: string,
  location: Location | null,
  cart: Cart | null,
  group: GroupView | null = null,
): string | undefined {
  if (group?.menu_id === mid) return group.location_id;
  if (location?.menu_id === mid) return location.id;
  if (cart?.menu_id === mid) return cart.location_id;
  return undefined;
}

/** useMenuLocationId is locationIdFor as the page opened: taking the menu's location as
 *  the guest's does not load the page again. */
export function useMenuLocationId(mid: string): string | undefined {
  const compute = () => {
    const s = useAppStore.getState();
    return locationIdFor(mid, s.location, s.cart, participantGroup(s));
  };
  const [state, setState] = useState(() => ({ mid, id: compute() }));
  if (state.mid !== mid) {
    const next = { mid, id: compute() };
    setState(next);
    return next.id;
  }
  return state.id;
}

/** adoptLocation makes the menu's location the guest's when nothing else claims it: no
 *  location chosen yet or one selling another menu, and no cart of another menu's items. */
export function adoptLocation(mid: string, loc: Location) {
  const s = useAppStore.getState();
  const otherBag = s.cart && s.cart.menu_id !== mid && s.cart.products.length > 0;
  if (!otherBag && s.location?.id !== loc.id && s.location?.menu_id !== mid) s.set({ location: loc });
}
