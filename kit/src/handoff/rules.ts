// The rules of the delivery address and the car for curbside pickup, the same the edge
// applies when the handoff is saved (PUT /api/cart/handoff): the same field keys, limits
// and words, so a message reads the same whichever side finds the problem. The edge
// checks again and its per-field messages replace these.
import type { Address, Vehicle } from '@henhouse/kit/api/types';

interface Rule {
  /** The key of the edge's field error. */
  key: string;
  /** How the message names the field: "a street address" → "Enter a street address". */
  noun: string;
  max: number;
  required: boolean;
}

const rule = (key: string, noun: string, max: number, required = true): Rule => ({ key, noun, max, required });

export const addressRules = {
  street: rule('address.street', 'a street address', 100),
  unit: rule('address.unit', 'the apartment or suite', 30, false),
  city: rule('address.city', 'a city', 50),
  state: rule('address.state', 'a state', 2),
  zip: rule('address.zip', 'a ZIP code', 10),
  notes: rule('delivery_notes', 'delivery notes', 200, false),
} as const;

export const vehicleRules = {
  make: rule('vehicle.make', 'the make of your car', 30),
  model: rule('vehicle.model', 'the model of your car', 30),
  color: rule('vehicle.color', 'the color of your car', 20),
} as const;

/** Characters as the edge counts them (code points, so an emoji is one). */
const length = (s: string) => [...s].length;

function check(r: Rule, value: string | undefined, out: Record<string, string>) {
  const v = (value ?? '').trim();
  if (!v) {
    if (r.required) out[r.key] = `Enter ${r.noun}`;
  } else if (length(v) > r.max) {
    out[r.key] = `${r.noun[0].toUpperCase()}${r.noun.slice(1)} can be at most ${r.max} characters`;
  }
}

/** A ZIP code: five digits, or ZIP+4 ("40202-1234"). */
export const zipPattern = /^\d{5}(-\d{4})?$/;

/** validateAddress gives the delivery address's problems by the edge's field keys
 *  (address.street … address.zip, delivery_notes); empty when there are none. */
export function validateAddress(a: Partial<Address> & { notes?: string }): Record<string, string> {
  const out: Record<string, string> = {};
  check(addressRules.street, a.street, out);
  check(addressRules.unit, a.unit, out);
  check(addressRules.city, a.city, out);
  check(addressRules.state, a.state, out);
  check(addressRules.zip, a.zip, out);
  const zip = (a.zip ?? '').trim();
  if (zip && !zipPattern.test(zip)) out[addressRules.zip.key] = 'Enter a 5-digit ZIP code';
  check(addressRules.notes, a.notes, out);
  return out;
}

/** validateVehicle gives the car's problems by the edge's field keys (vehicle.make,
 *  vehicle.model, vehicle.color); empty when there are none. */
export function validateVehicle(v: Partial<Vehicle>): Record<string, string> {
  const out: Record<string, string> = {};
  check(vehicleRules.make, v.make, out);
  check(vehicleRules.model, v.model, out);
  check(vehicleRules.color, v.color, out);
  return out;
}

/** The states (and DC) a delivery address can be in: USPS code and name. */
export const usStates: readonly (readonly [code: string, name: string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];
