import { screen, waitFor, within } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import type { Cart } from '@henhouse/kit/api/types';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setFeatures, setupUser } from '@henhouse/kit/test/harness';
import { cardFields } from '@henhouse/kit/payments/test/cardFields';
import { real } from '../test/recorded';
import { paymentOptions } from '../test/paymentOptions';
import Checkout from '../screens/Checkout';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
// The processor's frame is replaced by a stand-in that answers tokens: what happens inside
// the real frame is tested in hosted-fields/ and in the browser tests.
jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
}));
const fields = cardFields;

/** The edge's cart: two 3 Tenders at Dayton, $12.98 (recorded from the real edge). */
const recordedCart = () => real<{ cart: Cart }>('POST /api/cart/products').body.cart;
const dayton = louisville({ id: 'oh-dayton', name: 'Henhouse Dayton', pay_in_store_max_cents: 5000 });
const token = { token: 'tok_1', processor: 'hosted', brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2030 };
const placed = { order: { id: 'o_abc', status: 'placed' } };

function start(cart: Cart = recordedCart(), more: Parameters<typeof mockApi>[0] = {}) {
  useAppStore.getState().set({ cart, location: dayton });
  return mockApi({
    'GET /cart': () => ({ body: { cart: useAppStore.getState().cart } }),
    'GET /cart/payment-options': ({ url }) => paymentOptions(url),
    'GET /cart/times': {
      body: {
        asap_available: true,
        open_now: true,
        later_available: true,
        next_ready: '2030-01-15T17:10:00Z',
        earliest: '2030-01-15T17:20:00Z',
        earliest_label: '12:20 PM',
        time_zone: 'America/New_York',
        days: [
          {
            date: '2030-01-15',
            label: 'Today',
            today: true,
            slots: [
              { at: '2030-01-15T17:30:00Z', available: false, label: '12:30 PM' },
              { at: '2030-01-15T17:45:00Z', available: true, label: '12:45 PM' },
              { at: '2030-01-15T18:00:00Z', available: true, label: 'Wed 1:00 PM' },
            ],
          },
        ],
      },
    },
    ...more,
  });
}

async function fillContact(u: ReturnType<typeof setupUser>) {
  await u.type(screen.getByLabelText('First name'), 'Grace');
  await u.type(screen.getByLabelText('Last name'), 'Hopper');
  await u.type(screen.getByLabelText('Email'), 'grace@example.com');
  await u.type(screen.getByLabelText('Phone'), '6145550134');
}

const place = () => screen.getByRole('button', { name: /^Place order/ });

beforeEach(() => {
  resetStore();
  setFeatures({ rewardsAtCheckout: true });
  jest.mocked(executeBotCheck).mockResolvedValue('bot-token');
  Object.values(fields).forEach((f) => f.mockReset());
  fields.tokenize.mockResolvedValue(token);
});

describe('checkout', () => {
  it('shows every part with the edge’s totals and places the order with a card token, the bot check and one key', async () => {
    const api = start(recordedCart(), { 'POST /cart/submit': { status: 201, body: placed } });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    for (const h of [
      'Pickup or delivery',
      'Your order',
      'Your details',
      'Coupon',
      'Tip',
      'Utensils',
      'Tax exemption',
      'Totals',
      'Payment',
    ])
      expect(await screen.findByRole('heading', { name: h, level: 2 })).toBeInTheDocument();
    expect(screen.getByText('In-store pickup at Henhouse Dayton')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^18%/ })).toHaveAccessibleName('18% $2.34');
    expect(screen.getByText('To pay:')).toHaveTextContent(
      `To pay: $${(recordedCart().totals.total_cents / 100).toFixed(2)}`,
    );
    expect(await screen.findByTitle('Card details')).toBeInTheDocument();
    await fillContact(u);
    await u.click(place());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/confirm/o_abc'));
    const [submit] = api.to('POST /cart/submit');
    expect(submit.body).toEqual({
      customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '6145550134' },
      payments: [{ kind: 'card', processor: 'hosted', token: 'tok_1', amount_cents: 0 }],
    });
    expect(submit.headers['X-Bot-Check']).toBe('bot-token');
    expect(submit.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(executeBotCheck).toHaveBeenCalledWith('checkout');
  });

  it('checks the contact details first and places nothing while they are wrong', async () => {
    const api = start();
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await u.click(await screen.findByRole('button', { name: /^Place order/ }));
    expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(fields.tokenize).not.toHaveBeenCalled();
    expect(api.to('POST /cart/submit')).toHaveLength(0);
  });

  it('offers the tips the edge sends, with their amounts, and sets the one chosen', async () => {
    const c = recordedCart();
    const api = start(
      {
        ...c,
        tip_options: {
          percents: [
            { percent: 10, amount_cents: 130 },
            { percent: 12, amount_cents: 156 },
          ],
          default_percent: 0,
          max_cents: 2000,
          custom_allowed: false,
          required: false,
        },
      },
      { 'PUT /cart/tip': () => ({ body: { cart: useAppStore.getState().cart } }) },
    );
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    const tip = (await screen.findByRole('heading', { name: 'Tip', level: 2 })).closest('section')!;
    expect(within(tip).getByRole('radio', { name: '10% $1.30' })).toBeInTheDocument();
    expect(within(tip).getByRole('radio', { name: '12% $1.56' })).toBeInTheDocument();
    expect(within(tip).getByRole('radio', { name: 'No tip' })).toBeInTheDocument();
    expect(within(tip).getAllByRole('radio')).toHaveLength(3);
    expect(within(tip).queryByRole('radio', { name: /^(15|18|20)%/ })).toBeNull();
    expect(within(tip).queryByRole('radio', { name: 'Custom' })).toBeNull();
    await u.click(within(tip).getByRole('radio', { name: '12% $1.56' }));
    await waitFor(() => expect(api.to('PUT /cart/tip')).toHaveLength(1));
    expect(api.to('PUT /cart/tip')[0].body).toEqual({ percent: 12 });
  });

  it('delivery: no “No tip”, and Place order waits for a tip, saying why', async () => {
    const c = recordedCart();
    start({
      ...c,
      handoff: { mode: 'delivery', address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' } },
      tip_options: { ...c.tip_options, required: true },
    });
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await screen.findByRole('heading', { name: 'Tip', level: 2 });
    expect(screen.queryByRole('radio', { name: 'No tip' })).toBeNull();
    expect(place()).toHaveAttribute('aria-disabled', 'true');
    expect(place()).toHaveAccessibleDescription('Choose a tip for your driver.');
    expect(screen.getByRole('radio', { name: 'Pay in store' })).toBeDisabled();
  });

  it('delivery below the minimum: the edge’s message is at the totals and on Place order, and no card is tokenised', async () => {
    const short = 'Delivery orders need at least $15.00 of food: add $2.02 more.';
    const api = start({
      ...recordedCart(),
      handoff: { mode: 'delivery', address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' } },
      tip: { percent: 18 },
      blocking: [{ code: 'below_delivery_minimum', message: short }],
    });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await screen.findByTitle('Card details');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText(short)).toBeInTheDocument();
    expect(place()).toHaveAttribute('aria-disabled', 'true');
    expect(place()).toHaveAccessibleDescription(short);
    await fillContact(u);
    await u.click(place());
    expect(await screen.findByText(short, { selector: '#co-submit-error' })).toHaveAttribute('role', 'alert');
    expect(fields.tokenize).not.toHaveBeenCalled();
    expect(api.to('POST /cart/submit')).toHaveLength(0);
  });

  it('a full time slot: the message is at the time with the next free times, everything typed stays, and the retry is a new attempt', async () => {
    const api = start(recordedCart(), {
      'POST /cart/submit': [
        apiError(409, 'slot_full', 'That time just filled up. Choose another time.'),
        { status: 201, body: placed },
      ],
    });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await screen.findByTitle('Card details');
    await fillContact(u);
    await u.click(place());
    const header = screen.getByRole('region', { name: 'Pickup or delivery' });
    expect(await within(header).findByText('That time just filled up. Choose another time.')).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: '12:45 PM' })).toBeInTheDocument();
    // The edge's labels, which name the day when it is not today.
    expect(within(header).getByRole('button', { name: 'Wed 1:00 PM' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    await u.click(place());
    await waitFor(() => expect(api.to('POST /cart/submit')).toHaveLength(2));
    const [first, second] = api.to('POST /cart/submit');
    expect(second.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  });

  it('a network failure keeps the key, so the retry cannot place a second order', async () => {
    const api = start(recordedCart(), {
      'POST /cart/submit': [
        () => {
          throw new TypeError('Failed to fetch');
        },
        { status: 201, body: placed },
      ],
    });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await screen.findByTitle('Card details');
    await fillContact(u);
    await u.click(place());
    expect(await screen.findByText(/could not reach/i, { selector: '#co-submit-error' })).toBeInTheDocument();
    await u.click(place());
    await waitFor(() => expect(api.to('POST /cart/submit')).toHaveLength(2));
    const [first, second] = api.to('POST /cart/submit');
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
  });

  it('a declined card: the message is at the card form and a security-code decline reaches the frame’s field', async () => {
    start(recordedCart(), {
      'POST /cart/submit': apiError(
        422,
        'card_declined',
        "Your card's security code is incorrect. Check it or try another card.",
        {
          cvv: 'The security code is incorrect.',
        },
      ),
    });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await screen.findByTitle('Card details');
    await fillContact(u);
    await u.click(place());
    const form = document.querySelector('.hh-card-form') as HTMLElement;
    expect(await within(form).findByRole('alert')).toHaveTextContent("Your card's security code is incorrect.");
    expect(fields.showError).toHaveBeenCalledWith('cvv', 'The security code is incorrect.');
  });

  it('offers no gift card when the edge says the ordering system sells none', async () => {
    setFeatures({ rewardsAtCheckout: true, giftCards: true });
    start(recordedCart(), {
      'GET /cart/payment-options': ({ url }) => {
        const r = paymentOptions(url);
        r.body.gift_card = {
          available: false,
          max_cents: 0,
          saved: [],
          reason: { code: 'giftcards_unavailable', message: "Gift cards aren't available here." },
        };
        return r;
      },
    });
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await screen.findByTitle('Card details');
    expect(screen.queryByRole('button', { name: 'Add a gift card' })).toBeNull();
    expect(screen.queryByLabelText('Gift card number')).toBeNull();
  });

  it('says the payment options are loading, offering nothing, until the edge answers', async () => {
    let answer: (r: ReturnType<typeof paymentOptions>) => void = () => {};
    start(recordedCart(), {
      'GET /cart/payment-options': ({ url }) =>
        new Promise((resolve) => {
          answer = () => resolve(paymentOptions(url));
        }),
    });
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    const status = await screen.findByText('Loading payment options…');
    expect(status).toHaveAttribute('role', 'status');
    const part = screen.getByRole('region', { name: 'Payment' });
    expect(part).toHaveAttribute('aria-busy', 'true');
    expect(within(part).queryByRole('radio')).toBeNull();
    expect(within(part).queryByRole('button', { name: 'Add a gift card' })).toBeNull();
    answer(paymentOptions(new URL('http://localhost/api/cart/payment-options')));
    expect(await within(part).findByRole('radio', { name: /Pay in store/ })).toBeDisabled();
    expect(part).not.toHaveAttribute('aria-busy');
    expect(screen.queryByText('Loading payment options…')).toBeNull();
  }, 20000);

  it('when the payment options fail, says so with Try again, and shows them once they load', async () => {
    const api = start(recordedCart(), {
      'GET /cart/payment-options': [
        { status: 503, body: { error: { code: 'unavailable', message: 'Try again shortly.' } } },
        ({ url }) => paymentOptions(url),
      ],
    });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    const alert = (await screen.findByText("We couldn't load the ways to pay for this order.")).parentElement!;
    expect(alert).toHaveAttribute('role', 'alert');
    const part = screen.getByRole('region', { name: 'Payment' });
    expect(within(part).queryByRole('radio')).toBeNull();
    await u.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(part).findByRole('radio', { name: /Pay in store/ })).toBeInTheDocument();
    expect(screen.queryByText("We couldn't load the ways to pay for this order.")).toBeNull();
    expect(api.to('GET /cart/payment-options')).toHaveLength(2);
  }, 20000);

  it('a gift card pays part: the rest is shown and goes to the card', async () => {
    const api = start(recordedCart(), {
      'POST /giftcards/balance': { body: { gift_card: { last4: '2233', balance_cents: 500, token: 'gc_1' } } },
      'POST /cart/submit': { status: 201, body: placed },
    });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await u.click(await screen.findByRole('button', { name: 'Add a gift card' }));
    await u.type(screen.getByLabelText('Gift card number'), '6006 4911 1122 2233');
    await u.type(screen.getByLabelText('PIN'), '4321');
    await u.click(screen.getByRole('button', { name: 'Check balance and apply' }));
    const total = recordedCart().totals.total_cents;
    expect(await screen.findByText(/Gift card pays \$5\.00\./)).toHaveTextContent(
      `Gift card pays $5.00. Remaining to pay: $${((total - 500) / 100).toFixed(2)}`,
    );
    expect(screen.queryByLabelText('PIN')).toBeNull();
    // The options are asked again for what the gift card leaves: the edge now allows pay
    // in store for the rest.
    await waitFor(() =>
      expect(api.to('GET /cart/payment-options').at(-1)?.url.searchParams.get('gift_card_cents')).toBe('500'),
    );
    expect(await screen.findByRole('radio', { name: /Pay in store/ })).toBeEnabled();
    // The PIN check is behind the bot check, like placing the order.
    expect(api.to('POST /giftcards/balance')[0].headers['X-Bot-Check']).toBe('bot-token');
    expect(executeBotCheck).toHaveBeenCalledWith('giftcard');
    await fillContact(u);
    await u.click(place());
    await waitFor(() => expect(api.to('POST /cart/submit')).toHaveLength(1));
    expect((api.to('POST /cart/submit')[0].body as { payments: unknown }).payments).toEqual([
      { kind: 'giftcard', token: 'gc_1', amount_cents: 500 },
      { kind: 'card', processor: 'hosted', token: 'tok_1', amount_cents: 0 },
    ]);
  });

  it('shows what validation blocks before payment, next to Place order, with a link to the part that fixes it', async () => {
    const closed = 'Henhouse Dayton is closed right now. Choose a later time.';
    const cart = recordedCart();
    const api = start(cart, {
      'POST /cart/validate': {
        body: {
          cart,
          totals: cart.totals,
          warnings: [],
          blockers: [{ code: 'asap_unavailable', field: 'time', message: closed }],
        },
      },
    });
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await screen.findByTitle('Card details');
    await waitFor(() => expect(place()).toHaveAccessibleDescription(new RegExp(closed)));
    expect(place()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Fix this' })).toHaveAttribute('href', '#co-part-time');
    await fillContact(u);
    await u.click(place());
    expect(fields.tokenize).not.toHaveBeenCalled();
    expect(api.to('POST /cart/submit')).toHaveLength(0);
  }, 20000);

  it('offers the payment kinds the edge answers: no gift card, no pay in store with the reason, house accounts', async () => {
    start(recordedCart(), {
      'GET /cart/payment-options': {
        body: {
          total_cents: recordedCart().totals.total_cents,
          card: { available: true, processors: [{ id: 'hosted' }], saved: [] },
          gift_card: {
            available: false,
            saved: [],
            reason: { code: 'giftcards_unavailable', message: "Gift cards aren't available here." },
          },
          house_accounts: {
            available: true,
            accounts: [{ id: 'h-acme', name: 'Acme', requires_po: false, available_cents: 20000 }],
          },
          pay_in_store: {
            available: false,
            max_cents: 1000,
            reason: { code: 'pay_in_store_limit', message: 'Pay in store is for orders up to $10.00.' },
          },
        },
      },
    });
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    expect(await screen.findByRole('radio', { name: /House account: Acme/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a gift card' })).toBeNull();
    const inStore = screen.getByRole('radio', { name: /Pay in store/ });
    expect(inStore).toBeDisabled();
    expect(inStore).toHaveAccessibleDescription('Pay in store is for orders up to $10.00.');
  });
});
