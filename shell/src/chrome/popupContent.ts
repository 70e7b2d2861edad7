// The popups' content is read as the shell starts, before its first render: the page's
// head has already asked for it (the edge preloads it on every page of the full site).
// Once it is here the shell knows which popup, if any, this visitor will see, and fetches
// that popup's image and the popups' code at once, while the first screen loads. The
// popup then shows with that screen, painting whole at once (lazy.tsx, Popups).
import { getPopups } from '@henhouse/kit/api/content';
import { useAppStore } from '@henhouse/kit/state/store';
import { choosePopup, popupKey, readDismissed } from '@henhouse/kit/rules/popups';
import { mayShowPopup, popupPage } from './popupVisit';

type PopupsAnswer = Awaited<ReturnType<typeof getPopups>>;

let early: Promise<PopupsAnswer> | null = null;

/** fetchPopupsEarly starts fetching the popups' content and, when a popup will show,
 *  its image and (loadCode) the popups' code. A visitor who has dismissed them all
 *  fetches neither. It answers once the chosen popup can paint whole: its code and image
 *  are here (or failed, and the popup shows without them), or no popup will show. */
export function fetchPopupsEarly(loadCode?: () => Promise<unknown>): Promise<void> {
  if (prepared) return prepared;
  early = getPopups();
  prepared = early.then(
    async (answer) => {
      const { token, user } = useAppStore.getState();
      const path = window.location.pathname;
      if (!popupPage(path)) return;
      const popup = choosePopup(answer.popups, path, Boolean(token || user), readDismissed());
      if (!popup || !mayShowPopup(popupKey(popup))) return;
      await Promise.all([loadCode?.(), popup.image?.filename && loadImage(popup.image.filename)]);
    },
    // Not handled here: a failure is the popups' own, reported when they take this answer.
    () => undefined,
  );
  return prepared;
}

let prepared: Promise<void> | null = null;

function loadImage(src: string): Promise<void> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = img.onerror = () => resolve();
    img.src = src;
  });
}

/** Tests: a new page. */
export function newPage() {
  early = null;
  prepared = null;
}

/** popupContent answers the early fetch the first time it is asked, and fetches again
 *  afterwards (a retry, a new visit). */
export function popupContent(signal: AbortSignal): Promise<PopupsAnswer> {
  const answer = early;
  early = null;
  return answer ?? getPopups(signal);
}
