// Names and addresses of the location pages: state codes to names (the kit's list of the
// states), and the browse paths /locations/{state}/{city}/{location} as the edge matches them.
import type { Location } from '@henhouse/kit/api/types';
import { usStates } from '@henhouse/kit/handoff/rules';

const stateNames: ReadonlyMap<string, string> = new Map(usStates);

/** stateName is the full name of a state code in any case; an unknown code is shown as given, upper-cased. */
export const stateName = (code: string): string => stateNames.get(code.toUpperCase()) ?? code.toUpperCase();

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
