// The chosen location as a cookie the edge can read (docs/menu.md, "The menu's answer is
// preloaded"). The choice itself lives in localStorage, which the edge never sees; with
// this copy, the edge knows on a menu or product page which location the screen will
// ask the menu for, and preloads that answer with the page instead of the screen asking
// for it a second later, once its code has run.
import type { Location } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';

/** The cookie's name. Its value is "{location id}|{menu id}", each URI-encoded. */
export const LOCATION_HINT_COOKIE = 'hh_location';

// As long as a guest's choice lasts in practice; it is written again on every page.
const MAX_AGE = 400 * 24 * 3600;

/** hintCookie is the Set-Cookie string (document.cookie) for a chosen location, or the
 *  one that deletes the cookie when there is none. */
export function hintCookie(location: Pick<Location, 'id' | 'menu_id'> | null, secure: boolean): string {
  const attrs = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (!location?.id || !location.menu_id) return `${LOCATION_HINT_COOKIE}=${attrs}; Max-Age=0`;
  const value = `${encodeURIComponent(location.id)}|${encodeURIComponent(location.menu_id)}`;
  return `${LOCATION_HINT_COOKIE}=${value}${attrs}; Max-Age=${MAX_AGE}`;
}

/** keepLocationHint writes the cookie for the store's location now (a choice made before
 *  the cookie existed, or a cookie the browser dropped) and after every change of it;
 *  it returns the function that stops. */
export function keepLocationHint(doc: Pick<Document, 'cookie'> = document): () => void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  let written: string | undefined;
  const write = (loc: Location | null) => {
    const cookie = hintCookie(loc, secure);
    if (cookie === written) return;
    written = cookie;
    doc.cookie = cookie;
  };
  write(useAppStore.getState().location);
  return useAppStore.subscribe((s, prev) => {
    if (s.location !== prev.location) write(s.location);
  });
}
