// The site's menu settings from the bootstrap's feature flags (docs/menu.md, "Settings").
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { productChips as defaultChips } from '@henhouse/kit/tokens';

function features(): Record<string, unknown> {
  try {
    return readBootstrap().config?.features ?? {};
  } catch {
    return {}; // a page without bootstrap (a test, a stand-alone remote) gets the defaults
  }
}

/** preselectDefaults: the product page starts from each group's default choices. Default: true. */
export const preselectDefaults = () => features().preselectDefaultModifiers !== false;

/** searchByCategoryDescription: menu search also matches a category's description
 *  ("scratch" finds every side when Sides are "Made from scratch every morning"). Default: true. */
export const searchByCategoryDescription = () => features().searchByCategoryDescription !== false;

/** productChips: whether product cards show the price and calorie chips. Default: the
 *  design tokens' (both hidden). */
export function productChips(): { price: boolean; calories: boolean } {
  const c = features().showProductChips as { price?: boolean; calories?: boolean } | undefined;
  return { price: c?.price ?? defaultChips.price, calories: c?.calories ?? defaultChips.calories };
}
