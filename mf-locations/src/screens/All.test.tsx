import { screen, within } from '@testing-library/react';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { bowlingGreen, daytonLoc, lexington, loc, louisville } from '../test/fixtures';
import All, { groupByState } from './All';

const stLouis = loc({
  id: 'mo-st-louis',
  slug: 'st-louis',
  name: 'Henhouse St. Louis',
  address: { street: '1 Market St', city: 'St. Louis', state: 'MO', zip: '63101' },
});
const states = {
  states: [
    {
      code: 'KY',
      count: 3,
      cities: [
        { name: 'Bowling Green', slug: 'bowling-green', count: 1 },
        { name: 'Lexington', slug: 'lexington', count: 1 },
        { name: 'Louisville', slug: 'louisville', count: 1 },
      ],
    },
    { code: 'MO', count: 1, cities: [{ name: 'St. Louis', slug: 'st--louis', count: 1 }] },
    { code: 'OH', count: 1, cities: [{ name: 'Dayton', slug: 'dayton', count: 1 }] },
  ],
};
const all = [daytonLoc, louisville, lexington, bowlingGreen, stLouis];

beforeEach(resetStore);

describe('all locations', () => {
  it('groups every location by state (full names) and city', () => {
    const g = groupByState(states.states, all);
    expect(g.map((s) => s.name)).toEqual(['Kentucky', 'Missouri', 'Ohio']);
    expect(g[0].cities.map((c) => [c.name, c.locations.map((l) => l.name)])).toEqual([
      ['Bowling Green', ['Henhouse Bowling Green']],
      ['Lexington', ['Henhouse Lexington']],
      ['Louisville', ['Henhouse Louisville']],
    ]);
    expect(g[1].cities[0].locations.map((l) => l.id)).toEqual(['mo-st-louis']);
  });

  it('links states, cities and locations to their pages with real addresses', async () => {
    mockApi({ 'GET /locations/states': { body: states }, 'GET /locations': { body: { locations: all } } });
    mount(All, '/locations/all');
    const ky = await screen.findByRole('region', { name: 'Kentucky (3)' });
    expect(within(ky).getByRole('link', { name: 'Kentucky' })).toHaveAttribute('href', '/locations/ky');
    expect(within(ky).getByRole('link', { name: 'Louisville' })).toHaveAttribute('href', '/locations/ky/louisville');
    expect(within(ky).getByRole('link', { name: 'Henhouse Louisville' })).toHaveAttribute(
      'href',
      '/locations/ky/louisville/louisville',
    );
    expect(screen.getByRole('link', { name: 'St. Louis' })).toHaveAttribute('href', '/locations/mo/st--louis');
    expect(screen.getByRole('link', { name: 'Henhouse St. Louis' })).toHaveAttribute(
      'href',
      '/locations/mo/st--louis/st-louis',
    );
    expect(screen.getByText(/5 locations in 3 states/)).toBeVisible();
  });

  it('a failure says why and tries again', async () => {
    mockApi({
      'GET /locations/states': [
        apiError(503, 'unavailable', 'Locations are not available right now.'),
        { body: states },
      ],
      'GET /locations': { body: { locations: all } },
    });
    const u = setupUser();
    mount(All, '/locations/all');
    expect(await screen.findByRole('alert')).toHaveTextContent('Locations are not available right now.');
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Ohio (1)' })).toBeVisible();
  });
});
