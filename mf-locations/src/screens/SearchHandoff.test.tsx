// The handoff on the search screen: what each mode asks for before a location can be chosen,
// the delivery check, and the handoff saved on the cart. The forms are the kit's (tested
// there); here a stand-in sends what a filled form sends.
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { cart, daytonLoc, lexington, louisville } from '../test/fixtures';
import { homeAddress, redCivic } from '../test/FakeHandoff';
import Search from './Search';

jest.mock('../map/LocationMap', () => ({ LocationMap: jest.requireActual('../test/FakeMap').FakeMap }));
jest.mock('../search/HandoffPanel', () => ({ HandoffPanel: jest.requireActual('../test/FakeHandoff').FakeHandoff }));

const centre = { lat: 39, lng: -85 };
const outside = apiError(422, 'outside_delivery_area', "We don't deliver to that address yet. Try pickup instead.", {
  'address.street': 'Outside the delivery area',
});
const edge = (more: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /locations': { body: { locations: [daytonLoc, lexington, louisville], center: centre } },
    'GET /cart': { body: { cart: null } },
    'POST /cart': { status: 201, body: { cart: cart('m-standard', 'ky-louisville') } },
    'POST /locations/delivery': ({ body }) =>
      (body as { address: { street: string } }).address.street === homeAddress.street
        ? { body: { locations: [louisville], center: { lat: 38.25, lng: -85.76 } } }
        : outside,
    ...more,
  });

const results = () => screen.getByRole('list', { name: /location/i });
const resultNames = () =>
  within(results())
    .getAllByRole('heading')
    .map((h) => h.textContent);
const formState = () => JSON.parse(screen.getByTestId('form-errors').textContent!);
const where = () => screen.getByTestId('where').textContent;
const orderAt = (name: string) => screen.getByRole('button', { name: `Order here at ${name}` });

beforeEach(() => {
  resetStore();
  Element.prototype.scrollIntoView = jest.fn();
});

async function loaded() {
  mount(Search, '/locations');
  await screen.findByRole('heading', { name: '3 locations near the centre of the map' });
}

describe('handoff on the search screen', () => {
  it('pickup is chosen first and asks for nothing', async () => {
    const api = edge();
    const u = setupUser();
    await loaded();
    expect(screen.getByTestId('mode')).toHaveTextContent('pickup');
    await u.click(orderAt('Henhouse Louisville'));
    await waitFor(() => expect(where()).toBe('/menu/m-standard'));
    expect(api.to('PUT /cart/handoff')).toHaveLength(0); // a new cart is pickup already
  });

  it('delivery lists only the locations that deliver to the address', async () => {
    const api = edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Mode delivery' }));
    // Lexington does not deliver: its action is disabled with the reason in words.
    expect(orderAt('Henhouse Lexington')).toHaveAttribute('aria-disabled', 'true');
    expect(orderAt('Henhouse Lexington')).toHaveAccessibleDescription("This location doesn't deliver.");
    await u.click(screen.getByRole('button', { name: 'Send home address' }));
    await screen.findByRole('heading', { name: '1 location delivering to 100 W Main St' });
    expect(api.to('POST /locations/delivery')[0].body).toEqual({ address: homeAddress });
    expect(resultNames()).toEqual(['Henhouse Louisville']);
    expect(screen.getByTestId('map')).toHaveAttribute('data-view', 'results');
  });

  it('an address outside every delivery area is a field message, and the list stays', async () => {
    edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Mode delivery' }));
    await u.click(screen.getByRole('button', { name: 'Send far address' }));
    await waitFor(() => expect(formState().delivery).toEqual({ 'address.street': 'Outside the delivery area' }));
    expect(resultNames()).toEqual(['Henhouse Louisville', 'Henhouse Lexington', 'Henhouse Dayton']);
    expect(
      screen.getAllByRole('status').some((s) => s.textContent?.includes("We don't deliver to that address yet.")),
    ).toBe(true);
  });

  it('choosing for delivery before an address asks for it first', async () => {
    const api = edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Mode delivery' }));
    await u.click(orderAt('Henhouse Louisville'));
    expect(screen.getByTestId('prompt')).toHaveTextContent('Enter your delivery address first');
    expect(screen.getByTestId('handoff-form')).toHaveFocus();
    expect(api.to('POST /cart')).toHaveLength(0);
    expect(where()).toBe('/locations');
  });

  it('a delivery order saves the address on the cart and goes to the menu', async () => {
    const api = edge({ 'PUT /cart/handoff': { body: { cart: cart('m-standard', 'ky-louisville', [], 'delivery') } } });
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Mode delivery' }));
    await u.click(screen.getByRole('button', { name: 'Send home address' }));
    await screen.findByRole('heading', { name: '1 location delivering to 100 W Main St' });
    await u.click(orderAt('Henhouse Louisville'));
    await waitFor(() => expect(where()).toBe('/menu/m-standard'));
    expect(api.to('PUT /cart/handoff')[0].body).toEqual({
      mode: 'delivery',
      address: homeAddress,
      delivery_notes: 'Ring twice',
    });
  });

  it("a delivery the location's radius does not reach stays on the page with the field message", async () => {
    edge({ 'PUT /cart/handoff': outside });
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Mode delivery' }));
    await u.click(screen.getByRole('button', { name: 'Send home address' }));
    await screen.findByRole('heading', { name: '1 location delivering to 100 W Main St' });
    await u.click(orderAt('Henhouse Louisville'));
    expect(await screen.findByRole('alert')).toHaveTextContent("We don't deliver to that address yet.");
    expect(formState().delivery).toEqual({ 'address.street': 'Outside the delivery area' });
    expect(where()).toBe('/locations');
  });

  it('curbside asks for the vehicle before a location, then saves it on the cart', async () => {
    const api = edge({ 'PUT /cart/handoff': { body: { cart: cart('m-standard', 'ky-louisville', [], 'curbside') } } });
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Mode curbside' }));
    await u.click(orderAt('Henhouse Louisville'));
    expect(screen.getByTestId('prompt')).toHaveTextContent("Enter your vehicle's make, model and color first");
    expect(api.to('POST /cart')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Send vehicle' }));
    expect(screen.queryByTestId('prompt')).toBeNull();
    await u.click(orderAt('Henhouse Louisville'));
    await waitFor(() => expect(where()).toBe('/menu/m-standard'));
    expect(api.to('PUT /cart/handoff')[0].body).toEqual({ mode: 'curbside', vehicle: redCivic });
  });
});
