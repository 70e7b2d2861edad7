import { render, screen, waitFor, within } from '@testing-library/react';
import { apiError, mockApi, mount, resetStore, setFeatures, setupUser, storeWith } from '@henhouse/kit/test/harness';
import type { GroupView } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { Toaster } from '@henhouse/kit/ui/toaster';
import { real } from '../test/recorded';
import Group from './Group';
import Menu from './Menu';
import Product from './Product';

// A whole menu is some 70 cards: finding in it takes a while on a busy machine.
jest.setTimeout(40000);
const slow = { timeout: 20000 };

const CODE = 'Xq3vTz9kLmN2pQ7r';
const menuRoute = { 'GET /menus/m-standard': real('GET /api/menus/{menuId}') };

/** The group as the edge answers it; `me` is the guest's part once they joined. */
function view(fields: Partial<GroupView> = {}): GroupView {
  return {
    code: CODE,
    host_name: 'Dana',
    location_id: 'oh-dayton',
    location_name: 'Henhouse Dayton',
    menu_id: 'm-standard',
    deadline: '2030-05-01T15:30:00Z',
    deadline_label: '11:30 AM',
    state: 'open',
    handoff: 'pickup',
    time: { mode: 'asap' },
    host: false,
    me: null,
    ...fields,
  } as GroupView;
}
const part = (fields: object = {}) => ({
  id: 'p_sam',
  name: 'Sam',
  done: false,
  products: [],
  subtotal_cents: 0,
  item_count: 0,
  ...fields,
});

const visit = () => mount(Group, `/group/${CODE}`, { params: { code: CODE } });

describe('group order page (docs/group-orders.md, "Join")', () => {
  beforeEach(() => {
    resetStore();
    setFeatures({ preselectDefaultModifiers: true, showProductChips: { price: false, calories: false } });
  });

  it("shows the group's menu under a banner in the edge's words: whose, until when, the note, the limit and one's items", async () => {
    const api = mockApi({
      ...menuRoute,
      [`GET /groups/${CODE}`]: {
        body: {
          group: view({
            note: 'Extra napkins please',
            limit_cents: 1200,
            me: part({ item_count: 2, subtotal_cents: 1498 }),
          }),
        },
      },
    });
    const user = setupUser();
    visit();
    expect(
      await screen.findByRole('heading', { name: "Adding to Dana's group order · closes at 11:30 AM" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Note from Dana: Extra napkins please')).toBeInTheDocument();
    expect(screen.getByText('Up to $12.00 each')).toBeInTheDocument();
    expect(screen.getByText('Your items: 2 · $14.98')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Chicken', level: 2 })).toBeInTheDocument();
    // The menu is the group's, at its location; the guest joined already: no question.
    expect(api.calls.find((c) => c.path === '/menus/m-standard')?.url.searchParams.get('location_id')).toBe(
      'oh-dayton',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // Whose location it is and how the order is handed off are the host's.
    expect(screen.queryByRole('button', { name: 'Start a group order' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Change location/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View your items' }));
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
    expect(useAppStore.getState().groupCode).toBe(CODE);
  });

  it('asks a guest their name in a dialog, by keyboard: typed, Enter, joined, and the dialog closes', async () => {
    const api = mockApi({
      ...menuRoute,
      [`GET /groups/${CODE}`]: { body: { group: view() } },
      [`POST /groups/${CODE}/participants`]: { status: 201, body: { group: view({ me: part() }) } },
    });
    const user = setupUser();
    visit();
    const dialog = await screen.findByRole('dialog', { name: "Join Dana's group order" });
    const name = within(dialog).getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Email (optional)' })).toHaveAccessibleDescription(
      "We'll tell you when the order is placed.",
    );
    await user.keyboard('Sam{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to(`POST /groups/${CODE}/participants`)[0].body).toEqual({ name: 'Sam' });
    expect(screen.getByText('Your items: 0 · $0.00')).toBeInTheDocument();
    expect(useAppStore.getState().group?.me?.name).toBe('Sam');
  });

  it("shows the edge's refusal of a join at its field, and any other in the dialog", async () => {
    mockApi({
      ...menuRoute,
      [`GET /groups/${CODE}`]: { body: { group: view() } },
      [`POST /groups/${CODE}/participants`]: [
        apiError(400, 'invalid', 'Check the highlighted fields.', { email: 'Enter a valid email address' }),
        apiError(409, 'group_full', 'This group order is full (25 people).'),
      ],
    });
    const user = setupUser();
    visit();
    const dialog = await screen.findByRole('dialog', { name: "Join Dana's group order" });
    // Nothing typed: the name is asked for, and nothing is sent.
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription(/Enter your name/);
    await user.keyboard('Sam');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email (optional)' }), 'sam@{Enter}');
    expect(await within(dialog).findByRole('textbox', { name: 'Email (optional)' })).toHaveAccessibleDescription(
      /Enter a valid email address/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText('This group order is full (25 people).')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('tells the host this is their group order, and asks no name', async () => {
    mockApi({ ...menuRoute, [`GET /groups/${CODE}`]: { body: { group: view({ host: true }) } } });
    visit();
    expect(
      await screen.findByText('This is your group order — add your own items to your cart as usual.'),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Chicken', level: 2 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a group that is over is closed, with what the guest can still do', async () => {
    mockApi({
      [`GET /groups/${CODE}`]: apiError(410, 'group_closed', 'This group order is closed.'),
    });
    storeWith({ groupCode: CODE });
    visit();
    expect(await screen.findByRole('heading', { name: 'This group order is closed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the menu' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('link', { name: 'Find a location' })).toHaveAttribute('href', '/locations');
    // The group is forgotten: the guest orders for themselves again.
    expect(useAppStore.getState().groupCode).toBeNull();
  });

  it('says a code never issued is not found', async () => {
    mockApi({ [`GET /groups/${CODE}`]: apiError(404, 'group_not_found', 'No such group order.') });
    visit();
    expect(await screen.findByText("We couldn't find that group order. Check the link.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a late joiner the group is closed, and offers a joined guest no more adding', async () => {
    mockApi({ ...menuRoute, [`GET /groups/${CODE}`]: { body: { group: view({ state: 'closed' }) } } });
    const late = visit();
    expect(await screen.findByRole('heading', { name: 'This group order is closed' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    late.unmount();

    mockApi({
      ...menuRoute,
      [`GET /groups/${CODE}`]: {
        body: { group: view({ state: 'closed', me: part({ item_count: 1, subtotal_cents: 549 }) }) },
      },
    });
    visit();
    expect(await screen.findByRole('heading', { name: 'This group order is closed' })).toBeInTheDocument();
    expect(screen.getByText('Your items: 1 · $5.49')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });

  it("adds a joined guest's product to their part of the group, not to a cart, and says so", async () => {
    const api = mockApi({
      ...menuRoute,
      [`GET /groups/${CODE}`]: { body: { group: view({ me: part() }) } },
      [`POST /groups/${CODE}/lines`]: {
        status: 201,
        body: { group: view({ me: part({ item_count: 1, subtotal_cents: 549 }) }) },
      },
    });
    const user = setupUser();
    render(<Toaster />);
    visit();
    const add = await screen.findByRole('button', { name: 'Add: 2 Piece Chicken' });
    await user.click(add);
    expect(
      await screen.findByText("Added to your part of Dana's group order", { selector: '.hh-toast__message' }),
    ).toBeInTheDocument();
    expect(api.to(`POST /groups/${CODE}/lines`)[0].body).toEqual({ product_id: 'two-piece' });
    expect(api.calls.some((c) => c.path.startsWith('/cart'))).toBe(false);
    expect(screen.getByText('Your items: 1 · $5.49')).toBeInTheDocument();
  });

  it("shows the edge's words when an add goes over the spending limit", async () => {
    const limit = 'That would take you over the $12.00 limit for this group order. You have $2.51 left.';
    const api = mockApi({
      ...menuRoute,
      [`GET /groups/${CODE}`]: { body: { group: view({ limit_cents: 1200, me: part() }) } },
      [`POST /groups/${CODE}/lines`]: apiError(422, 'group_limit', limit),
    });
    const user = setupUser();
    visit();
    await user.click(await screen.findByRole('button', { name: 'Add: 2 Piece Chicken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(api.calls.some((c) => c.path.startsWith('/cart'))).toBe(false);
  });

  it('asks a guest who has not joined for their name before an add', async () => {
    const api = mockApi({ ...menuRoute, [`GET /groups/${CODE}`]: { body: { group: view() } } });
    const user = setupUser();
    visit();
    const dialog = await screen.findByRole('dialog', { name: "Join Dana's group order" });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Add: 2 Piece Chicken' }));
    expect(await screen.findByRole('dialog', { name: "Join Dana's group order" })).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('group mode on the product page and the menu', () => {
  beforeEach(() => {
    resetStore();
    setFeatures({ preselectDefaultModifiers: true, showProductChips: { price: false, calories: false } });
  });

  it("adds from the product page to one's part with the choices, under the banner, and shows the edge's refusal", async () => {
    const limit = 'That would take you over the $12.00 limit for this group order.';
    const api = mockApi({
      'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece'),
      [`POST /groups/${CODE}/lines`]: [
        { status: 201, body: { group: view({ me: part({ item_count: 1, subtotal_cents: 549 }) }) } },
        apiError(422, 'group_limit', limit),
      ],
    });
    storeWith({ group: view({ me: part() }), groupCode: CODE });
    const user = setupUser();
    render(<Toaster />);
    mount(Product, '/menu/m-standard/product/two-piece', { params: { mid: 'm-standard', pid: 'two-piece' } });
    expect(
      await screen.findByRole('heading', { name: "Adding to Dana's group order · closes at 11:30 AM" }),
    ).toBeInTheDocument();
    const add = await screen.findByRole('button', { name: /^Add to your items · \$/ });
    await user.click(add);
    expect(
      await screen.findByText("Added to your part of Dana's group order", { selector: '.hh-toast__message' }),
    ).toBeInTheDocument();
    const sent = api.to(`POST /groups/${CODE}/lines`)[0].body as { product_id: string; quantity: number };
    expect(sent).toMatchObject({ product_id: 'two-piece', quantity: 1 });
    expect(api.calls.some((c) => c.path.startsWith('/cart'))).toBe(false);
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
  });

  it('lets the guest leave the group order from the banner, to order for themselves again', async () => {
    mockApi(menuRoute);
    storeWith({ group: view({ me: part() }), groupCode: CODE });
    const user = setupUser();
    mount(Menu, '/menu/m-standard', { params: { mid: 'm-standard' } });
    await user.click(await screen.findByRole('button', { name: 'Leave group order' }));
    expect(useAppStore.getState().groupCode).toBeNull();
    expect(screen.queryByRole('heading', { name: /group order/ })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Start a group order' })).toBeInTheDocument();
  });

  it('reads a kept group again when a menu screen opens after a reload', async () => {
    const api = mockApi({ ...menuRoute, [`GET /groups/${CODE}`]: { body: { group: view({ me: part() }) } } });
    storeWith({ groupCode: CODE });
    mount(Menu, '/menu/m-standard', { params: { mid: 'm-standard' } });
    expect(
      await screen.findByRole('heading', { name: "Adding to Dana's group order · closes at 11:30 AM" }),
    ).toBeInTheDocument();
    expect(api.to(`GET /groups/${CODE}`)).toHaveLength(1);
  });
});

describe('Start a group order (docs/group-orders.md, "Start")', () => {
  beforeEach(() => resetStore());

  it('opens the cart drawer on the start form over the cart of this menu', async () => {
    mockApi(menuRoute);
    const cart = real<{ cart: Record<string, unknown> }>('POST /api/cart/products').body.cart;
    storeWith({ cart });
    const user = setupUser();
    mount(Menu, '/menu/m-standard', { params: { mid: 'm-standard' } });
    await user.click(await screen.findByRole('button', { name: 'Start a group order' }, slow));
    expect(useAppStore.getState().ui).toMatchObject({ cartOpen: true, startGroup: true });
  });

  it('without a cart, starts one at the chosen location first, then opens the start form', async () => {
    const api = mockApi({
      ...menuRoute,
      'GET /cart': { status: 200, body: { cart: null } },
      'POST /cart': real('POST /api/cart'),
    });
    storeWith({ location: { id: 'oh-dayton', name: 'Dayton', menu_id: 'm-standard' } });
    const user = setupUser();
    mount(Menu, '/menu/m-standard', { params: { mid: 'm-standard' } });
    await user.click(await screen.findByRole('button', { name: 'Start a group order' }, slow));
    await waitFor(() => expect(useAppStore.getState().ui).toMatchObject({ cartOpen: true, startGroup: true }));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/cart')?.body).toMatchObject({
      menu_id: 'm-standard',
      location_id: 'oh-dayton',
    });
  });

  it('is not offered when the cart already is a group order', async () => {
    mockApi(menuRoute);
    const cart = real<{ cart: Record<string, unknown> }>('POST /api/cart/products').body.cart;
    storeWith({ cart: { ...cart, group: { code: CODE, host_name: 'Dana' } } });
    mount(Menu, '/menu/m-standard', { params: { mid: 'm-standard' } });
    await screen.findByRole('heading', { name: 'Chicken', level: 2 }, slow);
    expect(screen.queryByRole('button', { name: 'Start a group order' })).toBeNull();
  });
});

describe('group order page in the app layout (docs/webview.md)', () => {
  beforeEach(() => resetStore());

  it("lists the guest's own items on the page, with Remove and I'm done, since the app has no cart drawer", async () => {
    const line = { ...real<{ cart: { products: object[] } }>('POST /api/cart/products').body.cart.products[0] };
    const mine = part({ products: [line], subtotal_cents: 249, item_count: 1 });
    const api = mockApi({
      ...menuRoute,
      [`GET /groups/${CODE}`]: { body: { group: view({ me: mine }) } },
      [`PUT /groups/${CODE}/done`]: { body: { group: view({ me: { ...mine, done: true } }) } },
      [`DELETE /groups/${CODE}/lines/${(line as { id: string }).id}`]: {
        body: { group: view({ me: part({ done: true }) }) },
      },
    });
    const user = setupUser();
    mount(Group, `/app/group/${CODE}`, { params: { code: CODE }, layout: 'app' });
    const mineList = await screen.findByRole('region', { name: 'Your items' }, slow);
    expect(screen.queryByRole('button', { name: 'View your items' })).toBeNull();
    const name = (line as { data: { name: string } }).data.name;
    expect(within(mineList).getByText(name)).toBeInTheDocument();
    await user.click(within(mineList).getByRole('button', { name: 'I’m done' }));
    await within(mineList).findByRole('button', { name: 'I’m not done' });
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ done: true });
    await user.click(within(mineList).getByRole('button', { name: `Remove ${name}` }));
    await within(mineList).findByText("Nothing yet: add what you'd like from the menu below.");
  });
});
