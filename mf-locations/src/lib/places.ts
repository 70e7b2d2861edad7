// Names and addresses of the location pages: state codes to names, and the browse paths
// /locations/{state}/{city}/{location}, written as the edge matches them.
import type { Location } from '@henhouse/kit/api/types';

/** The states (and DC and Puerto Rico) by their two-letter USPS code. */
export const stateNames: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** stateName is the full name of a state code in any case; an unknown code is shown as given, upper-cased. */
export const stateName = (code: string): string => stateNames[code.toUpperCase()] ?? code.toUpperCase();

/** slug writes a city or street as the edge matches it in a browse address: lower-case ASCII
 *  letters and digits, anything else a hyphen, none at either end ("St. Louis" → "st--louis"). */
export function slug(s: string): string {
  return s
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[^a-z0-9]/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export const statePath = (state: string) => `/locations/${state.toLowerCase()}`;
export const cityPath = (state: string, city: string) => `${statePath(state)}/${slug(city)}`;
/** locationPath is a location's own page. */
export const locationPath = (l: Pick<Location, 'slug' | 'address'>) =>
  `${cityPath(l.address.state, l.address.city)}/${l.slug}`;
