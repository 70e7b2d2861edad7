import { mockApi, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, clientFirstRender } from '@henhouse/kit/prerender/test/compare';
import { renderScreens } from './prerender';
import Search from './screens/Search';

// The search's copy is what the screen renders first for a visitor with no address in
// the address bar: the search box, the handoff choice and the results' heading.
beforeEach(() => {
  resetStore();
  mockApi({ 'GET /locations': () => new Promise(() => {}) });
  // A browser's: every browser the site supports can be asked for its position.
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition() {} }, configurable: true });
});
afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

it('draws the location search as it first renders, for an address bar without a query', () => {
  const copy = renderScreens().screens.Search;
  expect(copy.when).toEqual(['noQuery']);
  expect(copy.partial).toBe(true);
  const html = copy.layouts.default ?? '';
  expect(html).toContain('Search');
  expect(html).toContain('Pickup');
  expect(html).toContain('Use my location');
  expect(html).toContain('See every location by state');
  expect(
    clientFirstRender(<Search routeId="locations" params={{}} query={{}} layout="default" />, '/locations', 'default'),
  ).toBe(asPageHolds(html));
});
