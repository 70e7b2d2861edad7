// Restaurants and their pickup times (docs/api.md, "Locations").
import { http } from '@henhouse/kit/api/client';
import type { Address } from '@henhouse/kit/api/types';

/** How to search: an address, city or ZIP (q), near a point (lat, lng), or nothing for all. */
export interface LocationQuery {
  q?: string;
  lat?: number;
  lng?: number;
  limit?: number;
}

export const findLocations = (query: LocationQuery = {}, signal?: AbortSignal) =>
  http.get('/locations', { params: { query }, signal });
export const getLocation = (id: string, signal?: AbortSignal) =>
  http.get('/locations/{id}', { params: { path: { id } }, signal });
/** locationByMenu: the location that sells a menu, the given one when it does. */
export const locationByMenu = (menuId: string, locationId?: string) =>
  http.get('/locations/by-menu/{menuId}', { params: { path: { menuId }, query: { location_id: locationId } } });
export const pickupTimes = (id: string, signal?: AbortSignal) =>
  http.get('/locations/{id}/times', { params: { path: { id } }, signal });
/** Every state with its cities and location counts, for browsing. */
export const locationStates = (signal?: AbortSignal) => http.get('/locations/states', { signal });
/** The locations of a state, city or single address, as the browse pages address them. */
export const browseLocations = (browse: { state: string; city?: string; address?: string }, signal?: AbortSignal) =>
  http.get('/locations', { params: { query: browse }, signal });
/** The locations whose delivery radius reaches an address, nearest first (422 on the address when none). */
export const findDeliveryLocations = (address: Address) => http.post('/locations/delivery', { body: { address } });
/** Up to five places for what the guest has typed so far; never an error for "no match". */
export const suggestPlaces = (q: string, signal?: AbortSignal) =>
  http.get('/places', { params: { query: { q } }, signal });
