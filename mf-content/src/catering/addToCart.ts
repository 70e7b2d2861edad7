// Catering packages go into the guest's cart as lines of their location's menu (a
// package's id is its product id there; docs/catering.md).
import { actions } from '@henhouse/kit/actions';
import type { Cart, Location } from '@henhouse/kit/api/types';

export interface PackageLine {
  id: string;
  name: string;
  quantity: number;
}

/** addPackages adds each line in turn, in one cart; it stops at the first refusal, which
 *  it throws with what was already added. */
export async function addPackages(location: Location, lines: PackageLine[]): Promise<Cart> {
  let cart: Cart | null = null;
  const added: string[] = [];
  for (const l of lines) {
    try {
      cart = await actions.addToCart(location.menu_id, location.id, l.id, { quantity: l.quantity });
      added.push(l.name);
    } catch (e) {
      if (added.length === 0) throw e;
      throw new Error(`${e instanceof Error ? e.message : String(e)} Added so far: ${added.join(', ')}.`);
    }
  }
  return cart as Cart;
}

/** leadNote says how much notice catering needs. */
export const leadNote = (hours: number) =>
  `Catering needs ${hours} hours' notice: choose a time at least ${hours} hours ahead in your cart.`;
