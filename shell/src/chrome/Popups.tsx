import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from '@henhouse/kit/router';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { useAppStore } from '@henhouse/kit/state/store';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import { ContentButton, type ButtonBlock } from '@henhouse/kit/ui/ContentButton';
import { choosePopup, popupKey, readDismissed } from '@henhouse/kit/rules/popups';
import { rememberDismissed } from './dismissals';
import { markPopupShown, mayShowPopup, newPopupVisit, popupPage } from './popupVisit';
import { popupContent } from './popupContent';
import { adoptEarlyPopup, earlyPopupClosed, releaseEarlyPopup, subscribeEarlyPopup } from './earlyPopup';

/** Tests: start a new visit. */
export function newVisit() {
  newPopupVisit();
}

/** The welcome popup and the site popup (docs/shell.md, "Popups"), driven by content
 *  (GET /api/content/popups), dismissible, and remembered per content version. A popup
 *  shows over a content page only (./popupVisit.ts), and at most one per visit; the
 *  next one waits for the next visit. */
export function Popups() {
  const { pathname } = useLocation();
  const signedIn = useAppStore((s) => Boolean(s.token || s.user));
  // Without its popups the page works the same; a failure to load them shows in the error
  // dialog. Urgent: the answer is most often here already (./popupContent), and a popup
  // rendered as a transition waits behind the rest of the page's work (a map, say).
  const loaded = useLoad('popups', popupContent, { report: 'dialog', urgent: true });
  const popups = loaded.status === 'ready' ? loaded.data.popups : undefined;
  // No storage when the chrome is prerendered at build time (src/prerender): nothing
  // dismissed. Read after the edge's popup is adopted: it may have been closed already.
  const [dismissed, setDismissed] = useState<Set<string>>(() => {
    if (typeof localStorage === 'undefined') return new Set();
    adoptEarlyPopup();
    return readDismissed();
  });
  // The edge's popup closed by the guest, whenever that came: before this render, or
  // between it and its commit (./earlyPopup.ts, subscribeEarlyPopup).
  const closedEarly = useSyncExternalStore(subscribeEarlyPopup, earlyPopupClosed, earlyPopupClosed);
  const popup = useMemo(() => {
    if (closedEarly || !popups || !popupPage(pathname)) return null;
    const p = choosePopup(popups, pathname, signedIn, dismissed);
    return p && mayShowPopup(popupKey(p)) ? p : null;
  }, [popups, pathname, signedIn, dismissed, closedEarly]);
  // Shown: the visit has had its popup. Before the dialog's own effect runs no other
  // render can choose another.
  useEffect(() => {
    if (popup) markPopupShown(popupKey(popup));
  }, [popup]);
  // The popup the edge wrote into the page (./earlyPopup.ts) goes once the content is
  // here: this effect runs after the Dialog's, which has shown the shell's popup as a
  // modal in its place, so the two swap in one frame; or there is none to show.
  const settled = loaded.status !== 'loading';
  useEffect(() => {
    if (settled) releaseEarlyPopup();
  }, [settled, popup]);
  if (!popup) return null;
  const dismiss = () => {
    rememberDismissed(popup);
    setDismissed(readDismissed());
  };
  const button = popup.button as ButtonBlock | undefined;
  return (
    <Dialog
      key={popup.id}
      open
      title={popup.title}
      onCancel={dismiss}
      actions={
        <>
          <button type="button" className="hh-button hh-button--secondary" onClick={dismiss}>
            Close
          </button>
          {/* The button navigates first, then its click bubbles to the wrapper, which remembers
              the dismissal; the wrapper is no control itself (role="presentation"). */}
          {button?.text && button.link && (
            <span role="presentation" onClick={dismiss} className="hh-popup__action">
              <ContentButton block={button} />
            </span>
          )}
        </>
      }
    >
      <div className={`hh-popup hh-popup--${popup.kind}`} data-popup={popup.id}>
        {popup.image?.filename && (
          <img
            className="hh-popup__image"
            src={popup.image.filename}
            alt={popup.image.alt ?? ''}
            width={320}
            height={
              popup.image.width && popup.image.height ? Math.round((320 * popup.image.height) / popup.image.width) : 180
            }
          />
        )}
        <p>{popup.text}</p>
      </div>
    </Dialog>
  );
}
