// Rules about the member's loyalty state (the store's `members`, GET /api/rewards).
import type { Subscription } from '@henhouse/kit/api/types';

/**
 * currentSubscription: a subscription the member has now: active, past due, or
 * cancelled with its perks lasting to the end of the paid period.
 */
export const currentSubscription = (s: Subscription) =>
  s.status === 'active' || s.status === 'past_due' || (s.status === 'cancelled' && s.perks_active);
