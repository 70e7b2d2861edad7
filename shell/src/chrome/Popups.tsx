import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '@henhouse/kit/api/client';
import { useAppStore } from '@henhouse/kit/state/store';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import { ContentButton, type ButtonBlock } from '@henhouse/kit/ui/ContentButton';
import { choosePopup, readDismissed, rememberDismissed, type PopupContent } from '@henhouse/kit/rules/popups';

/** Set once a popup has been dismissed: one popup per visit (page load) is enough. */
let dismissedThisVisit = false;

/** Tests: start a new visit. */
export function newVisit() {
  dismissedThisVisit = false;
}

/** The welcome popup and the site popup (docs/shell.md, "Popups"), driven by content
 *  (GET /api/content/popups), dismissible, and remembered per content version. At most
 *  one popup shows per visit; the next one waits for the next visit. */
export function Popups() {
  const { pathname } = useLocation();
  const signedIn = useAppStore((s) => Boolean(s.token || s.user));
  const [popups, setPopups] = useState<PopupContent[]>([]);
  const [dismissed, setDismissed] = useState<Set<string>>(() => readDismissed());
  useEffect(() => {
    let live = true;
    api
      .get<{ popups: PopupContent[] }>('/content/popups')
      .then((r) => live && setPopups(r.popups ?? []))
      .catch(() => {
        /* popups are a nicety: without them the page works the same */
      });
    return () => {
      live = false;
    };
  }, []);
  const popup = useMemo(() => (dismissedThisVisit ? null : choosePopup(popups, pathname, signedIn, dismissed)), [popups, pathname, signedIn, dismissed]);
  if (!popup) return null;
  const dismiss = () => {
    rememberDismissed(popup);
    dismissedThisVisit = true;
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
        {popup.image?.filename && <img className="hh-popup__image" src={popup.image.filename} alt={popup.image.alt ?? ''} width={320} height={180} />}
        <p>{popup.text}</p>
      </div>
    </Dialog>
  );
}
