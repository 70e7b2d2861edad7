// The site's features that depend on what the chain's providers fill (docs/providers.md):
// for a role nothing provides, the edge writes config.features.<name> = false in the
// page's bootstrap and answers the feature's routes 404 feature_unavailable, and every
// screen reads the flag here and leaves the feature out.
import { readBootstrap } from '@henhouse/kit/bootstrap';

/** A feature the ordering system or the loyalty programme may not offer. */
export type ProviderFeature =
  | 'giftCards'
  | 'houseAccounts'
  | 'groupOrders'
  | 'cartRewards'
  | 'addresses'
  | 'wallet'
  | 'favorites'
  | 'rewards'
  | 'offers'
  | 'challenges'
  | 'badges'
  | 'subscriptions';

/** featureOn: whether the site offers a feature. On unless the page's bootstrap says
 *  false; on for a page without a bootstrap (a test, a stand-alone remote). */
export function featureOn(name: ProviderFeature): boolean {
  try {
    return readBootstrap().config?.features?.[name] !== false;
  } catch {
    return true;
  }
}
