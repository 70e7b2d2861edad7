// A cart's payment options (docs/api.md, "GET /api/cart/payment-options"), in a module
// of its own so that the pages that sell and check gift cards, which load checkout.ts,
// do not carry it.
import { http } from '@henhouse/kit/api/client';

/** getPaymentOptions: the payment kinds that apply to the cart and the member, each with
 *  why not when it is not offered, for the gift card amount applied (pay in store is
 *  judged on the rest); the payment part shows exactly these. */
export const getPaymentOptions = (giftCardCents: number, signal?: AbortSignal) =>
  http.get('/cart/payment-options', {
    params: { query: giftCardCents > 0 ? { gift_card_cents: giftCardCents } : {} },
    signal,
  });
