import { readBootstrap } from '@henhouse/kit/bootstrap';

/** rewardsAtCheckout is the feature flag of rewards in the cart (bootstrap config.features); off when
 *  the page has no bootstrap to read. */
export function rewardsAtCheckout(): boolean {
  try {
    return readBootstrap().config.features?.rewardsAtCheckout === true;
  } catch {
    return false;
  }
}
