// The guest's position, for "Use my location" and the first search. The first search uses
// it only when the browser already shares it with the site: a page that asks before the guest
// has done anything is a prompt most people refuse, so the map starts at its centre instead.
import type { LatLng } from '@henhouse/kit/api/types';

/** alreadyShared says whether the browser gives this site the position without asking. */
export async function alreadyShared(nav: Navigator | undefined = globalThis.navigator): Promise<boolean> {
  if (!nav?.geolocation || !nav.permissions?.query) return false;
  try {
    return (await nav.permissions.query({ name: 'geolocation' })).state === 'granted';
  } catch {
    return false;
  }
}

export class PositionError extends Error {
  readonly denied: boolean;
  constructor(message: string, denied: boolean) {
    super(message);
    this.name = 'PositionError';
    this.denied = denied;
  }
}

/** currentPosition asks the browser for the device's position (the browser may ask the guest). */
export function currentPosition(nav: Navigator | undefined = globalThis.navigator): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!nav?.geolocation) {
      reject(new PositionError('This browser cannot share a location.', false));
      return;
    }
    nav.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (e) => reject(new PositionError(e.message, e.code === 1)),
      { timeout: 10000, maximumAge: 300000 },
    );
  });
}
