// Locations, carts and the fake map for the screens' tests. A location is the edge's own
// answer for Dayton (recorded by edge/internal/server/contract_test.go) with the fields a
// test is about changed, so every other field has the shape the edge sends.
import type { Cart, Location, Place } from '@henhouse/kit/api/types';
import { fake, recordedAnswers } from '@henhouse/kit/test/harness';
import recorded from '../../../edge/internal/server/testdata/account-api.json';

const real = recordedAnswers(recorded);
const dayton = (): Location => real<{ favorites: Location[] }>('GET /api/user/favorites').body.favorites[0];

type Patch = Partial<Omit<Location, 'address' | 'services'>> & {
  address?: Partial<Location['address']>;
  services?: Partial<Location['services']>;
};

export function loc(patch: Patch = {}): Location {
  const base = dayton();
  return {
    ...base,
    ...patch,
    address: { ...base.address, ...patch.address },
    services: { ...base.services, ...patch.services },
  };
}

export const louisville = loc({
  id: 'ky-louisville',
  slug: 'louisville',
  name: 'Henhouse Louisville',
  address: { street: '9838 Madison Ave', city: 'Louisville', state: 'KY', zip: '40202' },
  lat: 38.2543,
  lng: -85.75938,
  phone: '(502) 555-9601',
  distance_miles: 0.4,
});
export const lexington = loc({
  id: 'ky-lexington',
  slug: 'lexington',
  name: 'Henhouse Lexington',
  menu_id: 'm-campus',
  address: { street: '4522 Madison Ave', city: 'Lexington', state: 'KY', zip: '40507' },
  lat: 38.04,
  lng: -84.5,
  services: { delivery: false, delivery_radius_miles: 0 },
  distance_miles: 69.3,
});
export const bowlingGreen = loc({
  id: 'ky-bowling-green',
  slug: 'bowling-green',
  name: 'Henhouse Bowling Green',
  address: { street: '12 Main St', city: 'Bowling Green', state: 'KY', zip: '42101' },
  lat: 36.99,
  lng: -86.44,
  distance_miles: 95.1,
});
export const daytonLoc = loc({ distance_miles: 150.2 });
export const airport = loc({
  id: 'ga-atlanta-airport-concourse-b',
  slug: 'atlanta-airport-concourse-b',
  name: 'Henhouse Atlanta Airport Concourse B',
  menu_id: 'm-atlanta-airport',
  address: { street: 'Concourse B', city: 'Atlanta', state: 'GA', zip: '30320' },
  services: { curbside: false, delivery: false, transfercart: false },
});

export const louisvillePlace: Place = {
  query: 'lou',
  label: 'Louisville, KY',
  city: 'Louisville',
  state: 'KY',
  lat: 38.2542,
  lng: -85.7594,
  kind: 'city',
};

/** A cart with the given lines on a menu and location (only what the location screens read). */
export function cart(
  menuId: string,
  locationId: string,
  names: string[] = [],
  mode: Cart['handoff']['mode'] = 'pickup',
) {
  return fake<Cart>({
    id: 'c_1',
    menu_id: menuId,
    location_id: locationId,
    products: names.map((name, i) => ({ id: `l_${i + 1}`, product_id: `p_${i + 1}`, name, quantity: 1 })),
    handoff: { mode },
    item_count: names.length,
  });
}
