import { screen, waitFor, within } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import type { Cart, CartGroup, CartLine } from '@henhouse/kit/api/types';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { cardFields } from '@henhouse/kit/payments/test/cardFields';
import { real } from '../test/recorded';
import { paymentOptions } from '../test/paymentOptions';
import Checkout from '../screens/Checkout';

// The host of a group order checks out with the ordinary checkout: everyone's lines under
// their names with what the edge priced for each, who is done, and Close now while others
// can still add (docs/group-orders.md, "Host" and "Pay once").

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
}));

const recordedCart = () => real<{ cart: Cart }>('POST /api/cart/products').body.cart;
const dayton = louisville({ id: 'oh-dayton', name: 'Henhouse Dayton', pay_in_store_max_cents: 5000 });
const token = { token: 'tok_1', processor: 'hosted', brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2030 };

const person = (id: string, name: string, subtotal_cents: number, done: boolean, host = false) => ({
  id,
  name,
  host,
  done,
  joined_at: '2030-01-15T16:00:00Z',
  subtotal_cents,
  item_count: 1,
  has_email: false,
});

function groupOf(state: CartGroup['state'] = 'open'): CartGroup {
  return {
    code: 'Xq3vTz9kLmN2pQ7r',
    path: '/group/Xq3vTz9kLmN2pQ7r',
    host_name: 'Dana',
    host_id: 'p_dana',
    deadline: '2030-01-15T16:30:00Z',
    deadline_label: '11:30 AM',
    state,
    participants: [
      person('p_dana', 'Dana', 1298, true, true),
      person('p_sam', 'Sam', 899, true),
      person('p_lee', 'Lee', 549, false),
      person('p_kim', 'Kim', 0, true),
    ],
  };
}

/** The recorded cart as a group order: Dana's 3 Tenders, Sam's sandwich, Lee's biscuits. */
function groupCart(state: CartGroup['state'] = 'open'): Cart {
  const c = recordedCart();
  const base = c.products[0];
  const line = (id: string, name: string, total: number, participant: string): CartLine => ({
    ...base,
    id,
    name,
    data: { name },
    quantity: 1,
    unit_price_cents: total,
    total_cents: total,
    participant,
  });
  return {
    ...c,
    products: [
      { ...base, participant: 'p_dana' },
      line('l_sam', 'Spicy Chicken Sandwich', 899, 'p_sam'),
      line('l_lee', 'Honey Butter Biscuits', 549, 'p_lee'),
    ],
    group: groupOf(state),
  };
}

function start(cart: Cart, more: Parameters<typeof mockApi>[0] = {}) {
  useAppStore.getState().set({ cart, location: dayton });
  return mockApi({
    'GET /cart': () => ({ body: { cart: useAppStore.getState().cart } }),
    'GET /cart/payment-options': ({ url }) => paymentOptions(url),
    ...more,
  });
}

const person$ = (name: RegExp) => screen.getByRole('region', { name });
/** The names of the lines listed in a person's part, in order. */
const lineNames = (part: HTMLElement) => Array.from(part.querySelectorAll('.hh-cart__line-name'), (n) => n.textContent);

beforeEach(() => {
  resetStore();
  jest.mocked(executeBotCheck).mockResolvedValue('bot-token');
  Object.values(cardFields).forEach((f) => f.mockReset());
  cardFields.tokenize.mockResolvedValue(token);
});

it('lists each person’s lines under their name with the subtotal the edge sent, and who is done', async () => {
  start(groupCart());
  mount(Checkout, '/order/checkout', { layout: 'minimal' });
  const summary = await screen.findByRole('region', { name: 'Your order' });
  expect(within(summary).getByText('Group order · 4 people · 3 done')).toBeInTheDocument();
  expect(
    within(summary).getByText(
      'Others can still add until 11:30 AM. Close the group before you pay so nobody is left out.',
    ),
  ).toBeInTheDocument();

  const headings = within(summary)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
  expect(headings).toEqual(['Dana (host) $12.98', 'Sam $8.99', 'Lee $5.49', 'Kim $0.00']);
  expect(lineNames(person$(/^Dana \(host\)/))).toEqual([recordedCart().products[0].data.name]);
  const sam = person$(/^Sam/);
  expect(lineNames(sam)).toEqual(['Spicy Chicken Sandwich']);
  expect(within(sam).getByText('$8.99', { selector: '.hh-cart__line-price' })).toBeInTheDocument();
  expect(within(sam).getByText('Done')).toBeInTheDocument();
  expect(lineNames(person$(/^Lee/))).toEqual(['Honey Butter Biscuits']);
  expect(within(person$(/^Lee/)).getByText('Still adding')).toBeInTheDocument();
  expect(lineNames(person$(/^Kim/))).toEqual([]);
  expect(within(person$(/^Kim/)).getByText('Nothing yet.')).toBeInTheDocument();
});

it('lets the host remove another person’s line with the line’s own control', async () => {
  const after = { ...groupCart(), products: groupCart().products.filter((l) => l.id !== 'l_lee') };
  const api = start(groupCart(), { 'DELETE /cart/products/l_lee': { body: { cart: after } } });
  const u = setupUser();
  mount(Checkout, '/order/checkout', { layout: 'minimal' });
  await u.click(await screen.findByRole('button', { name: 'Remove Honey Butter Biscuits' }));
  await waitFor(() => expect(within(person$(/^Lee/)).getByText('Nothing yet.')).toBeInTheDocument());
  expect(api.to('DELETE /cart/products/l_lee')).toHaveLength(1);
});

it('closes the group with Close now and says nobody else can add', async () => {
  const cart = groupCart();
  const api = start(cart, {
    'PUT /cart/group': { body: { cart: { ...groupCart('closed'), version: cart.version + 1 } } },
  });
  const u = setupUser();
  mount(Checkout, '/order/checkout', { layout: 'minimal' });
  await u.click(await screen.findByRole('button', { name: 'Close now' }));
  expect(await screen.findByText('The group is closed: nobody else can add.')).toBeInTheDocument();
  const [call] = api.to('PUT /cart/group');
  expect(call.body).toEqual({ close: true });
  expect(call.headers['If-Match']).toBe(`"${cart.version}"`);
  expect(screen.queryByRole('button', { name: 'Close now' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Others can still add/)).not.toBeInTheDocument();
  expect(screen.queryByText('Still adding')).not.toBeInTheDocument();
  expect(useAppStore.getState().cart?.group?.state).toBe('closed');
});

it('says why closing was refused and keeps the group as it was', async () => {
  start(groupCart(), {
    'PUT /cart/group': apiError(404, 'cart_not_found', 'Your cart has expired. Start a new order.'),
  });
  const u = setupUser();
  mount(Checkout, '/order/checkout', { layout: 'minimal' });
  await u.click(await screen.findByRole('button', { name: 'Close now' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your cart has expired. Start a new order.');
  expect(screen.getByRole('button', { name: 'Close now' })).toBeInTheDocument();
});

it('places a group order like any other: one submit for the whole cart', async () => {
  const api = start(groupCart(), {
    'POST /cart/submit': { status: 201, body: { order: { id: 'o_grp', status: 'placed' } } },
  });
  const u = setupUser();
  mount(Checkout, '/order/checkout', { layout: 'minimal' });
  expect(await screen.findByTitle('Card details')).toBeInTheDocument();
  await u.type(screen.getByLabelText('First name'), 'Dana');
  await u.type(screen.getByLabelText('Last name'), 'Reyes');
  await u.type(screen.getByLabelText('Email'), 'dana@example.com');
  await u.type(screen.getByLabelText('Phone'), '6145550134');
  await u.click(screen.getByRole('button', { name: /^Place order/ }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/confirm/o_grp'));
  expect(api.to('POST /cart/submit').map((c) => c.body)).toEqual([
    {
      customer: { first_name: 'Dana', last_name: 'Reyes', email: 'dana@example.com', phone: '6145550134' },
      payments: [{ kind: 'card', processor: 'hosted', token: 'tok_1', amount_cents: 0 }],
    },
  ]);
});
