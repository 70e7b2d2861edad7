// Checkout (docs/api.md, "Checkout"): the parts of the cart a guest sets at checkout,
// gift card balances and e-gift card purchases, placing the order and reading it back.
// Every call answers what the edge now has (a priced cart, an order); callers put carts
// in the store.
//
// The calls that change the cart (coupon, tip, tax exemption, utensils, custom fields;
// the handoff and time are cart.ts's) are made on the version of the cart the store
// shows (versioned, If-Match). On 412 cart_changed the store takes the cart as it is now
// and the guest is told in the polite live region; the change is not made again by
// itself, since a coupon or a tip on a cart that changed is the guest's choice again.
import { versioned } from '@henhouse/kit/api/cart';
import { http } from '@henhouse/kit/api/client';
import type { components, paths } from '@henhouse/kit/api/schema';

type S = components['schemas'];
export type SubmitRequest = S['SubmitRequest'];
export type PaymentInput = SubmitRequest['payments'][number];
export type Order = S['Order'];
export type CartIssue = S['CartIssue'];
export type CartValidation = S['CartValidation'];
export type PaymentOptions = S['PaymentOptions'];

export const applyCoupon = (code: string) =>
  versioned((headers) => http.put('/cart/coupon', { body: { code }, headers }));
export const removeCoupon = () => versioned((headers) => http.del('/cart/coupon', { headers }));
/** setTip: a preset percentage (15, 18, 20; 0 for none) or an amount in cents. */
export const setTip = (tip: { percent: number } | { amount_cents: number }) =>
  versioned((headers) => http.put('/cart/tip', { body: tip, headers }));
/** setTaxExemption: "" removes the exemption. */
export const setTaxExemption = (id: string) =>
  versioned((headers) => http.put('/cart/tax-exemption', { body: { id }, headers }));
export const setUtensils = (utensils: boolean) =>
  versioned((headers) => http.put('/cart/utensils', { body: { utensils }, headers }));
export const setCustomFields = (fields: Record<string, string>) =>
  versioned((headers) => http.put('/cart/custom-fields', { body: { fields }, headers }));
/** giftCardBalance checks a card by number and PIN; headers carry the bot check (action `giftcard`). */
export const giftCardBalance = (number: string, pin: string, botCheck: Record<string, string>) =>
  http.post('/giftcards/balance', { body: { number, pin }, params: { header: botCheck } });

export type GiftCardPurchaseRequest = NonNullable<
  paths['/giftcards/purchases']['post']['requestBody']
>['content']['application/json'];
export type GiftCardPurchase = S['GiftCardPurchase'];

/** getGiftCardDesigns: the e-gift card designs and the limits the buy page states. */
export const getGiftCardDesigns = (signal?: AbortSignal) => http.get('/giftcards/designs', { signal });

/**
 * purchaseGiftCard buys an e-gift card by card (docs/giftcards.md). Like submitOrder, the
 * idempotency key is made once per attempt and sent again on a retry, so a retry never
 * buys two cards; headers carry the bot check (action `giftcard_buy`).
 */
export const purchaseGiftCard = (
  body: GiftCardPurchaseRequest,
  idempotencyKey: string,
  botCheck: Record<string, string>,
) =>
  http.post('/giftcards/purchases', {
    body,
    params: { header: { ...botCheck, 'Idempotency-Key': idempotencyKey } },
  });

/**
 * submitOrder places the order. The idempotency key is made once per checkout attempt
 * and sent again on a retry, so a double click or a retry after a network failure never
 * places two orders; headers carry the bot check.
 */
export const submitOrder = (body: SubmitRequest, idempotencyKey: string, botCheck: Record<string, string>) =>
  http.post('/cart/submit', { body, params: { header: { ...botCheck, 'Idempotency-Key': idempotencyKey } } });

export const getOrder = (id: string, signal?: AbortSignal) =>
  http.get('/orders/{id}', { params: { path: { id } }, signal });

/** newIdempotencyKey: 128 random bits, hex. */
export function newIdempotencyKey(): string {
  const a = new Uint8Array(16);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** getRecentOrder: this visitor's most recent order, or null. */
export const getRecentOrder = (signal?: AbortSignal) => http.get('/orders/recent', { signal });
/** cancelOrder: only while the kitchen has not started it; every payment is given back. */
export const cancelOrder = (id: string) => http.post('/orders/{id}/cancel', { params: { path: { id } } });
/** orderArrived: a curbside guest tells the store they are outside. */
export const orderArrived = (id: string) => http.post('/orders/{id}/arrived', { params: { path: { id } } });
/** reorderOrder starts the cart from a placed order's lines; over an open cart that holds items only with `replace` (else 409 cart_open). */
export const reorderOrder = (id: string, replace = false) =>
  http.post('/orders/{id}/reorder', { params: { path: { id } }, body: replace ? { replace } : {} });
/** orderEventsUrl: the order's status as Server-Sent Events (for EventSource). */
export const orderEventsUrl = (id: string, base = '/api') => `${base}/orders/${encodeURIComponent(id)}/events`;
