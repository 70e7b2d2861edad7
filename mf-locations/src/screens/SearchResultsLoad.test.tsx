// The results list is a file of its own, fetched with the first search. If that file
// cannot be fetched, the screen fails as a whole (the page's area boundary says so and
// reloads once) rather than showing a count above a list that never comes.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@henhouse/kit/router';
import { mockApi, resetStore, ScreenFailure } from '@henhouse/kit/test/harness';
import { daytonLoc, louisville } from '../test/fixtures';
import Search from './Search';

jest.mock('../map/LocationMap', () => ({ LocationMap: jest.requireActual('../test/FakeMap').FakeMap }));
jest.mock('../search/SearchResults', () => {
  throw Object.assign(new Error('Loading chunk search-results failed.'), { name: 'ChunkLoadError' });
});

beforeEach(() => {
  resetStore();
  Element.prototype.scrollIntoView = jest.fn();
  mockApi({
    'GET /locations': { body: { locations: [daytonLoc, louisville], center: { lat: 39, lng: -85 } } },
    'GET /cart': { body: { cart: null } },
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

it("a results file that doesn't load fails the screen instead of listing nothing", async () => {
  render(
    <ScreenFailure>
      <MemoryRouter initialEntries={['/locations']}>
        <Search routeId="test" params={{}} query={{}} layout="default" />
      </MemoryRouter>
    </ScreenFailure>,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('ChunkLoadError');
  expect(screen.queryByRole('heading', { name: /locations near/ })).not.toBeInTheDocument();
});
