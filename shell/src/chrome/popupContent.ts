// The popups' content is fetched as soon as the first screen is shown, ahead of the
// popup itself, which waits until the browser is idle (lazy.tsx); the image of the popup
// that will show is fetched with it. At idle time the popup then paints at once, instead
// of only starting its two requests, one after the other, then.
import { getPopups } from '@henhouse/kit/api/content';
import { useAppStore } from '@henhouse/kit/state/store';
import { choosePopup, readDismissed } from '@henhouse/kit/rules/popups';

type PopupsAnswer = Awaited<ReturnType<typeof getPopups>>;

let early: Promise<PopupsAnswer> | null = null;

/** fetchPopupsEarly starts fetching the popups' content and the chosen popup's image. */
export function fetchPopupsEarly(): void {
  if (early) return;
  early = getPopups().then((answer) => {
    const { token, user } = useAppStore.getState();
    const popup = choosePopup(answer.popups, window.location.pathname, Boolean(token || user), readDismissed());
    if (popup?.image?.filename) new Image().src = popup.image.filename;
    return answer;
  });
  // Not handled here: a failure is the popups' own, reported when they take this answer.
  early.catch(() => undefined);
}

/** popupContent answers the early fetch the first time it is asked, and fetches again
 *  afterwards (a retry, a new visit in tests). */
export function popupContent(signal: AbortSignal): Promise<PopupsAnswer> {
  const answer = early;
  early = null;
  return answer ?? getPopups(signal);
}
