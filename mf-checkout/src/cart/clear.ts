// Clearing the cart (docs/checkout.md, "Clearing the cart"): the cart is abandoned at
// once, as the drawer's "Clear All Items" says, and a toast offers Undo for a while.
// Undo asks the edge to bring the same cart back (POST /api/cart/restore); whether it
// still can is the edge's rule, and its refusal is shown in its own words.
import { actions } from '@henhouse/kit/actions';
import { ApiError, http } from '@henhouse/kit/api/client';
import type { Cart } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { toast } from '@henhouse/kit/ui/toast';

/** How long the toast offers Undo. */
export const UNDO_MS = 10_000;

export const restoreCart = (cartId: string) => http.post('/cart/restore', { body: { cart_id: cartId } });

/** clearCart abandons the cart, then runs `closed` (the drawer closes) and offers Undo. */
export async function clearCart(cart: Cart, closed: () => void): Promise<void> {
  await actions.abandonCart();
  closed();
  toast({ message: 'Cart cleared', action: { label: 'Undo', onClick: () => void undo(cart.id) }, duration: UNDO_MS });
}

async function undo(cartId: string) {
  try {
    const r = await restoreCart(cartId);
    useAppStore.getState().set({ cart: r.cart });
    toast({ message: 'Cart restored' });
  } catch (e) {
    toast({ message: e instanceof ApiError ? e.message : "We couldn't bring your cart back. Please try again." });
  }
}
