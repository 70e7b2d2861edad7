// Placing the order with one idempotency key (docs/checkout.md, "Placing the order"):
// the key is kept while the outcome is unknown, so a retry cannot place a second order.
// "In progress" means an earlier try with the key is still running, or stopped on an
// edge that went away; after a few answers like that the key is dropped and the guest
// told in plain words. The edge never places a cart twice, whatever the key.
import { ApiError } from '@henhouse/kit/api/client';
import { submitOrder, type Order, type SubmitRequest } from '@henhouse/kit/api/checkout';

/** How often and how far apart "in progress" is asked about again. Tests shorten it. */
export const inProgressRetry = { tries: 10, waitMs: 800 };

/** What the guest reads when the order stayed "in progress" through every retry. */
export const stuckMessage =
  "We couldn't confirm your order. Wait a few seconds, then press Place order again: if your order already went through, you'll see it, and your card won't be charged twice.";

/** The code of the error thrown after the last "in progress". */
export const stuckCode = 'order_not_confirmed';

/**
 * submitWithKey places the order with key.current, making a key when there is none.
 * It drops the key once the edge has answered for it: an order, a refusal, or "in
 * progress" through every retry (then an ApiError with stuckMessage); a network failure
 * keeps the key for the guest's retry.
 */
export async function submitWithKey(
  body: SubmitRequest,
  key: { current: string | null },
  newKey: () => string,
  headers: Record<string, string>,
): Promise<Order> {
  const attempt = (key.current ??= newKey());
  for (let tries = 0; ; tries++) {
    try {
      const { order } = await submitOrder(body, attempt, headers);
      key.current = null;
      return order;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status < 400 || e.status >= 500) throw e;
      if (e.code !== 'order_in_progress') {
        key.current = null; // a refusal is final for this attempt
        throw e;
      }
      if (tries + 1 >= inProgressRetry.tries) {
        key.current = null;
        throw new ApiError(e.status, stuckCode, stuckMessage);
      }
      await new Promise((r) => setTimeout(r, inProgressRetry.waitMs));
    }
  }
}
