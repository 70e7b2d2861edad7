// The brand's name as the guest sees it, from the edge's bootstrap (config.brandName,
// BRAND_NAME on the edge), so the site can run under another brand without code changes.
import { readBootstrap } from '@henhouse/kit/bootstrap';

/** Used only where a page has no bootstrap to read (unit tests, a page the edge did not render). */
const defaultBrand = 'Henhouse';

/** brandName is the brand ("Henhouse"). */
export function brandName(): string {
  try {
    return readBootstrap().config?.brandName || defaultBrand;
  } catch {
    return defaultBrand;
  }
}

/** rewardsName is the loyalty programme's name ("Henhouse Rewards"). */
export const rewardsName = (): string => `${brandName()} Rewards`;
