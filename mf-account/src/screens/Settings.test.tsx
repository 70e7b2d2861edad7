import { act, screen, waitFor, within } from '@testing-library/react';
import type { AddressInput, Location, MemberOrder, SavedAddress, SavedCard } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { setBootstrap } from '@henhouse/kit/bootstrap';
import { mockApi, mount, resetStore, setFeatures, setupUser } from '@henhouse/kit/test/harness';
import { ada, members, real, token } from '../test/recorded';
import Settings from './Settings';

// The member's lists as the edge answers them: Home (default) and Office, a Visa
// (default, "Everyday") and a Mastercard, Dayton saved, one order.
const addresses = real<{ addresses: SavedAddress[] }>('GET /api/user/addresses').body.addresses;
const [home, office] = addresses;
const cards = real<{ cards: SavedCard[] }>('GET /api/user/cards').body.cards;
const dayton = real<{ favorites: Location[] }>('GET /api/user/favorites').body.favorites[0];
const kettering = {
  ...dayton,
  id: 'oh-kettering',
  slug: 'kettering',
  name: 'Henhouse Kettering',
  address: { street: '9 Far Hills Ave', city: 'Kettering', state: 'OH', zip: '45429' },
};

const lists = {
  'GET /user/addresses': real('GET /api/user/addresses'),
  'GET /user/cards': real('GET /api/user/cards'),
  'GET /user/favorites': real('GET /api/user/favorites'),
  'GET /user/orders': real('GET /api/user/orders'),
};

beforeEach(() => {
  resetStore();
  useAppStore.getState().set({ user: ada, token, members });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  jest.restoreAllMocks();
  setBootstrap(null);
});

async function ready() {
  await screen.findByRole('list', { name: 'Saved addresses' });
  await screen.findByRole('list', { name: 'Saved cards' });
  await screen.findByRole('list', { name: 'Saved locations' });
  await screen.findByRole('table');
}

describe('account settings (/account/settings)', () => {
  it('sends a guest to sign in', async () => {
    resetStore();
    mockApi({});
    mount(Settings, '/account/settings');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/account/signin?return=%2Faccount%2Fsettings'),
    );
  });

  it('leaves out the lists the loyalty program does not offer, and never asks for them', async () => {
    // The edge says false for a role the program does not fill (docs/providers.md).
    setFeatures({ addresses: false, wallet: false, favorites: false });
    const api = mockApi({ 'GET /user/orders': real('GET /api/user/orders') });
    mount(Settings, '/account/settings');
    await screen.findByRole('table');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    for (const gone of ['Saved addresses', 'Saved cards', 'Saved locations']) {
      expect(screen.queryByRole('heading', { name: gone })).toBeNull();
      expect(within(nav).queryByRole('link', { name: gone })).toBeNull();
    }
    expect(within(nav).getByRole('link', { name: 'Order history' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(api.to('GET /user/addresses')).toHaveLength(0);
    expect(api.to('GET /user/cards')).toHaveLength(0);
    expect(api.to('GET /user/favorites')).toHaveLength(0);
  });

  it('edits the profile and updates the store', async () => {
    const api = mockApi({ ...lists, 'PATCH /user': real('PATCH /api/user') });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Phone number')).toHaveValue('(513) 555-0100');
    const last = screen.getByLabelText('Last name');
    expect(last).toHaveValue('Lovelace');
    await user.clear(last);
    await user.type(last, 'King');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(api.to('PATCH /user')[0].body).toEqual({ first_name: 'Ada', last_name: 'King', phone: '5135550100' });
    expect(useAppStore.getState().user).toMatchObject({ first_name: 'Ada', last_name: 'King' });
  });

  it('saves notification settings, sending only what changed', async () => {
    const api = mockApi({ ...lists, 'PATCH /user/settings': real('PATCH /api/user/settings') });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    expect(screen.getByLabelText('Email me offers and news')).not.toBeChecked();
    expect(screen.getByLabelText('Text me offers')).not.toBeChecked();
    expect(screen.getByLabelText('Paperless receipts by email')).toBeChecked();
    await user.click(screen.getByLabelText('Email me offers and news'));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    expect(api.to('PATCH /user/settings')[0].body).toEqual({ email_offers: true });
    expect(useAppStore.getState().user).toMatchObject({ settings: { email_offers: true } });
    // Saved again with nothing changed since, it sends nothing to change.
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(api.to('PATCH /user/settings')).toHaveLength(2));
    expect(api.to('PATCH /user/settings')[1].body).toEqual({});
  });

  it('changes the password, showing a wrong current password on its field', async () => {
    const api = mockApi({
      ...lists,
      'POST /user/password': [real('POST /api/user/password wrong_password'), real('POST /api/user/password')],
    });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    await user.type(screen.getByLabelText('Current password'), 'oldpass1');
    await user.type(screen.getByLabelText('New password'), 'newchicken9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("That isn't your current password")).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    expect(api.to('POST /user/password')[1].body).toEqual({ current: 'oldpass1', password: 'newchicken9' });
  });

  it('adds, edits and removes saved addresses', async () => {
    const work = { ...office, id: 'addr_9', label: 'Work', street: '7 Main St', zip: '45402' };
    const api = mockApi({
      ...lists,
      'POST /user/addresses': { status: 201, body: { addresses: [...addresses, work] } },
      'PUT /user/addresses/addr_2': ({ body }) => ({
        body: { addresses: [home, { ...office, ...(body as AddressInput) }] },
      }),
      'DELETE /user/addresses/addr_2': real('DELETE /api/user/addresses/{id}'),
    });
    mount(Settings, '/account/settings');
    await ready();
    const saved = screen.getByRole('list', { name: 'Saved addresses' });
    expect(within(saved).getByRole('heading', { name: 'Home (default)' }).closest('li')).toHaveTextContent(
      '1 Elm St, Apt 2, Dayton, OH 45402Ring twice',
    );
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByLabelText(/Name for this address/)).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Enter the street address')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Name for this address/), 'Work');
    await user.type(within(form).getByLabelText('Street address'), '7 Main St');
    await user.type(within(form).getByLabelText('City'), 'Dayton');
    await user.type(within(form).getByLabelText(/^State/), 'oh');
    await user.type(within(form).getByLabelText('ZIP code'), '45402');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Added Work.')).toBeInTheDocument();
    expect(api.to('POST /user/addresses')[0].body).toMatchObject({
      label: 'Work',
      street: '7 Main St',
      city: 'Dayton',
      state: 'OH',
      zip: '45402',
      default: false,
    });

    await user.click(screen.getByRole('button', { name: 'Edit Office' }));
    const edit = screen.getByRole('form', { name: 'Edit Office' });
    expect(within(edit).getByLabelText('Street address')).toHaveValue('5 Oak Ave');
    await user.type(within(edit).getByLabelText(/Apartment or suite/), 'Suite 4');
    await user.click(within(edit).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Saved Office.')).toBeInTheDocument();
    expect(api.to('PUT /user/addresses/addr_2')[0].body).toMatchObject({
      label: 'Office',
      street: '5 Oak Ave',
      unit: 'Suite 4',
    });

    await user.click(screen.getByRole('button', { name: 'Remove Office' }));
    expect(await screen.findByText('Removed Office.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Saved addresses' })).queryByText('Office')).toBeNull();
  });

  it('lists saved cards by brand, last 4 and expiry, and removes one', async () => {
    const api = mockApi({ ...lists, 'DELETE /user/cards/card_2': real('DELETE /api/user/cards/{id}') });
    mount(Settings, '/account/settings');
    await ready();
    const list = screen.getByRole('list', { name: 'Saved cards' });
    expect(
      within(list).getByRole('heading', { name: 'Everyday: Visa ending in 4242 (default)' }).closest('li'),
    ).toHaveTextContent('Expires 04/2039');
    expect(within(list).getByRole('heading', { name: 'Mastercard ending in 4444' }).closest('li')).toHaveTextContent(
      'Expires 11/2038',
    );
    expect(list).not.toHaveTextContent('tok_');
    await setupUser().click(within(list).getByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    expect(await screen.findByText('Removed the Mastercard ending in 4444.')).toBeInTheDocument();
    expect(api.to('DELETE /user/cards/card_2')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Saved cards' })).queryByText(/4444/)).toBeNull();
  });

  it('says when a saved card has expired', async () => {
    mockApi({ ...lists, 'GET /user/cards': { body: { cards: [{ ...cards[1], exp_year: 2020, expired: true }] } } });
    mount(Settings, '/account/settings');
    await ready();
    expect(screen.getByRole('list', { name: 'Saved cards' })).toHaveTextContent('Expired 11/2020');
  });

  it('saves and removes favorite locations', async () => {
    const api = mockApi({
      ...lists,
      'GET /locations': { body: { locations: [kettering] } },
      'PUT /user/favorites/oh-kettering': { body: { favorites: [dayton, kettering] } },
      'DELETE /user/favorites/oh-dayton': { body: { favorites: [kettering] } },
    });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    const saved = screen.getByRole('list', { name: 'Saved locations' });
    expect(within(saved).getByRole('heading', { name: 'Henhouse Dayton (favorite)' }).closest('li')).toHaveTextContent(
      '1113 Liberty Ave, Dayton, OH 45402',
    );
    await user.type(screen.getByLabelText('City, state or ZIP code'), 'Kettering{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Save Henhouse Kettering' }));
    expect(await screen.findByText('Saved Henhouse Kettering.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Henhouse Dayton' }));
    expect(await screen.findByText('Removed Henhouse Dayton.')).toBeInTheDocument();
    expect(api.to('DELETE /user/favorites/oh-dayton')).toHaveLength(1);
  });

  it('shows the order history, newest first, with its points pending until the order completes, and links to each order', async () => {
    mockApi(lists);
    mount(Settings, '/account/settings');
    await ready();
    const table = screen.getByRole('table', { name: 'Your orders, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Jan 15, 2030',
      'Chicken Biscuit, Buttermilk Biscuit, Seasoned Fries',
      'Henhouse Dayton',
      '$4.28',
      'Pending (+30)',
      'View order from Jan 15, 2030Order again the order from Jan 15, 2030',
    ]);
    expect(within(row).getByRole('button', { name: 'Order again the order from Jan 15, 2030' })).toBeEnabled();
    expect(within(table).getByRole('link', { name: 'View order from Jan 15, 2030' })).toHaveAttribute(
      'href',
      '/order/confirm/o_1',
    );
    await act(async () => undefined);
  });

  it.each([
    [{ status: 'pending', points: 0, pending_points: 120 }, 'Pending (+120)'],
    [{ status: 'credited', points: 1250 }, '+1,250'],
    [{ status: 'cancelled', points: 0 }, 'Cancelled'],
  ] as const)('words an order’s points as the server states them (%o)', async (state, shown) => {
    const orders = real<{ orders: MemberOrder[] }>('GET /api/user/orders');
    Object.assign(orders.body.orders[0], state);
    mockApi({ ...lists, 'GET /user/orders': orders });
    mount(Settings, '/account/settings');
    await ready();
    const [, row] = within(screen.getByRole('table', { name: 'Your orders, newest first' })).getAllByRole('row');
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent(shown);
    await act(async () => undefined);
  });

  it('shows how many of an item an order had', async () => {
    const orders = real<{ orders: MemberOrder[] }>('GET /api/user/orders');
    orders.body.orders[0].items[0].quantity = 2;
    mockApi({ ...lists, 'GET /user/orders': orders });
    mount(Settings, '/account/settings');
    await ready();
    expect(screen.getByRole('table')).toHaveTextContent('2 × Chicken Biscuit, Buttermilk Biscuit');
  });
});
