import { getCatering } from '@henhouse/kit/api/menu';
import type { Catering } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { useAppStore } from '@henhouse/kit/state/store';

// The estimator and the catering menu on one page share one request.
const cache = new Map<string, Promise<Catering>>();

function load(menuId: string): Promise<Catering> {
  let p = cache.get(menuId);
  if (!p) {
    p = getCatering(menuId || undefined).then((r) => r.catering);
    p.catch(() => cache.delete(menuId)); // a failure is not kept: "Try again" asks again
    cache.set(menuId, p);
  }
  return p;
}

/** useCatering: the catering menu of the guest's location (its menu's packages and
 *  prices), or the whole catering menu before a location is chosen. */
export function useCatering() {
  const menuId = useAppStore((s) => s.location?.menu_id ?? '');
  return { menuId, ...useLoad(`catering|${menuId}`, () => load(menuId)) };
}

/** forget empties the shared answers (tests). */
export const forgetCatering = () => cache.clear();
