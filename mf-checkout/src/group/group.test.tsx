import { act, screen, waitFor, within } from '@testing-library/react';
import type { Cart, CartGroup, GroupView } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { setBootstrap } from '@henhouse/kit/bootstrap';
import { apiError, mockApi, mount, resetStore, setFeatures, setupUser } from '@henhouse/kit/test/harness';
import { real } from '../test/recorded';
import CartDrawer from '../screens/CartDrawer';

// The cart drawer of a group order, on the edge's own cart (two 3 Tenders at $12.98)
// turned into Dana's group with Sam (done, a Chicken Sandwich) and Lee (nothing yet).
const plain = () => real<{ cart: Cart }>('POST /api/cart/products').body.cart;
const code = 'Xq3vTz9kLmN2pQ7r';
const group = (patch: Partial<CartGroup> = {}): CartGroup => ({
  code,
  path: `/group/${code}`,
  host_name: 'Dana',
  host_id: 'p-dana',
  deadline: '2030-01-15T16:30:00Z',
  deadline_label: '11:30 AM',
  state: 'open',
  participants: [
    {
      id: 'p-dana',
      name: 'Dana',
      host: true,
      done: false,
      joined_at: '2030-01-15T15:00:00Z',
      subtotal_cents: 1298,
      item_count: 2,
      has_email: true,
    },
    {
      id: 'p-sam',
      name: 'Sam',
      done: true,
      joined_at: '2030-01-15T15:05:00Z',
      subtotal_cents: 899,
      item_count: 1,
      has_email: false,
    },
    {
      id: 'p-lee',
      name: 'Lee',
      done: false,
      joined_at: '2030-01-15T15:06:00Z',
      subtotal_cents: 0,
      item_count: 0,
      has_email: false,
    },
  ],
  ...patch,
});
const sandwich = (participant: string) => ({
  ...plain().products[0],
  id: 'l_2',
  product_id: 'sandwich',
  name: 'Chicken Sandwich',
  quantity: 1,
  modifiers: [],
  unit_price_cents: 899,
  total_cents: 899,
  data: { name: 'Chicken Sandwich' },
  participant,
});
const groupCart = (patch: Partial<CartGroup> = {}): Cart => {
  const c = plain();
  return {
    ...c,
    products: [{ ...c.products[0], participant: 'p-dana' }, sandwich('p-sam')],
    group: group(patch),
  };
};

/** The cart at Louisville (UTC−5 in January), for 12:30 PM on Jan 15, 2030. */
const atLouisville = (c: Cart = plain()): Cart => {
  const at = { ...c, location_id: 'ky-louisville', time: { mode: 'later' as const, at: '2030-01-15T17:30:00Z' } };
  useAppStore.getState().set({ cart: at, location: louisville({ utc_offset_minutes: -300 }) });
  return at;
};

const serverCart = () => ({ body: { cart: useAppStore.getState().cart } });
const edge = (more: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /cart': serverCart,
    'GET /cart/times': { body: { asap_available: true, time_zone: 'America/New_York', days: [] } },
    ...more,
  });
const drawer = () => mount(CartDrawer, '/menu/m-standard', { routeId: 'cart-drawer', path: '*' });
const polite = () => document.getElementById('hh-live-polite');

beforeEach(() => {
  resetStore();
  useAppStore.getState().set({ group: null, groupCode: null });
  setFeatures({});
});
afterAll(() => setBootstrap(null));

describe('cart drawer: starting a group order', () => {
  it('is done by keyboard: the form sends what the host typed, shows the edge’s refusal at its field, then the group', async () => {
    const cart = atLouisville();
    const started = { ...cart, group: group({ participants: [group().participants[0]] }) };
    const api = edge({
      'POST /cart/group': [
        apiError(400, 'invalid', 'Check the highlighted fields.', {
          deadline: 'Choose a time at least 5 minutes from now.',
        }),
        { status: 201, body: { cart: started } },
      ],
    });
    const u = setupUser();
    drawer();
    const start = screen.getByRole('button', { name: 'Start a group order' });
    start.focus();
    await u.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Start a group order' })).toHaveFocus();
    await u.tab();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    await u.keyboard('Dana');
    await u.tab();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    await u.keyboard('dana@example.com');
    await u.tab();
    const until = screen.getByLabelText(/^Others can add until/);
    expect(until).toHaveFocus();
    expect(until).toHaveAccessibleDescription('Leave empty to close it 30 minutes before your order time.');
    await u.keyboard('11:45');
    await u.tab();
    expect(screen.getByLabelText(/^Spending limit per person/)).toHaveFocus();
    await u.keyboard('15');
    await u.tab();
    expect(screen.getByLabelText(/^Note for your group/)).toHaveFocus();
    await u.keyboard('Team lunch, one combo each');
    await u.tab();
    await u.tab();
    expect(screen.getByRole('button', { name: 'Start group order' })).toHaveFocus();
    await u.keyboard('{Enter}');

    await waitFor(() => expect(until).toHaveAccessibleDescription(/Choose a time at least 5 minutes from now\./));
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(until).toHaveFocus();
    expect(api.to('POST /cart/group')[0].body).toEqual({
      host_name: 'Dana',
      host_email: 'dana@example.com',
      deadline: '2030-01-15T16:45:00.000Z',
      limit_cents: 1500,
      note: 'Team lunch, one combo each',
    });

    await u.keyboard('{Enter}');
    const panel = await screen.findByRole('heading', { name: 'Group order · closes at 11:30 AM' });
    await waitFor(() => expect(panel).toHaveFocus());
    expect(api.to('POST /cart/group')).toHaveLength(2);
    expect(useAppStore.getState().cart?.group?.code).toBe(code);
    expect(screen.queryByRole('button', { name: 'Start a group order' })).toBeNull();
  });

  it('starts with a member’s first name and sends no email for them; an amount that is no amount is said at once', async () => {
    atLouisville();
    useAppStore.getState().set({ user: real<{ user: never }>('POST /api/auth/signup').body.user });
    const api = edge();
    const u = setupUser();
    drawer();
    await u.click(screen.getByRole('button', { name: 'Start a group order' }));
    expect(screen.getByLabelText('Your name')).toHaveValue(useAppStore.getState().user!.first_name);
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    await u.type(screen.getByLabelText(/^Spending limit/), 'ten');
    await u.click(screen.getByRole('button', { name: 'Start group order' }));
    expect(screen.getByLabelText(/^Spending limit/)).toHaveAccessibleDescription(
      /Enter an amount in dollars, like 15\.00/,
    );
    expect(api.to('POST /cart/group')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Start a group order' })).toHaveFocus();
  });

  it('opens on the form when the menu asks, says to choose a menu first without a cart, and forgets the ask on closing', async () => {
    useAppStore.getState().setUi({ startGroup: true, cartOpen: true });
    const api = edge({ 'GET /cart': { body: { cart: null } } });
    const view = drawer();
    expect(await screen.findByText('To start a group order, first choose a location’s menu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a menu' })).toHaveAttribute('href', '/menu');
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
    view.unmount();
    expect(useAppStore.getState().ui.startGroup).toBe(false);
  });
});

describe('cart drawer: the host’s group order', () => {
  it('shows until when others can add, the link, who is in and their status, and the lines under each person', async () => {
    atLouisville(groupCart());
    edge();
    drawer();
    expect(screen.getByRole('heading', { name: 'Group order · closes at 11:30 AM' })).toBeInTheDocument();
    expect(screen.getByLabelText('Link for your group')).toHaveValue(`http://localhost/group/${code}`);
    const people = within(screen.getByRole('region', { name: 'People' })).getAllByRole('listitem');
    expect(people.map((p) => p.textContent)).toEqual(['DanaHost2 items', 'SamDone1 item', 'LeeAdding…0 items']);

    const dana = screen.getByRole('region', { name: 'Dana · $12.98' });
    expect(
      within(dana)
        .getAllByRole('listitem')
        .map((l) => l.querySelector('.hh-cart__line-name')?.textContent),
    ).toEqual(['3 Tenders']);
    expect(within(dana).queryByRole('button', { name: 'Remove Dana' })).toBeNull();
    const sam = screen.getByRole('region', { name: 'Sam · $8.99' });
    expect(within(sam).getByText('Chicken Sandwich')).toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Remove Chicken Sandwich' })).toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Remove Sam' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Lee · $0.00' })).getByText('No items yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Checkout · \$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start a group order' })).toBeNull();
  });

  it('says when the group is closed to others, and offers Extend but not Close now', async () => {
    atLouisville(groupCart({ state: 'closed' }));
    edge();
    drawer();
    expect(screen.getByRole('heading', { name: 'Group order · Closed to others' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extend 15 minutes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close now' })).toBeNull();
  });

  it('takes a person out only after the host confirms', async () => {
    const c = atLouisville(groupCart());
    const without = { ...c, products: [c.products[0]], group: group({ participants: [group().participants[0]] }) };
    const api = edge({ 'DELETE /cart/group/participants/p-sam': { body: { cart: without } } });
    const u = setupUser();
    drawer();
    const remove = screen.getByRole('button', { name: 'Remove Sam' });
    await u.click(remove);
    const ask = screen.getByRole('alertdialog', { name: 'Remove Sam from the group order?' });
    expect(ask).toHaveTextContent('Their items will be removed from your cart.');
    await u.click(within(ask).getByRole('button', { name: 'Keep them' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove).toHaveFocus();
    expect(api.to('DELETE /cart/group/participants/p-sam')).toHaveLength(0);

    await u.click(remove);
    await u.click(
      within(screen.getByRole('alertdialog', { name: 'Remove Sam from the group order?' })).getByRole('button', {
        name: 'Remove Sam',
      }),
    );
    await waitFor(() => expect(api.to('DELETE /cart/group/participants/p-sam')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sam · $8.99' })).toBeNull());
    expect(screen.queryByText('Chicken Sandwich')).toBeNull();
    expect(polite()).toHaveTextContent('Sam is no longer in the group order.');
  });

  it('ends the group order only after the host confirms, and the cart is the host’s alone again', async () => {
    const c = atLouisville(groupCart());
    const ended = { ...c, products: [plain().products[0]], group: undefined };
    const api = edge({ 'DELETE /cart/group': { body: { cart: ended } } });
    const u = setupUser();
    drawer();
    await u.click(screen.getByRole('button', { name: 'End group order' }));
    const ask = screen.getByRole('alertdialog', { name: 'End the group order?' });
    expect(ask).toHaveAccessibleDescription('Everyone else’s items will be removed from your cart.');
    await u.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(api.to('DELETE /cart/group')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Group order · closes at 11:30 AM' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'End group order' }));
    await u.click(
      within(screen.getByRole('alertdialog', { name: 'End the group order?' })).getByRole('button', {
        name: 'End group order',
      }),
    );
    await waitFor(() => expect(api.to('DELETE /cart/group')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Start a group order' })).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /^Group order/ })).toBeNull();
    expect(screen.queryByText('Chicken Sandwich')).toBeNull();
  });

  it('copies the link and says so; Share shows only where the browser can share', async () => {
    atLouisville(groupCart());
    edge();
    const u = setupUser(); // gives the page a clipboard of its own
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    drawer();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`http://localhost/group/${code}`);
    await waitFor(() => expect(polite()).toHaveTextContent('Link copied'));
  });

  it('extends the deadline by 15 minutes from the edge’s, and closes it to others now', async () => {
    const c = atLouisville(groupCart());
    const api = edge({
      'PUT /cart/group': [
        { body: { cart: { ...c, group: group({ deadline: '2030-01-15T16:45:00Z', deadline_label: '11:45 AM' }) } } },
        { body: { cart: { ...c, group: group({ state: 'closed', closed_early: true }) } } },
      ],
    });
    const u = setupUser();
    drawer();
    await u.click(screen.getByRole('button', { name: 'Extend 15 minutes' }));
    expect(await screen.findByRole('heading', { name: 'Group order · closes at 11:45 AM' })).toBeInTheDocument();
    expect(api.to('PUT /cart/group')[0].body).toEqual({ deadline: '2030-01-15T16:45:00.000Z' });
    await u.click(screen.getByRole('button', { name: 'Close now' }));
    expect(await screen.findByRole('heading', { name: 'Group order · Closed to others' })).toBeInTheDocument();
    expect(api.to('PUT /cart/group')[1].body).toEqual({ close: true });
  });

  it('invites by email and says how many were sent; a refused address shows at the field', async () => {
    atLouisville(groupCart());
    const api = edge({
      'POST /cart/group/invites': [
        apiError(400, 'invalid', 'Check the highlighted fields.', { 'emails.1': 'Enter a valid email address' }),
        { status: 202, body: { sent: 2 } },
      ],
    });
    const u = setupUser();
    drawer();
    await u.click(screen.getByRole('button', { name: 'Invite by email' }));
    const field = screen.getByLabelText('Email addresses');
    await u.type(field, 'sam@example.com, lee@example');
    await u.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Enter a valid email address/));
    expect(api.to('POST /cart/group/invites')[0].body).toEqual({ emails: ['sam@example.com', 'lee@example'] });
    await u.clear(field);
    await u.type(field, 'sam@example.com, lee@example.com');
    await u.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Invitations sent to 2 people.')).toBeInTheDocument();
    expect(polite()).toHaveTextContent('Invitations sent to 2 people.');
  });
});

describe('cart drawer: adding to someone else’s group order', () => {
  const view = (patch: Partial<GroupView> = {}): GroupView => ({
    code,
    host_name: 'Dana',
    location_id: 'ky-louisville',
    location_name: 'Henhouse Louisville',
    menu_id: 'm-standard',
    deadline: '2030-01-15T16:30:00Z',
    deadline_label: '11:30 AM',
    state: 'open',
    handoff: 'pickup',
    time: { mode: 'later', at: '2030-01-15T17:30:00Z' },
    host: false,
    limit_cents: 1200,
    me: {
      id: 'p-sam',
      name: 'Sam',
      done: false,
      products: [sandwich('p-sam')],
      subtotal_cents: 899,
      item_count: 1,
      remaining_cents: 301,
    },
    ...patch,
  });
  const joined = (g: GroupView) => useAppStore.getState().set({ group: g, groupCode: code, cart: null });
  const me = (patch: Partial<NonNullable<GroupView['me']>>) => ({ ...view().me!, ...patch });

  it('shows only their own lines and subtotal, what the limit still allows, changes through the group, and no checkout', async () => {
    joined(view());
    const api = edge({
      'GET /cart': { body: { cart: null } },
      [`GET /groups/${code}`]: () => ({ body: { group: useAppStore.getState().group } }),
      [`PUT /groups/${code}/lines/l_2`]: {
        body: { group: view({ me: me({ products: [{ ...sandwich('p-sam'), quantity: 2 }], subtotal_cents: 1798 }) }) },
      },
      [`PUT /groups/${code}/done`]: [
        { body: { group: view({ me: me({ done: true }) }) } },
        { body: { group: view() } },
      ],
    });
    const u = setupUser();
    drawer();
    expect(screen.getByRole('heading', { name: 'Your items in Dana’s group order' })).toBeInTheDocument();
    expect(screen.getByText('You can add until 11:30 AM.')).toBeInTheDocument();
    expect(document.querySelectorAll('.hh-cart__line')).toHaveLength(1);
    expect(screen.getByText('Chicken Sandwich')).toBeInTheDocument();
    expect(screen.getByText('You can spend $3.01 more.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Checkout/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();

    await u.click(screen.getByRole('button', { name: 'One more Chicken Sandwich' }));
    await waitFor(() => expect(api.to(`PUT /groups/${code}/lines/l_2`)).toHaveLength(1));
    expect(api.to(`PUT /groups/${code}/lines/l_2`)[0].body).toEqual({ quantity: 2 });
    expect(await screen.findByText('$17.98')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'I’m done' }));
    expect(await screen.findByRole('button', { name: 'I’m not done' })).toBeInTheDocument();
    expect(api.to(`PUT /groups/${code}/done`)[0].body).toEqual({ done: true });
    expect(polite()).toHaveTextContent('Dana can see you’re done.');
    await u.click(screen.getByRole('button', { name: 'I’m not done' }));
    expect(await screen.findByRole('button', { name: 'I’m done' })).toBeInTheDocument();
    expect(api.to(`PUT /groups/${code}/done`)[1].body).toEqual({ done: false });
    expect(api.to('GET /cart/times')).toHaveLength(0);
  });

  it('says in the edge’s words why a change was refused', async () => {
    joined(view());
    edge({
      'GET /cart': { body: { cart: null } },
      [`GET /groups/${code}`]: () => ({ body: { group: useAppStore.getState().group } }),
      [`PUT /groups/${code}/lines/l_2`]: apiError(
        422,
        'group_limit',
        'That would take you over Dana’s limit of $12.00 per person.',
      ),
    });
    const u = setupUser();
    drawer();
    await u.click(screen.getByRole('button', { name: 'One more Chicken Sandwich' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That would take you over Dana’s limit of $12.00 per person.',
    );
  });

  it('once closed, shows their lines with no controls and who will place the order', async () => {
    joined(view({ state: 'closed' }));
    edge({
      'GET /cart': { body: { cart: null } },
      [`GET /groups/${code}`]: () => ({ body: { group: useAppStore.getState().group } }),
    });
    drawer();
    expect(screen.getByText('This group order is closed. Dana will place the order.')).toBeInTheDocument();
    expect(screen.getByText('Chicken Sandwich')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    await act(async () => {});
  });
});
