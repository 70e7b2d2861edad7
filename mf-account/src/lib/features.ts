// The account features a loyalty program may not offer (docs/providers.md): for a role the
// program does not fill, the edge writes config.features.<name> = false and answers the
// feature's routes 404 feature_unavailable, and these screens leave it out.
import { readBootstrap } from '@henhouse/kit/bootstrap';

export type AccountFeature =
  'addresses' | 'wallet' | 'favorites' | 'rewards' | 'offers' | 'challenges' | 'badges' | 'subscriptions';

/** accountFeature: whether the site offers a feature. On unless the page's bootstrap says
 *  false; on for a page without bootstrap (a test, a stand-alone remote). */
export function accountFeature(name: AccountFeature): boolean {
  try {
    return readBootstrap().config?.features?.[name] !== false;
  } catch {
    return true;
  }
}
