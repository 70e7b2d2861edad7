import { act, screen, waitFor, within } from '@testing-library/react';
import type { Cart, MemberOrder } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setFeatures, setupUser } from '@henhouse/kit/test/harness';
import { ada, members, real, token } from '../test/recorded';
import Settings from './Settings';

// The order history a page at a time ("Show more orders", with the cursor the page before
// gave) and "Order again" on each order (docs/identity.md, "Order history").

const recorded = real<{ orders: MemberOrder[]; next_cursor: string | null }>('GET /api/user/orders').body;
const first = recorded.orders[0];
const older: MemberOrder = {
  ...first,
  order_id: 'o_older',
  placed_at: '2026-01-02T17:00:00Z',
  location_name: 'Henhouse Kettering',
};
const cart = { id: 'c_1', menu_id: 'm-standard', location_id: 'oh-dayton', products: [] } as unknown as Cart;

beforeEach(() => {
  resetStore();
  useAppStore.getState().set({ user: ada, token, members });
  setFeatures({ addresses: false, wallet: false, favorites: false });
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Your orders, newest first' }))
    .getAllByRole('row')
    .slice(1);

it('shows more orders with the cursor of the page before, until the last page', async () => {
  const api = mockApi({
    'GET /user/orders': [
      { body: { orders: [first], next_cursor: 'cur-1' } },
      { body: { orders: [older], next_cursor: null } },
    ],
  });
  const user = setupUser();
  mount(Settings, '/account/settings');
  await screen.findByRole('table');
  expect(rows()).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'Show more orders' }));
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(rows()[1]).toHaveTextContent('Henhouse Kettering');
  const calls = api.to('GET /user/orders');
  expect(calls[0].url.searchParams.get('cursor')).toBeNull();
  expect(calls[1].url.searchParams.get('cursor')).toBe('cur-1');
  expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
});

it('has no "Show more orders" on a history of one page', async () => {
  mockApi({ 'GET /user/orders': { body: { orders: [first], next_cursor: null } } });
  mount(Settings, '/account/settings');
  await screen.findByRole('table');
  expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  await act(async () => undefined);
});

it('says so when the next page fails, and keeps the orders shown', async () => {
  mockApi({
    'GET /user/orders': [
      { body: { orders: [first], next_cursor: 'cur-1' } },
      apiError(400, 'invalid', "That page of orders can't be found. Reload your order history.", { cursor: 'x' }),
    ],
  });
  const user = setupUser();
  mount(Settings, '/account/settings');
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Show more orders' }));
  expect(await screen.findByText(/That page of orders can't be found/)).toBeInTheDocument();
  expect(rows()).toHaveLength(1);
});

it('orders again: the cart from the order, the menu with the cart drawer open', async () => {
  const api = mockApi({
    'GET /user/orders': { body: { orders: [first], next_cursor: null } },
    [`POST /orders/${first.order_id}/reorder`]: { status: 201, body: { cart, not_transferred: [] } },
  });
  const user = setupUser();
  mount(Settings, '/account/settings');
  await screen.findByRole('table');
  await user.click(within(rows()[0]).getByRole('button', { name: /^Order again/ }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/menu/m-standard'));
  expect(api.to(`POST /orders/${first.order_id}/reorder`)[0].body).toEqual({});
  expect(useAppStore.getState().cart?.id).toBe('c_1');
  expect(useAppStore.getState().ui.cartOpen).toBe(true);
});

it('asks before replacing a cart that holds items, and replaces it when told', async () => {
  const api = mockApi({
    'GET /user/orders': { body: { orders: [first], next_cursor: null } },
    [`POST /orders/${first.order_id}/reorder`]: [
      apiError(409, 'cart_open', 'You already have a cart with items in it.'),
      { status: 201, body: { cart, not_transferred: [] } },
    ],
  });
  const user = setupUser();
  mount(Settings, '/account/settings');
  await screen.findByRole('table');
  await user.click(within(rows()[0]).getByRole('button', { name: /^Order again/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Replace your current cart?' });
  await user.click(within(dialog).getByRole('button', { name: 'Replace my cart' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/menu/m-standard'));
  expect(api.to(`POST /orders/${first.order_id}/reorder`).map((c) => c.body)).toEqual([{}, { replace: true }]);
});

it('keeps the cart when the guest says so', async () => {
  const api = mockApi({
    'GET /user/orders': { body: { orders: [first], next_cursor: null } },
    [`POST /orders/${first.order_id}/reorder`]: apiError(409, 'cart_open', 'You already have a cart with items in it.'),
  });
  const user = setupUser();
  mount(Settings, '/account/settings');
  await screen.findByRole('table');
  await user.click(within(rows()[0]).getByRole('button', { name: /^Order again/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Replace your current cart?' });
  await user.click(within(dialog).getByRole('button', { name: 'Keep my cart' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.to(`POST /orders/${first.order_id}/reorder`)).toHaveLength(1);
  expect(screen.getByTestId('where')).toHaveTextContent('/account/settings');
});

it('reports the lines the menu could not take before going to the menu', async () => {
  mockApi({
    'GET /user/orders': { body: { orders: [first], next_cursor: null } },
    [`POST /orders/${first.order_id}/reorder`]: {
      status: 201,
      body: { cart, not_transferred: [{ line_id: 'l_2', name: '12 Biscuits', reason: "Not on this location's menu" }] },
    },
  });
  const user = setupUser();
  mount(Settings, '/account/settings');
  await screen.findByRole('table');
  await user.click(within(rows()[0]).getByRole('button', { name: /^Order again/ }));
  const report = await screen.findByRole('alertdialog', { name: "Some items couldn't be added" });
  expect(report).toHaveTextContent("12 Biscuits: Not on this location's menu");
  expect(screen.getByTestId('where')).toHaveTextContent('/account/settings');
  await user.click(within(report).getByRole('button', { name: 'Continue to the menu' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/menu/m-standard'));
});
