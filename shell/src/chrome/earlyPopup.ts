// The popup the edge wrote into the page (docs/shell.md, "Popups"). On a first visit the
// welcome popup is the largest thing on the page; drawn by the shell it could only appear
// once the scripts had loaded and run (a second or more on a slow phone), so the edge
// writes the popup this visitor will see into the HTML, outside the shell's root, and it
// paints with the page. It is an open, non-modal <dialog> (only a script can open a modal
// one); its "Close" is a `method="dialog"` form, so it closes without any script.
//
// Once the shell shows its own popup, a modal in the same place, the edge's is removed in
// the same frame. A popup the guest closed before that is remembered as dismissed, and no
// other popup shows on this visit, as after any dismissal. Nothing of this runs as the
// shell starts: a close before the popups' code is here leaves the dialog closed, which is
// all there is to know then (the page's starter has already written the dismissal to
// storage and the cookie: afterPopup in edge/internal/page/popup.go).
import { rememberDismissedKey, syncDismissedCookie } from './dismissals';
import { markPopupShown } from './popupVisit';

/** The id the edge gives the popup it writes into the page. */
export const EARLY_POPUP_ID = 'hh-early-popup';

let closedEarly = false;
// Whoever renders from earlyPopupClosed (the popups, through useSyncExternalStore).
const listeners = new Set<() => void>();

function earlyPopup(doc: Document): HTMLDialogElement | null {
  const el = doc.getElementById(EARLY_POPUP_ID);
  return el instanceof HTMLDialogElement ? el : null;
}

/** adoptEarlyPopup runs when the popups' code first renders (./Popups.tsx): it remembers
 *  a popup the guest already closed, watches for a close until the shell's own popup
 *  takes over, and copies the dismissals into the cookie the edge reads. */
export function adoptEarlyPopup(doc: Document = document): void {
  try {
    syncDismissedCookie();
  } catch {
    /* no storage (blocked): the edge may write a popup the shell then removes */
  }
  const el = earlyPopup(doc);
  if (!el) return;
  // The edge marked the visit when it wrote this popup; it is this page load's.
  if (el.dataset.popupKey) markPopupShown(el.dataset.popupKey, doc);
  const closed = () => {
    closedEarly = true;
    const key = el.dataset.popupKey;
    if (key) rememberDismissedKey(key);
    el.remove();
    listeners.forEach((l) => l());
  };
  if (!el.open) closed();
  else el.addEventListener('close', closed, { once: true });
}

/** earlyPopupClosed: the guest closed the edge's popup on this visit. */
export function earlyPopupClosed(): boolean {
  return closedEarly;
}

/** subscribeEarlyPopup calls onChange when the guest closes the edge's popup after it
 *  was adopted. The popups' render that chose the shell's popup may not have committed
 *  yet (React renders a part that has just loaded in slices, between which a tap comes):
 *  read through useSyncExternalStore, that render is done again before it shows, and
 *  shows none. */
export function subscribeEarlyPopup(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** releaseEarlyPopup removes the edge's popup: the shell's own is showing, or the shell
 *  found none to show (a dismissal the edge did not know of, content that failed). */
export function releaseEarlyPopup(doc: Document = document): void {
  earlyPopup(doc)?.remove();
}

/** Tests: a new page. */
export function newEarlyPopupPage(): void {
  closedEarly = false;
}
