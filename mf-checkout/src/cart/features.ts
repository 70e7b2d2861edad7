import { readBootstrap } from '@henhouse/kit/bootstrap';

/** rewardsAtCheckout is the spec 9 feature flag (bootstrap config.features); off when
 *  the page has no bootstrap to read. */
export function rewardsAtCheckout(): boolean {
  try {
    return readBootstrap().config.features?.rewardsAtCheckout === true;
  } catch {
    return false;
  }
}
