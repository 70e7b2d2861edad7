// The account features a loyalty program may not offer: the kit's one reading of the
// page's feature flags (@henhouse/kit/features), narrowed to the account's.
import { featureOn } from '@henhouse/kit/features';

export type AccountFeature =
  'addresses' | 'wallet' | 'favorites' | 'rewards' | 'offers' | 'challenges' | 'badges' | 'subscriptions';

/** accountFeature: whether the site offers an account feature (featureOn). */
export const accountFeature = (name: AccountFeature): boolean => featureOn(name);
