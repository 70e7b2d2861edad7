// A whole location as the edge answers it, for tests of the location pieces and the
// screens that show them (`@henhouse/kit/locations/test/fixtures`). Tests only.
import type { Location } from '@henhouse/kit/api/types';

/** Louisville (UTC−5 in January): 10:30–22:00 Monday to Thursday, until 2 AM on Friday and
 *  Saturday nights, closed on Sunday. */
export const louisville = (patch: Partial<Location> = {}): Location => ({
  id: 'ky-louisville',
  slug: 'louisville',
  name: 'Henhouse Louisville',
  menu_id: 'm-standard',
  address: { street: '9838 Madison Ave', unit: 'Apt 2', city: 'Louisville', state: 'KY', zip: '40202' },
  lat: 38.25,
  lng: -85.76,
  phone: '(502) 555-0142',
  time_zone: 'America/Kentucky/Louisville',
  hours: [
    { day: 'sun', closed: true },
    { day: 'mon', open: '10:30', close: '22:00' },
    { day: 'tue', open: '10:30', close: '22:00' },
    { day: 'wed', open: '10:30', close: '22:00' },
    { day: 'thu', open: '10:30', close: '22:00' },
    { day: 'fri', open: '10:30', close: '02:00' },
    { day: 'sat', open: '10:30', close: '02:00' },
  ],
  services: {
    pickup: true,
    curbside: false,
    delivery: true,
    delivery_radius_miles: 5,
    delivery_minimum_cents: 1500,
    delivery_fee_cents: 299,
    transfercart: true,
  },
  tax_rate_bps: 600,
  prep_minutes: 15,
  slot_minutes: 15,
  slot_capacity: 8,
  advance_days: 7,
  pay_in_store_max_cents: 5000,
  card_processors: ['hosted'],
  custom_fields: [],
  open_now: false,
  ...patch,
});
