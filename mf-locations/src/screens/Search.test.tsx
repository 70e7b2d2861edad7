import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { timing } from '@henhouse/kit/tokens';
import { apiError, mockApi, mount, resetStore, setupUser, storeWith, type Handler } from '@henhouse/kit/test/harness';
import { useAppStore } from '@henhouse/kit/state/store';
import { airport, bowlingGreen, cart, daytonLoc, lexington, louisville, louisvillePlace } from '../test/fixtures';
import Search from './Search';

jest.mock('../map/LocationMap', () => ({ LocationMap: jest.requireActual('../test/FakeMap').FakeMap }));

const centre = { lat: 39, lng: -85 };
/** GET /locations as the edge answers: the map centre, Louisville, or an address it cannot place. */
const locations: Handler = ({ url }) => {
  const q = url.searchParams.get('q');
  if (q === 'Louisville, KY')
    return { body: { locations: [bowlingGreen, louisville, lexington], center: louisvillePlace } };
  if (q) return apiError(400, 'address_not_found', "We couldn't find that address.", { address: 'not found' });
  if (url.searchParams.get('lat') === String(louisvillePlace.lat))
    return { body: { locations: [louisville, lexington], center: louisvillePlace } };
  return { body: { locations: [daytonLoc, louisville], center: centre } };
};
const edge = (more: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /locations': locations,
    'GET /places': ({ url }) => ({
      body: { places: url.searchParams.get('q')?.startsWith('lou') ? [louisvillePlace] : [] },
    }),
    'GET /cart': { body: { cart: null } },
    ...more,
  });

const field = () => screen.getByRole('combobox', { name: 'Address, city, state or ZIP code' });
const results = () => screen.getByRole('list', { name: /locations/i });
const resultNames = () =>
  within(results())
    .getAllByRole('heading')
    .map((h) => h.textContent);
const status = () => screen.getAllByRole('status').find((s) => s.closest('.hh-loc-layout__results')) as HTMLElement;
/** A result's card (the kit's location card), which says whether it is the selected one. */
const item = (name: string) => within(results()).getByRole('heading', { name }).closest('.hh-loc-card') as HTMLElement;
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  resetStore();
  Element.prototype.scrollIntoView = jest.fn();
});

async function loaded() {
  mount(Search, '/locations');
  await screen.findByRole('heading', { name: '2 locations near the centre of the map' });
}

describe('location search', () => {
  it('searches on load around the map centre and adds a marker per result', async () => {
    const api = edge();
    await loaded();
    const first = api.to('GET /locations')[0].url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ lat: '39', lng: '-85', limit: '10' });
    expect(resultNames()).toEqual(['Henhouse Louisville', 'Henhouse Dayton']);
    expect(
      within(screen.getByTestId('map'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Marker Henhouse Louisville', 'Marker Henhouse Dayton']);
    expect(screen.getByTestId('map')).toHaveAttribute('data-view', 'initial');
    expect(status()).toHaveTextContent('2 locations near the centre of the map, nearest first.');
  });

  it('holds the map back until the first results are listed', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((r) => (answer = r));
    edge({
      'GET /locations': async (req) => {
        await answered;
        return locations(req);
      },
    });
    mount(Search, '/locations');
    await screen.findByRole('heading', { name: 'Searching…' });
    expect(screen.getByTestId('map')).toHaveAttribute('data-hold', 'yes');
    answer();
    await screen.findByRole('heading', { name: '2 locations near the centre of the map' });
    expect(screen.getByTestId('map')).toHaveAttribute('data-hold', 'no');
  });

  it('lets the map load when the first search fails', async () => {
    edge({ 'GET /locations': apiError(503, 'unavailable', 'Locations are unavailable right now.') });
    mount(Search, '/locations');
    expect(screen.getByTestId('map')).toHaveAttribute('data-hold', 'yes');
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-hold', 'no'));
    expect(screen.getByText('Locations are unavailable right now.', { selector: '.hh-loc-notice' })).toBeVisible();
  });

  it('searches what the address bar asks for (formattedAddress) instead', async () => {
    const api = edge();
    mount(Search, '/locations?formattedAddress=Louisville%2C%20KY');
    await screen.findByRole('heading', { name: '3 locations near Louisville, KY' });
    expect(api.to('GET /locations')).toHaveLength(1);
    expect(field()).toHaveValue('Louisville, KY');
  });

  it('the field is named formattedAddress and the form works without JavaScript', async () => {
    edge();
    await loaded();
    expect(field()).toHaveAttribute('name', 'formattedAddress');
    const form = screen.getByRole('search', { name: 'Locations' });
    expect(form).toHaveAttribute('action', '/locations');
    expect(form).toHaveAttribute('method', 'get');
  });

  it('searches "Louisville, KY": results nearest first, markers on the map, the count announced', async () => {
    edge();
    const u = setupUser();
    await loaded();
    await u.type(field(), 'Louisville, KY{Enter}');
    await screen.findByRole('heading', { name: '3 locations near Louisville, KY' });
    expect(resultNames()).toEqual(['Henhouse Louisville', 'Henhouse Lexington', 'Henhouse Bowling Green']);
    expect(within(screen.getByTestId('map')).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByTestId('map')).toHaveAttribute('data-view', 'results');
    expect(status()).toHaveTextContent('3 locations near Louisville, KY, nearest first.');
    // Kept in the address bar, so Back from the menu shows the same search.
    expect(where()).toBe('/locations?formattedAddress=Louisville%2C%20KY');
  });

  it('an address the geocoder does not know says so in words and keeps the previous results', async () => {
    edge();
    const u = setupUser();
    await loaded();
    await u.type(field(), 'Nowhere Lane{Enter}');
    const msg = "We couldn't find “Nowhere Lane”. Check the spelling, or search for a city, state or ZIP code.";
    expect(await screen.findByText(msg)).toBeVisible();
    expect(resultNames()).toEqual(['Henhouse Louisville', 'Henhouse Dayton']);
    expect(status()).toHaveTextContent(`${msg} The locations you had are still listed.`);
  });

  it.each([
    ['an empty search', '', 'Enter an address, city, state or ZIP code to search.'],
    ['300 characters', 'x'.repeat(300), 'Search for at most 200 characters: shorten what you typed and try again.'],
  ])('%s is explained at the field without asking the edge', async (_what, typed, message) => {
    const api = edge();
    const u = setupUser();
    await loaded();
    if (typed) await u.click(field());
    if (typed) await u.paste(typed);
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field()).toHaveFocus();
    expect(api.to('GET /locations')).toHaveLength(1); // only the search on load
    expect(resultNames()).toHaveLength(2);
  });

  it('emoji alone find nothing, in words, without a request', async () => {
    const api = edge();
    const u = setupUser();
    await loaded();
    await u.type(field(), '🍗🍗{Enter}');
    expect(await screen.findByText(/We couldn't find “🍗🍗”/, { selector: '.hh-loc-notice' })).toBeVisible();
    expect(api.to('GET /locations')).toHaveLength(1);
    expect(resultNames()).toHaveLength(2);
  });

  it('a failure of the edge is a sentence, and the list stays', async () => {
    edge({
      'GET /locations': [
        { body: { locations: [daytonLoc, louisville], center: centre } },
        apiError(503, 'geocoder_unavailable', "Address search isn't available right now. Browse by state instead."),
      ],
    });
    const u = setupUser();
    await loaded();
    await u.type(field(), 'Louisville, KY{Enter}');
    expect(await screen.findByText("Address search isn't available right now. Browse by state instead.")).toBeVisible();
    expect(resultNames()).toHaveLength(2);
  });
});

describe('suggestions', () => {
  it('offers places as the guest types; arrows move, Enter picks and searches that place', async () => {
    const api = edge();
    const u = setupUser();
    await loaded();
    await u.type(field(), 'lou');
    const option = await screen.findByRole('option', { name: 'Louisville, KY' });
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(api.to('GET /places').map((c) => c.url.searchParams.get('q'))).toEqual(['lou']); // typed quickly: one request
    // The count is announced politely.
    expect(screen.getByText('1 suggestion.')).toHaveAttribute('role', 'status');
    await u.keyboard('{ArrowDown}');
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', option.id);
    await u.keyboard('{Enter}');
    expect(field()).toHaveValue('Louisville, KY');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await screen.findByRole('heading', { name: '2 locations near Louisville, KY' });
    // The picked place is already placed: searched by its coordinates.
    const last = api.to('GET /locations').at(-1)!.url.searchParams;
    expect(last.get('lat')).toBe(String(louisvillePlace.lat));
    expect(last.get('q')).toBeNull();
  });

  it('Escape closes the suggestions, and a click picks one', async () => {
    edge();
    const u = setupUser();
    await loaded();
    await u.type(field(), 'lou');
    await screen.findByRole('option', { name: 'Louisville, KY' });
    await u.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveValue('lou');
    await u.keyboard('{ArrowDown}');
    await u.click(screen.getByRole('option', { name: 'Louisville, KY' }));
    await screen.findByRole('heading', { name: '2 locations near Louisville, KY' });
  });

  it("waits the site's fetch delay after the last key stroke before asking", async () => {
    const api = edge();
    await loaded();
    jest.useFakeTimers();
    try {
      fireEvent.change(field(), { target: { value: 'lo' } });
      await act(async () => jest.advanceTimersByTime(timing.fetchDelayMs - 1));
      fireEvent.change(field(), { target: { value: 'lou' } });
      await act(async () => jest.advanceTimersByTime(timing.fetchDelayMs - 1));
      expect(api.to('GET /places')).toHaveLength(0);
      await act(async () => jest.advanceTimersByTime(1));
      expect(api.to('GET /places').map((c) => c.url.searchParams.get('q'))).toEqual(['lou']);
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByRole('option', { name: 'Louisville, KY' })).toBeInTheDocument();
  });

  it('asks nothing for one or two characters', async () => {
    const api = edge();
    const u = setupUser();
    await loaded();
    await u.type(field(), 'lo');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(api.to('GET /places')).toHaveLength(0);
    expect(screen.queryByRole('option')).toBeNull();
  });
});

describe('use my location', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
  });
  const geolocation = (ok: boolean) =>
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (yes: PositionCallback, no: PositionErrorCallback) =>
          ok
            ? yes({ coords: { latitude: 38.25421234, longitude: -85.75941234 } } as GeolocationPosition)
            : no({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });

  it('searches near the device, by coordinates', async () => {
    geolocation(true);
    const api = edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Use my location' }));
    await screen.findByRole('heading', { name: '2 locations near you' });
    const q = api.to('GET /locations').at(-1)!.url.searchParams;
    expect([q.get('lat'), q.get('lng')]).toEqual(['38.2542', '-85.7594']);
  });

  it('a refused position is explained and the list stays', async () => {
    geolocation(false);
    edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText(/Your browser is not sharing your location/, { selector: '.hh-loc-notice' }),
    ).toBeVisible();
    expect(resultNames()).toHaveLength(2);
  });
});

describe('list and map', () => {
  it('a marker selects its result: highlighted and scrolled into view', async () => {
    edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Marker Henhouse Dayton' }));
    expect(item('Henhouse Dayton')).toHaveAttribute('aria-current', 'true');
    expect(item('Henhouse Louisville')).not.toHaveAttribute('aria-current');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Marker Henhouse Dayton' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Marker Henhouse Dayton' })).toHaveAttribute('data-pan', 'no');
  });

  it('"Show on map" selects the marker and pans the map to it', async () => {
    edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Show on map Henhouse Louisville' }));
    const marker = screen.getByRole('button', { name: 'Marker Henhouse Louisville' });
    expect(marker).toHaveAttribute('aria-pressed', 'true');
    expect(marker).toHaveAttribute('data-pan', 'yes');
    expect(item('Henhouse Louisville')).toHaveAttribute('aria-current', 'true');
  });
});

describe('choosing a location', () => {
  it('with no cart starts one on its menu and goes to the menu', async () => {
    const api = edge({ 'POST /cart': { status: 201, body: { cart: cart('m-standard', 'ky-louisville') } } });
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Order here at Henhouse Louisville' }));
    await waitFor(() => expect(where()).toBe('/menu/m-standard'));
    expect(api.to('POST /cart')[0].body).toEqual({ menu_id: 'm-standard', location_id: 'ky-louisville' });
    expect(api.to('POST /cart/transfer')).toHaveLength(0);
    expect(useAppStore.getState().location?.id).toBe('ky-louisville');
    expect(useAppStore.getState().cart?.location_id).toBe('ky-louisville');
  });

  it('moves a cart from another menu and reports the items that could not move before the menu', async () => {
    storeWith({ cart: cart('m-standard', 'oh-dayton', ['Dayton Special', '3 Tenders']) });
    const api = edge({
      'GET /locations': { body: { locations: [lexington], center: centre } },
      'POST /cart/transfer': {
        body: {
          cart: cart('m-campus', 'ky-lexington', ['3 Tenders']),
          not_transferred: [{ line_id: 'l_1', name: 'Dayton Special', reason: "Not on this location's menu" }],
        },
      },
    });
    const u = setupUser();
    mount(Search, '/locations');
    await u.click(await screen.findByRole('button', { name: 'Order here at Henhouse Lexington' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Some items couldn't move" });
    expect(dialog).toHaveTextContent("Dayton Special: Not on this location's menu");
    expect(api.to('POST /cart/transfer')[0].body).toEqual({ menu_id: 'm-campus', location_id: 'ky-lexington' });
    expect(api.to('POST /cart')).toHaveLength(0);
    expect(where()).toBe('/locations'); // the guest reads the report first
    await u.click(within(dialog).getByRole('button', { name: 'Continue to the menu' }));
    expect(where()).toBe('/menu/m-campus');
  });

  it('moves a cart on the same menu to the chosen location without a report', async () => {
    storeWith({ cart: cart('m-standard', 'oh-dayton', ['3 Tenders']) });
    const api = edge({
      'POST /cart/transfer': {
        body: { cart: cart('m-standard', 'ky-louisville', ['3 Tenders']), not_transferred: [] },
      },
    });
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Order here at Henhouse Louisville' }));
    await waitFor(() => expect(where()).toBe('/menu/m-standard'));
    expect(api.to('POST /cart/transfer')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before emptying a cart that cannot move to a location with a menu of its own', async () => {
    storeWith({ cart: cart('m-standard', 'oh-dayton', ['3 Tenders']) });
    const api = edge({
      'GET /locations': { body: { locations: [airport], center: centre } },
      'POST /cart': { status: 201, body: { cart: cart('m-atlanta-airport', airport.id) } },
    });
    const u = setupUser();
    mount(Search, '/locations');
    await u.click(await screen.findByRole('button', { name: `Order here at ${airport.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a new cart?' });
    expect(dialog).toHaveTextContent('3 Tenders');
    await u.click(within(dialog).getByRole('button', { name: 'Keep my cart' }));
    expect(api.to('POST /cart')).toHaveLength(0);
    expect(useAppStore.getState().location).toBeNull();
    expect(where()).toBe('/locations');

    await u.click(screen.getByRole('button', { name: `Order here at ${airport.name}` }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start a new cart' }));
    await waitFor(() => expect(where()).toBe('/menu/m-atlanta-airport'));
    expect(api.to('POST /cart')).toHaveLength(1);
    expect(api.to('POST /cart/transfer')).toHaveLength(0);
  });

  it('a handoff the cart refuses keeps the guest on the page with the reason', async () => {
    storeWith({ cart: cart('m-standard', 'ky-louisville', [], 'delivery') });
    edge({
      'PUT /cart/handoff': apiError(422, 'handoff_unavailable', "Henhouse Louisville doesn't offer in-store pickup.", {
        mode: 'not offered here',
      }),
    });
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Order here at Henhouse Louisville' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Henhouse Louisville doesn't offer in-store pickup.");
    expect(where()).toBe('/locations');
    expect(screen.getByRole('button', { name: 'Order here at Henhouse Louisville' })).toHaveAccessibleDescription(
      "Henhouse Louisville doesn't offer in-store pickup.",
    );
  });
});

describe('favorites', () => {
  it('are offered to members only, as toggles', async () => {
    edge();
    await loaded();
    expect(screen.queryByRole('button', { name: /^Favorite/ })).toBeNull();
  });

  it('a member marks and unmarks a favorite', async () => {
    storeWith({ user: { id: 'm_1' } });
    const api = edge({
      'GET /user/favorites': { body: { favorites: [daytonLoc] } },
      'PUT /user/favorites/ky-louisville': { body: { favorites: [daytonLoc, louisville] } },
    });
    const u = setupUser();
    await loaded();
    const fav = await screen.findByRole('button', { name: 'Favorite Henhouse Dayton' });
    await waitFor(() => expect(fav).toHaveAttribute('aria-pressed', 'true'));
    const lou = screen.getByRole('button', { name: 'Favorite Henhouse Louisville' });
    expect(lou).toHaveAttribute('aria-pressed', 'false');
    await u.click(lou);
    await waitFor(() => expect(lou).toHaveAttribute('aria-pressed', 'true'));
    expect(api.calls.some((c) => c.method === 'PUT' && c.path === '/user/favorites/ky-louisville')).toBe(true);
  });
});

describe('handoff forms (from the kit)', () => {
  it('pickup is chosen first; delivery asks for the address and shows the edge answer at the street', async () => {
    const api = edge({
      'POST /locations/delivery': apiError(422, 'outside_delivery_area', "We don't deliver to that address yet.", {
        'address.street': 'Outside the delivery area',
      }),
    });
    const u = setupUser();
    await loaded();
    expect(screen.getByRole('radio', { name: /In-store/ })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Street address' })).toBeNull();
    await u.click(screen.getByRole('radio', { name: 'Delivery' }));
    await u.type(await screen.findByRole('textbox', { name: 'Street address' }), '1 Far Away Rd');
    await u.type(screen.getByRole('textbox', { name: 'City' }), 'Louisville');
    await u.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'KY');
    await u.type(screen.getByRole('textbox', { name: 'ZIP code' }), '40299');
    await u.click(screen.getByRole('button', { name: 'Find locations that deliver' }));
    const street = screen.getByRole('textbox', { name: 'Street address' });
    await waitFor(() =>
      expect(street).toHaveAccessibleDescription(expect.stringContaining('Outside the delivery area')),
    );
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /locations/delivery')[0].body).toEqual({
      address: { street: '1 Far Away Rd', city: 'Louisville', state: 'KY', zip: '40299' },
    });
    expect(resultNames()).toEqual(['Henhouse Louisville', 'Henhouse Dayton']); // the list stays
  });

  it('curbside asks for the car; saved, it is shown in words', async () => {
    edge();
    const u = setupUser();
    await loaded();
    await u.click(screen.getByRole('radio', { name: /Curbside/ }));
    await u.type(await screen.findByRole('textbox', { name: 'Car make' }), 'Honda');
    await u.type(screen.getByRole('textbox', { name: 'Car model' }), 'Civic');
    await u.type(screen.getByRole('textbox', { name: 'Car color' }), 'Red');
    await u.click(screen.getByRole('button', { name: 'Save car' }));
    expect(await screen.findByText(/Curbside pickup in your Red Honda Civic/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change car' })).toBeVisible();
  });
});
