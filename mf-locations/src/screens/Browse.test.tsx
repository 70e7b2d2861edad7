import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from '@henhouse/kit/router';
import { mockApi, resetStore, setupUser, type Handler } from '@henhouse/kit/test/harness';
import { bowlingGreen, cart, lexington, louisville } from '../test/fixtures';
import Browse from './Browse';

jest.mock('../map/LocationMap', () => ({ LocationMap: jest.requireActual('../test/FakeMap').FakeMap }));

/** The browse route as the shell mounts it: its path parameters as props. */
function mountBrowse(url: string) {
  function AtRoute() {
    const params = useParams();
    const l = useLocation();
    return (
      <>
        <Browse routeId="locations-browse" params={params as Record<string, string>} query={{}} layout="default" />
        <output data-testid="where">{l.pathname}</output>
      </>
    );
  }
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/locations/:state/:city?/:address?" element={<AtRoute />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const ky = [bowlingGreen, lexington, louisville].map((l) => ({ ...l, distance_miles: undefined }));
const browse: Handler = ({ url }) => {
  const state = url.searchParams.get('state');
  const city = url.searchParams.get('city');
  const address = url.searchParams.get('address');
  let out = state === 'KY' ? ky : [];
  if (city) out = out.filter((l) => l.address.city.toLowerCase().replace(/[^a-z0-9]/g, '-') === city);
  if (address) out = out.filter((l) => l.slug === address);
  return { body: { locations: out } };
};

beforeEach(resetStore);

describe('browse by state, city and address', () => {
  it('a state lists its cities and locations, with the map fitted to them', async () => {
    const api = mockApi({ 'GET /locations': browse });
    mountBrowse('/locations/ky');
    expect(await screen.findByRole('heading', { name: '3 locations in Kentucky' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Kentucky' })).toBeVisible();
    expect(api.to('GET /locations')[0].url.searchParams.get('state')).toBe('KY');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'All locations' })).toHaveAttribute('href', '/locations/all');
    expect(within(crumbs).getByText('Kentucky')).toHaveAttribute('aria-current', 'page');
    const cities = screen.getByRole('navigation', { name: 'Cities in Kentucky' });
    expect(
      within(cities)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Bowling Green', '/locations/ky/bowling-green'],
      ['Lexington', '/locations/ky/lexington'],
      ['Louisville', '/locations/ky/louisville'],
    ]);
    expect(screen.getByRole('heading', { name: '3 locations in Kentucky' })).toBeVisible();
    expect(screen.getByTestId('map')).toHaveAttribute('data-view', 'results');
    expect(within(screen.getByTestId('map')).getAllByRole('button')).toHaveLength(3);
  });

  it('a city is "Louisville, KY" under All locations › Kentucky', async () => {
    mockApi({ 'GET /locations': browse });
    mountBrowse('/locations/ky/louisville');
    await screen.findByRole('heading', { name: '1 location in Louisville, KY' });
    expect(screen.getByRole('heading', { level: 2, name: 'Louisville, KY' })).toBeVisible();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['All locations', 'Kentucky', 'Louisville']);
    expect(within(crumbs).getByRole('link', { name: 'Kentucky' })).toHaveAttribute('href', '/locations/ky');
    expect(screen.getByRole('link', { name: 'Details for Henhouse Louisville' })).toHaveAttribute(
      'href',
      '/locations/ky/louisville/louisville',
    );
  });

  it('a location page names the location and starts an order there', async () => {
    const api = mockApi({
      'GET /locations': browse,
      'GET /cart': { body: { cart: null } },
      'POST /cart': { status: 201, body: { cart: cart('m-standard', 'ky-louisville') } },
    });
    const u = setupUser();
    mountBrowse('/locations/ky/louisville/louisville');
    expect(await screen.findByRole('heading', { level: 2, name: 'Henhouse Louisville' })).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Order here at Henhouse Louisville' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/menu/m-standard'));
    expect(api.to('POST /cart')[0].body).toEqual({ menu_id: 'm-standard', location_id: 'ky-louisville' });
  });

  it.each(['/locations/zz', '/locations/ky/nowhere', '/locations/ky/louisville/nowhere'])(
    '%s matches no location: the not-found page',
    async (path) => {
      mockApi({ 'GET /locations': browse });
      mountBrowse(path);
      expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    },
  );
});
