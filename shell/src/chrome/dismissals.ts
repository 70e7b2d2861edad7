// Remembering dismissed popups (docs/shell.md, "Popups"): in localStorage, which the shell
// reads (the kit's rules/popups), and in a cookie, the copy the edge reads to leave
// dismissed popups out of the page's HTML. Only the popups' own code (./Popups.tsx,
// loaded after the first screen) remembers anything, so this stays out of the start.
import { popupKey, popupsStorageKey, readDismissed, type PopupContent } from '@henhouse/kit/rules/popups';

export function rememberDismissed(p: PopupContent, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  rememberDismissedKey(popupKey(p), storage);
}

/** rememberDismissedKey remembers a dismissal by its "id@version" key (the edge names the
 *  popup it wrote into the page that way). */
export function rememberDismissedKey(key: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const s = readDismissed(storage);
  s.add(key);
  const keys = [...s].slice(-50);
  try {
    storage.setItem(popupsStorageKey, JSON.stringify(keys));
  } catch {
    /* storage full or blocked: the popup may show again, which is harmless */
  }
  writeDismissedCookie(keys);
}

/** The cookie that tells the edge which popups this browser has dismissed, so it writes
 *  none of them into the page (docs/shell.md, "Popups"). localStorage stays the record the
 *  shell reads; the cookie is its copy for the server, with the latest keys only, since it
 *  travels with every request. */
export const popupsCookie = 'hh_popups';
const COOKIE_KEYS = 20;

/** dismissedCookieValue is the cookie's value for these keys: space-separated, URI-encoded. */
export function dismissedCookieValue(keys: readonly string[]): string {
  return encodeURIComponent(keys.slice(-COOKIE_KEYS).join(' '));
}

/** writeDismissedCookie copies the dismissed keys into the cookie the edge reads. */
export function writeDismissedCookie(
  keys: readonly string[],
  doc: Pick<Document, 'cookie'> | undefined = typeof document === 'undefined' ? undefined : document,
): void {
  if (!doc) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${popupsCookie}=${dismissedCookieValue(keys)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** syncDismissedCookie writes the cookie when it does not hold what localStorage does (a
 *  browser that dismissed popups before the cookie existed, or lost its cookies). */
export function syncDismissedCookie(
  storage: Pick<Storage, 'getItem'> = localStorage,
  doc: Pick<Document, 'cookie'> = document,
): void {
  const keys = [...readDismissed(storage)];
  if (!keys.length) return;
  const want = `${popupsCookie}=${dismissedCookieValue(keys)}`;
  if (!doc.cookie.split('; ').includes(want)) writeDismissedCookie(keys, doc);
}
