import { act, screen, waitFor, within } from '@testing-library/react';
import { useAppStore } from '@henhouse/kit/state/store';
import { ada, apiError, members, mockApi, mount, resetStore, setupUser, token } from '../test/harness';
import Settings from './Settings';

const home = { id: 'a1', label: 'Home', street: '1 Elm St', city: 'Dayton', state: 'OH', zip: '45402', default: true };
const visa = { id: 'card_1', brand: 'Visa', last4: '4242', expMonth: 4, expYear: 2031 };
const dayton = { id: 'oh-dayton', name: 'Henhouse Dayton', address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' } };
const kettering = { id: 'oh-kettering', name: 'Henhouse Kettering', address: { street: '9 Far Hills Ave', city: 'Kettering', state: 'OH', zip: '45429' } };
const order = { id: 'o_1', status: 'placed', placed_at: '2026-03-01T17:00:00Z', location: { name: 'Henhouse Dayton' }, totals: { total_cents: 1299 }, products: [{ data: { name: '3 Tenders' }, quantity: 2 }] };

const lists = {
  'GET /user/addresses': { body: { addresses: [home] } },
  'GET /user/cards': { body: { cards: [visa] } },
  'GET /user/favorites': { body: { favorites: [dayton] } },
  'GET /user/orders': { body: { orders: [order] } },
};

beforeEach(() => {
  resetStore();
  useAppStore.getState().set({ user: ada, token, members });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => jest.restoreAllMocks());

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
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/signin?return=%2Faccount%2Fsettings'));
  });

  it('edits the profile and updates the store', async () => {
    const api = mockApi({ ...lists, 'PATCH /user': ({ body }) => ({ body: { user: { ...ada, ...body } } }) });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(api.to('PATCH /user')[0].body).toEqual({ firstName: 'Augusta', lastName: 'Lovelace', phone: '5135550100', birthday: '1990-12-10' });
    expect(useAppStore.getState().user).toMatchObject({ firstName: 'Augusta' });
  });

  it('saves notification settings', async () => {
    const api = mockApi({ ...lists, 'PUT /user/settings': ({ body }) => ({ body: { user: { ...ada, settings: body } } }) });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    expect(screen.getByLabelText('Email me offers and news')).toBeChecked();
    await user.click(screen.getByLabelText('Text me offers'));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    expect(api.to('PUT /user/settings')[0].body).toEqual({ emailOffers: true, smsOffers: true, paperlessReceipts: true });
  });

  it('changes the password, showing a wrong current password on its field', async () => {
    const api = mockApi({ ...lists, 'POST /user/password': [apiError(400, 'invalid_credentials', 'Check your password.', { current: "That isn't your current password." }), { body: { changed: true } }] });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    await user.type(screen.getByLabelText('Current password'), 'oldpass1');
    await user.type(screen.getByLabelText('New password'), 'newchicken9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("That isn't your current password.")).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    expect(api.to('POST /user/password')[1].body).toEqual({ current: 'oldpass1', password: 'newchicken9' });
  });

  it('adds, edits and removes saved addresses', async () => {
    const work = { id: 'a2', label: 'Work', street: '5 Oak Ave', city: 'Dayton', state: 'OH', zip: '45403' };
    const api = mockApi({
      ...lists,
      'POST /user/addresses': { status: 201, body: { addresses: [home, work] } },
      'PUT /user/addresses/a1': ({ body }) => ({ body: { addresses: [{ ...home, ...body }, work] } }),
      'DELETE /user/addresses/a2': { body: { addresses: [home] } },
    });
    mount(Settings, '/account/settings');
    await ready();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByLabelText(/Name for this address/)).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Enter the street address')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Name for this address/), 'Work');
    await user.type(within(form).getByLabelText('Street address'), '5 Oak Ave');
    await user.type(within(form).getByLabelText('City'), 'Dayton');
    await user.type(within(form).getByLabelText(/^State/), 'oh');
    await user.type(within(form).getByLabelText('ZIP code'), '45403');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Added Work.')).toBeInTheDocument();
    expect(api.to('POST /user/addresses')[0].body).toMatchObject({ label: 'Work', street: '5 Oak Ave', city: 'Dayton', state: 'OH', zip: '45403', default: false });

    await user.click(screen.getByRole('button', { name: 'Edit Home' }));
    const edit = screen.getByRole('form', { name: 'Edit Home' });
    await user.type(within(edit).getByLabelText(/Apartment or suite/), 'Apt 2');
    await user.click(within(edit).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Saved Home.')).toBeInTheDocument();
    expect(api.to('PUT /user/addresses/a1')[0].body).toMatchObject({ unit: 'Apt 2' });

    await user.click(screen.getByRole('button', { name: 'Remove Work' }));
    expect(await screen.findByText('Removed Work.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Saved addresses' })).queryByText('Work')).toBeNull();
  });

  it('lists saved cards by brand and last 4, and removes one', async () => {
    const api = mockApi({ ...lists, 'DELETE /user/cards/card_1': { body: { cards: [] } } });
    mount(Settings, '/account/settings');
    await ready();
    const cards = screen.getByRole('list', { name: 'Saved cards' });
    expect(cards).toHaveTextContent('Visa ending in 4242');
    expect(cards).toHaveTextContent('Expires 04/2031');
    await setupUser().click(within(cards).getByRole('button', { name: 'Remove Visa ending in 4242' }));
    expect(await screen.findByText('Removed the Visa ending in 4242.')).toBeInTheDocument();
    expect(api.to('DELETE /user/cards/card_1')).toHaveLength(1);
    expect(screen.getByText('No saved cards. You can save a card when you check out.')).toBeInTheDocument();
  });

  it('saves and removes favourite locations', async () => {
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
    expect(within(saved).getByRole('heading', { name: 'Henhouse Dayton (favourite)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('City, state or ZIP code'), 'Kettering{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Save Henhouse Kettering' }));
    expect(await screen.findByText('Saved Henhouse Kettering.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Henhouse Dayton' }));
    expect(await screen.findByText('Removed Henhouse Dayton.')).toBeInTheDocument();
    expect(api.to('DELETE /user/favorites/oh-dayton')).toHaveLength(1);
  });

  it('shows the order history, newest first, with links to each order', async () => {
    mockApi(lists);
    mount(Settings, '/account/settings');
    await ready();
    const table = screen.getByRole('table', { name: 'Your orders, newest first' });
    expect(table).toHaveTextContent('2 × 3 Tenders');
    expect(table).toHaveTextContent('$12.99');
    expect(within(table).getByRole('link', { name: /View order from/ })).toHaveAttribute('href', '/order/confirm/o_1');
    await act(async () => undefined);
  });
});
