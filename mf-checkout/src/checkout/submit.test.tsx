import { screen, waitFor } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import type { Cart } from '@henhouse/kit/api/types';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setFeatures, setupUser } from '@henhouse/kit/test/harness';
import { cardFields } from '@henhouse/kit/payments/test/cardFields';
import { real } from '../test/recorded';
import { paymentOptions } from '../test/paymentOptions';
import Checkout from '../screens/Checkout';
import { inProgressRetry } from './submit';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
}));

const recordedCart = () => real<{ cart: Cart }>('POST /api/cart/products').body.cart;
const dayton = louisville({ id: 'oh-dayton', name: 'Henhouse Dayton', pay_in_store_max_cents: 5000 });
const placed = { order: { id: 'o_abc', status: 'placed' } };
const inProgress = () => apiError(409, 'order_in_progress', "We're already placing this order. One moment…");

function start(submits: unknown[]) {
  useAppStore.getState().set({ cart: recordedCart(), location: dayton });
  return mockApi({
    'GET /cart': () => ({ body: { cart: useAppStore.getState().cart } }),
    'GET /cart/payment-options': ({ url }) => paymentOptions(url),
    'GET /cart/times': {
      body: { asap_available: true, open_now: true, later_available: false, time_zone: 'America/New_York', days: [] },
    },
    'POST /cart/submit': submits as never,
  });
}

async function fillAndPlace(u: ReturnType<typeof setupUser>) {
  await screen.findByTitle('Card details');
  await u.type(screen.getByLabelText('First name'), 'Grace');
  await u.type(screen.getByLabelText('Last name'), 'Hopper');
  await u.type(screen.getByLabelText('Email'), 'grace@example.com');
  await u.type(screen.getByLabelText('Phone'), '6145550134');
  await u.click(screen.getByRole('button', { name: /^Place order/ }));
}

const keys = (api: ReturnType<typeof mockApi>) => api.to('POST /cart/submit').map((r) => r.headers['Idempotency-Key']);

const saved = { ...inProgressRetry };
beforeEach(() => {
  resetStore();
  setFeatures({ rewardsAtCheckout: true });
  jest.mocked(executeBotCheck).mockResolvedValue('bot-token');
  Object.values(cardFields).forEach((f) => f.mockReset());
  cardFields.tokenize.mockResolvedValue({
    token: 'tok_1',
    processor: 'hosted',
    brand: 'visa',
    last4: '1111',
    exp_month: 12,
    exp_year: 2030,
  });
  Object.assign(inProgressRetry, { tries: 3, waitMs: 1 });
});
afterEach(() => Object.assign(inProgressRetry, saved));

describe('placing an order that stays in progress', () => {
  it('after the last “in progress” the guest reads what happened, and the next press is a new attempt', async () => {
    const api = start([inProgress(), inProgress(), inProgress(), { status: 201, body: placed }]);
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await fillAndPlace(u);
    const said = await screen.findByRole('alert');
    expect(said).toHaveTextContent(
      "We couldn't confirm your order. Wait a few seconds, then press Place order again: if your order already went through, you'll see it, and your card won't be charged twice.",
    );
    expect(said).not.toHaveTextContent(/in_progress|409|One moment/);
    expect(screen.getByRole('button', { name: /^Place order/ })).toBeEnabled();
    const [a, b, c] = keys(api);
    expect(new Set([a, b, c]).size).toBe(1);

    await u.click(screen.getByRole('button', { name: /^Place order/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/confirm/o_abc'));
    expect(keys(api)[3]).not.toBe(a);
  });

  it('a checkout the edge gave up: the guest reads the edge’s words and the next press is a new attempt', async () => {
    const gaveUp =
      "We couldn't finish placing this order, so we cancelled it and released any hold on your card. Please place your order again.";
    const api = start([apiError(409, 'checkout_expired', gaveUp), { status: 201, body: placed }]);
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await fillAndPlace(u);
    expect(await screen.findByRole('alert')).toHaveTextContent(gaveUp);
    await u.click(screen.getByRole('button', { name: /^Place order/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/confirm/o_abc'));
    const [first, second] = keys(api);
    expect(second).not.toBe(first);
  });

  it('an answer after a few “in progress” is the order, with one key throughout', async () => {
    const api = start([inProgress(), inProgress(), { status: 201, body: placed }]);
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await fillAndPlace(u);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/confirm/o_abc'));
    expect(new Set(keys(api)).size).toBe(1);
  });
});
