import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@henhouse/kit/api/checkout';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import Confirmation from '../screens/Confirmation';

// The confirmation shows what the edge says of the order: its short number, the status
// sentence and what became of each payment (docs/checkout.md, "Confirmation").

const at = '2026-11-25T17:15:00Z';
function order(over: Partial<Order>): Order {
  return {
    id: 'o_abcdefgh12',
    number: '214',
    status: 'placed',
    status_message: 'Your order is placed. The kitchen starts on it soon.',
    location_id: 'oh-columbus-downtown',
    location: {
      id: 'oh-columbus-downtown',
      name: 'Henhouse Columbus Downtown',
      phone: '(614) 555-9408',
      time_zone: 'America/New_York',
      utc_offset_minutes: -300,
      address: { street: '5405 Oak Ave', city: 'Columbus', state: 'OH', zip: '43215' },
    },
    menu_id: 'm-standard',
    products: [
      {
        id: 'l_1',
        product_id: 'tenders-3',
        name: '3 Tenders',
        data: { name: '3 Tenders' },
        quantity: 1,
        modifiers: [],
        markers: [],
        unit_price_cents: 649,
        total_cents: 649,
      },
    ],
    handoff: { mode: 'pickup' },
    time: { mode: 'asap' },
    ready_at: at,
    discounts: [],
    fees: [],
    totals: { subtotal_cents: 649, discount_cents: 0, fees_cents: 0, tax_cents: 47, tip_cents: 0, total_cents: 696 },
    payments: [
      {
        kind: 'instore',
        amount_cents: 696,
        label: 'Pay in store',
        outcome: 'due',
        outcome_label: 'Pay when you collect it',
      },
    ],
    customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '6145550100' },
    utensils: false,
    tax_exempt: false,
    placed_at: at,
    status_times: { placed: at, preparing: at, ready: at, completed: at },
    cancellable: true,
    ...over,
  } as Order;
}

beforeEach(() => resetStore());

function show(o: Order) {
  mockApi({ 'GET /orders/o_abcdefgh12': { body: { order: o } } });
  mount(Confirmation, '/order/confirm/o_abcdefgh12', { params: { oid: 'o_abcdefgh12' } });
}

it('shows the short number large, the id beside it, and how a pay-in-store order is paid', async () => {
  show(order({}));
  expect(await screen.findByTestId('order-number')).toHaveTextContent('214');
  expect(screen.getByTestId('order-number').closest('p')).toHaveTextContent(/^Order 214/);
  expect(screen.getByTestId('order-id')).toHaveTextContent('o_abcdefgh12');
  expect(screen.getByText(/Collect it at the pickup shelf/)).toBeInTheDocument();
  const pay = screen.getByRole('region', { name: 'Payment' });
  expect(within(pay).getByText('Pay in store: $6.96 · Pay when you collect it')).toBeInTheDocument();
  expect(screen.queryByText('Paid with')).not.toBeInTheDocument();
});

it('a cancelled pay-in-store order reads as cancelled: nothing to collect, nothing paid, nothing given back', async () => {
  show(
    order({
      status: 'cancelled',
      cancellable: false,
      cancelled_at: at,
      status_message: "This order was cancelled. Nothing was charged, so there's nothing to pay.",
      payments: [
        {
          kind: 'instore',
          amount_cents: 696,
          label: 'Pay in store',
          outcome: 'not_charged',
          outcome_label: 'Nothing to pay',
        },
      ],
    }),
  );
  expect(await screen.findByRole('heading', { level: 2, name: 'Order cancelled' })).toBeInTheDocument();
  expect(screen.getByTestId('order-number')).toHaveTextContent('214');
  expect(screen.getByTestId('order-status')).toHaveTextContent(
    "This order was cancelled. Nothing was charged, so there's nothing to pay.",
  );
  const page = screen.getByTestId('order-confirmation');
  expect(page).not.toHaveTextContent(/pickup shelf/);
  expect(page).not.toHaveTextContent(/Ready:/);
  expect(page).not.toHaveTextContent(/given back/i);
  expect(page).not.toHaveTextContent(/Paid with/);
  expect(
    within(screen.getByRole('region', { name: 'Payment' })).getByText('Pay in store: $6.96 · Nothing to pay'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
});

it('a cancelled card order says its payment was given back', async () => {
  show(
    order({
      status: 'cancelled',
      cancellable: false,
      status_message: 'This order was cancelled. Every payment was given back.',
      payments: [
        {
          kind: 'card',
          amount_cents: 696,
          label: 'Visa •••• 4242',
          outcome: 'given_back',
          outcome_label: 'Given back',
        },
      ],
    }),
  );
  expect(await screen.findByTestId('order-status')).toHaveTextContent('Every payment was given back.');
  expect(screen.getByText('Visa •••• 4242: $6.96 · Given back')).toBeInTheDocument();
});

it('orders again from the confirmation: the cart from the order, the menu with the cart drawer open', async () => {
  const cart = { id: 'c_9', menu_id: 'm-standard', location_id: 'oh-columbus-downtown', products: [] };
  const api = mockApi({
    'GET /orders/o_abcdefgh12': { body: { order: order({}) } },
    'POST /orders/o_abcdefgh12/reorder': [
      apiError(409, 'cart_open', 'You already have a cart with items in it.'),
      { status: 201, body: { cart, not_transferred: [] } },
    ],
  });
  const user = setupUser();
  mount(Confirmation, '/order/confirm/o_abcdefgh12', { params: { oid: 'o_abcdefgh12' } });
  await user.click(await screen.findByRole('button', { name: 'Order again' }));
  const dialog = await screen.findByRole('dialog', { name: 'Replace your current cart?' });
  await user.click(within(dialog).getByRole('button', { name: 'Replace my cart' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/menu/m-standard'));
  expect(api.to('POST /orders/o_abcdefgh12/reorder').map((c) => c.body)).toEqual([{}, { replace: true }]);
  expect(useAppStore.getState().ui.cartOpen).toBe(true);
});

describe('a group order', () => {
  const line = (id: string, name: string, total: number, participant: string) => ({
    id,
    product_id: id,
    name,
    data: { name },
    quantity: 1,
    modifiers: [],
    markers: [],
    calories: 0,
    unit_price_cents: total,
    total_cents: total,
    participant,
  });
  const groupOrder = () =>
    order({
      products: [
        line('l_1', '3 Tenders', 649, 'p_dana'),
        line('l_2', 'Spicy Chicken Sandwich', 899, 'p_sam'),
        line('l_3', 'Honey Butter Biscuits', 549, 'p_lee'),
        line('l_4', 'Sweet Tea', 249, 'p_sam'),
      ],
      group: {
        host_name: 'Dana',
        participants: [
          { id: 'p_dana', name: 'Dana', host: true, subtotal_cents: 649 },
          { id: 'p_sam', name: 'Sam', subtotal_cents: 1148 },
          { id: 'p_lee', name: 'Lee', subtotal_cents: 549 },
          { id: 'p_kim', name: 'Kim', subtotal_cents: 0 },
        ],
      },
      totals: {
        subtotal_cents: 2346,
        discount_cents: 0,
        fees_cents: 0,
        tax_cents: 170,
        tip_cents: 0,
        total_cents: 2516,
      },
    });
  /** Each person's heading with the items listed under it. */
  const byPerson = (items: HTMLElement) =>
    within(items)
      .getAllByRole('region')
      .map((part) => ({
        heading: within(part).getByRole('heading', { level: 4 }).textContent,
        items: Array.from(part.querySelectorAll('.hh-order__line-main > span:first-child'), (s) => s.textContent),
      }));

  it('names every person with their items and what theirs came to', async () => {
    show(groupOrder());
    const items = await screen.findByRole('region', { name: 'Your order' });
    expect(within(items).getByText('Group order for 4 people')).toBeInTheDocument();
    expect(byPerson(items)).toEqual([
      { heading: 'Dana (host) $6.49', items: ['1 × 3 Tenders'] },
      { heading: 'Sam $11.48', items: ['1 × Spicy Chicken Sandwich', '1 × Sweet Tea'] },
      { heading: 'Lee $5.49', items: ['1 × Honey Butter Biscuits'] },
      { heading: 'Kim $0.00', items: [] },
    ]);
    expect(within(items).getByText('No items.')).toBeInTheDocument();
    // The totals are the order's, once, after everyone's items.
    expect(within(items).getByText('Subtotal').nextSibling).toHaveTextContent('$23.46');
  });

  it('lists an order that is not a group order as before: no people, one list', async () => {
    show(order({}));
    const items = await screen.findByRole('region', { name: 'Your order' });
    expect(within(items).queryByText(/^Group order/)).not.toBeInTheDocument();
    expect(within(items).queryAllByRole('region')).toHaveLength(0);
    expect(within(items).getByText('1 × 3 Tenders')).toBeInTheDocument();
  });
});
