// The edge's GET /cart/payment-options answer for the cart in the store, for the checkout
// tests: the gift card amount asked about (gift_card_cents) leaves the rest, and pay in
// store is offered up to $10.00 of it. The edge owns the rule; this only answers like it.
import { useAppStore } from '@henhouse/kit/state/store';

export function paymentOptions(url: URL) {
  const total = useAppStore.getState().cart?.totals.total_cents ?? 0;
  const rest = total - Math.min(Number(url.searchParams.get('gift_card_cents') ?? 0), total);
  return {
    body: {
      total_cents: total,
      rest_cents: rest,
      card: { available: true, processors: [{ id: 'hosted' }], saved: [] },
      gift_card: { available: true, max_cents: total, saved: [] } as {
        available: boolean;
        max_cents: number;
        saved: never[];
        reason?: { code: string; message: string };
      },
      house_accounts: {
        available: false,
        accounts: [],
        reason: { code: 'sign_in_required', message: 'Sign in to charge a house account.' },
      },
      pay_in_store:
        rest <= 1000
          ? { available: true, max_cents: 1000 }
          : {
              available: false,
              max_cents: 1000,
              reason: { code: 'pay_in_store_limit', message: 'Pay in store is for orders up to $10.00.' },
            },
    },
  };
}
