// The edge's check of the cart for checkout (POST /api/cart/validate), asked again
// whenever the cart changes: the drawer and the checkout show what stops the order before
// any payment, in the edge's words. An answer is kept with the cart it was for, so one
// for an older cart is never shown; until it comes (or when it fails), the cart's own
// `blocking` stands.
import { useEffect, useState } from 'react';
import { validateCart } from '@henhouse/kit/api/cart';
import type { CartIssue, CartValidation } from '@henhouse/kit/api/checkout';
import type { Cart } from '@henhouse/kit/api/types';

/** cartStamp names a cart as priced: it changes whenever the cart does. */
export const cartStamp = (cart: Cart | null) =>
  cart ? `${cart.id}|${cart.updated_at}|${cart.totals.total_cents}|${cart.item_count}` : '';

/** useBlockers: what stops the cart being placed now, the first first. */
export function useBlockers(cart: Cart | null): CartIssue[] {
  const stamp = cartStamp(cart);
  const hasLines = Boolean(cart?.products.length);
  const [answer, setAnswer] = useState<{ stamp: string; v: CartValidation } | null>(null);
  useEffect(() => {
    if (!stamp || !hasLines) return;
    let live = true;
    validateCart().then(
      (v) => live && setAnswer({ stamp, v }),
      // Unanswered: the cart's own blockers (sent with every cart) stand meanwhile.
      () => live && setAnswer(null),
    );
    return () => {
      live = false;
    };
    // The stamp stands for the cart: a new one asks again, whatever else re-rendered.
  }, [stamp, hasLines]);
  if (answer?.stamp === stamp) return answer.v.blockers;
  return cart?.blocking ?? [];
}
