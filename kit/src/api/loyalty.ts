// Points, rewards, offers and subscriptions (docs/identity.md, "API"). A redeem answers
// the redemption, the cart it went into and the member's loyalty state.
import { http } from '@henhouse/kit/api/client';

export const getRewards = (signal?: AbortSignal) => http.get('/rewards', { signal });
export const redeemReward = (id: string) => http.post('/rewards/{id}/redeem', { params: { path: { id } } });
export const redeemOffer = (id: string) => http.post('/rewards/offers/{id}/redeem', { params: { path: { id } } });
/** claimPerk takes this period's perk of a subscription into the cart. */
export const claimPerk = (subscriptionId: string) =>
  http.post('/subscriptions/{id}/perk', { params: { path: { id: subscriptionId } } });
/** returnRedemption gives a redemption back (its points too) and takes it out of the cart. */
export const returnRedemption = (id: string) => http.del('/rewards/redemptions/{id}', { params: { path: { id } } });
export const getPlans = (signal?: AbortSignal) => http.get('/subscriptions/plans', { signal });
export const subscribe = (planId: string, paymentToken: string) =>
  http.post('/subscriptions', { body: { plan_id: planId, payment_token: paymentToken } });
export const cancelSubscription = (id: string) => http.del('/subscriptions/{id}', { params: { path: { id } } });
