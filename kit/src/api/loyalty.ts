// Points, rewards, offers and subscriptions (docs/identity.md, "API"). A redeem answers
// the redemption, the cart it went into and the member's loyalty state.
// Putting a reward into the cart and taking one out change the cart, so they are made on
// the version of the cart the store shows (versioned, If-Match). On 412 cart_changed the
// store takes the cart as it is now and the guest is told; the reward is not put in again
// by itself: spending points on a cart that changed is the guest's choice again.
import { versioned } from '@henhouse/kit/api/cart';
import { http } from '@henhouse/kit/api/client';

export const getRewards = (signal?: AbortSignal) => http.get('/rewards', { signal });
export const redeemReward = (id: string) =>
  versioned((headers) => http.post('/rewards/{id}/redeem', { params: { path: { id } }, headers }));
export const redeemOffer = (id: string) =>
  versioned((headers) => http.post('/rewards/offers/{id}/redeem', { params: { path: { id } }, headers }));
/** claimPerk takes this period's perk of a subscription into the cart. */
export const claimPerk = (subscriptionId: string) =>
  versioned((headers) => http.post('/subscriptions/{id}/perk', { params: { path: { id: subscriptionId } }, headers }));
/** returnRedemption gives a redemption back (its points too) and takes it out of the cart. */
export const returnRedemption = (id: string) =>
  versioned((headers) => http.del('/rewards/redemptions/{id}', { params: { path: { id } }, headers }));
export const getPlans = (signal?: AbortSignal) => http.get('/subscriptions/plans', { signal });
export const subscribe = (planId: string, paymentToken: string) =>
  http.post('/subscriptions', { body: { plan_id: planId, payment_token: paymentToken } });
export const cancelSubscription = (id: string) => http.del('/subscriptions/{id}', { params: { path: { id } } });
