// Restaurants and their pickup times (docs/api.md, "Locations").
import { http } from '@henhouse/kit/api/client';

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
  http.get('/locations/by-menu/{menuId}', { params: { path: { menuId }, query: { locationId } } });
export const pickupTimes = (id: string, signal?: AbortSignal) =>
  http.get('/locations/{id}/times', { params: { path: { id } }, signal });
