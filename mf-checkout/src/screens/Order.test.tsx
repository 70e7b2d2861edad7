import { screen, within } from '@testing-library/react';
import type { Order as PlacedOrder } from '@henhouse/kit/api/checkout';
import { mockApi, mount, resetStore, setFeatures } from '@henhouse/kit/test/harness';
import Order from './Order';

// The order page puts an order on its way first; a group order lists each person's items
// under their name there, as the confirmation does (docs/group-orders.md, "Pay once").

const line = (id: string, name: string, total: number, participant?: string) => ({
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
  ...(participant ? { participant } : {}),
});

function recent(over: Partial<PlacedOrder>): PlacedOrder {
  return {
    id: 'o_grp',
    status: 'preparing',
    status_message: 'The kitchen is making your order.',
    products: [line('l_1', '3 Tenders', 649)],
    ...over,
  } as PlacedOrder;
}

function show(order: PlacedOrder) {
  mockApi({ 'GET /cart': { body: { cart: null } }, 'GET /orders/recent': { body: { order } } });
  mount(Order, '/order');
}

beforeEach(() => {
  resetStore();
  // A page whose bootstrap says nothing of a cart: the order page reads it for the hint.
  setFeatures({});
});

it('lists a group order on its way by person, under "Group order for 3 people"', async () => {
  show(
    recent({
      products: [line('l_1', '3 Tenders', 649, 'p_dana'), line('l_2', 'Sweet Tea', 249, 'p_sam')],
      group: {
        host_name: 'Dana',
        participants: [
          { id: 'p_dana', name: 'Dana', host: true, subtotal_cents: 649 },
          { id: 'p_sam', name: 'Sam', subtotal_cents: 249 },
          { id: 'p_lee', name: 'Lee', subtotal_cents: 0 },
        ],
      },
    }),
  );
  const active = await screen.findByRole('region', { name: 'Your order on its way' });
  expect(await within(active).findByText('Group order for 3 people')).toBeInTheDocument();
  const dana = within(active).getByRole('region', { name: 'Dana (host) $6.49' });
  expect(within(dana).getByText('1 × 3 Tenders')).toBeInTheDocument();
  expect(within(dana).queryByText('1 × Sweet Tea')).not.toBeInTheDocument();
  const sam = within(active).getByRole('region', { name: 'Sam $2.49' });
  expect(within(sam).getByText('1 × Sweet Tea')).toBeInTheDocument();
  expect(within(within(active).getByRole('region', { name: 'Lee $0.00' })).getByText('No items.')).toBeInTheDocument();
});

it('shows an order on its way that is not a group order as before: its status and a link', async () => {
  show(recent({}));
  const active = await screen.findByRole('region', { name: 'Your order on its way' });
  expect(within(active).getByText('The kitchen is making your order.')).toBeInTheDocument();
  expect(within(active).getByRole('link', { name: 'See its status' })).toBeInTheDocument();
  expect(within(active).queryByText(/^Group order/)).not.toBeInTheDocument();
  expect(within(active).queryByText('1 × 3 Tenders')).not.toBeInTheDocument();
});

it("shows a host's group cart by person too", async () => {
  const cart = {
    id: 'c_grp',
    version: 3,
    menu_id: 'm-standard',
    location_id: 'oh-dayton',
    products: [line('l_1', '3 Tenders', 649, 'p_dana'), line('l_2', 'Sweet Tea', 249, 'p_sam')],
    totals: { subtotal_cents: 898 },
    group: {
      code: 'Xq3vTz9kLmN2pQ7r',
      host_name: 'Dana',
      host_id: 'p_dana',
      participants: [
        { id: 'p_dana', name: 'Dana', host: true, subtotal_cents: 649 },
        { id: 'p_sam', name: 'Sam', subtotal_cents: 249 },
      ],
    },
  };
  mockApi({ 'GET /cart': { body: { cart } }, 'GET /orders/recent': { body: { order: null } } });
  mount(Order, '/order');
  const part = await screen.findByRole('region', { name: 'Your cart' });
  const sam = await within(part).findByRole('region', { name: 'Sam $2.49' });
  expect(within(sam).getByText('Sweet Tea')).toBeInTheDocument();
  expect(
    within(within(part).getByRole('region', { name: 'Dana (host) $6.49' })).getByText('3 Tenders'),
  ).toBeInTheDocument();
});
