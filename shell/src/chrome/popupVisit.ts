// Where and how often a popup may show (docs/shell.md, "Popups"). A popup waits for a
// content page (the route table marks them: `popups`), never covering a task such as
// finding a location, ordering, paying or filling in a form; and a visit has one popup
// at most. The visit is a session cookie, which the edge reads too: a page it writes with
// a popup sets it (session.MarkPopupVisit), and so does the shell when it shows one
// itself, so no later page of the visit, served or navigated to, has another.
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { resolve } from '../routing/resolve';

/** The cookie that marks a visit that has had its popup (session.PopupVisitCookie). */
export const popupVisitCookie = 'hh_popup_visit';

// The popup this page load shows (or the edge's it adopted): it may stay on the screen
// while the visit is marked, and may come back with a re-render.
let shownKey: string | null = null;

/** popupPage: a popup may cover the page at this path (a content page of the table). */
export function popupPage(pathname: string): boolean {
  let boot;
  try {
    boot = readBootstrap();
  } catch {
    return false; // no table (the prerendered chrome): no popup
  }
  const r = resolve(boot, pathname);
  return !r.notFound && !r.redirect && r.route?.popups === true;
}

function visitHadPopup(doc: Pick<Document, 'cookie'>): boolean {
  return doc.cookie.split('; ').some((c) => c.startsWith(`${popupVisitCookie}=`));
}

/** mayShowPopup: the popup with this key ("id@version") may show on this visit: none
 *  has shown yet, or it is the one this page load shows. */
export function mayShowPopup(key: string, doc: Pick<Document, 'cookie'> = document): boolean {
  return key === shownKey || !visitHadPopup(doc);
}

/** markPopupShown: this page load shows the popup with this key; the visit has had its popup. */
export function markPopupShown(key: string, doc: Pick<Document, 'cookie'> = document): void {
  shownKey = key;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${popupVisitCookie}=1; Path=/; SameSite=Lax${secure}`;
}

/** Tests: a new visit (a browser session). */
export function newPopupVisit(doc: Pick<Document, 'cookie'> = document): void {
  shownKey = null;
  doc.cookie = `${popupVisitCookie}=; Path=/; Max-Age=0`;
}
