// Welcome and site popups (docs/shell.md, "Popups"): content decides what they say and where they
// may show; this rule decides which one, if any, a visitor sees now. The welcome popup
// comes first; a site popup waits until the welcome popup is out of the way. A dismissed
// popup stays dismissed until its content version changes. Where a popup may show at all
// (content pages only) and how often (one per visit) the shell decides around this rule
// (shell/src/chrome/popupVisit.ts).
import type { Popup } from '@henhouse/kit/api/types';

/** A popup as the content service sends it (GET /api/content/popups). */
export type PopupContent = Popup;

/** The localStorage key that remembers dismissed popups ("id@version" list). */
export const popupsStorageKey = 'henhouse:popups';

export const popupKey = (p: Pick<PopupContent, 'id' | 'version'>) => `${p.id}@${p.version}`;

function underPrefix(path: string, prefix: string): boolean {
  if (prefix === '/') return true;
  const p = prefix.replace(/\/+$/, '');
  return path === p || path.startsWith(p + '/');
}

function forAudience(p: PopupContent, signedIn: boolean): boolean {
  if (p.show === 'no-user') return !signedIn;
  if (p.show === 'user') return signedIn;
  return true;
}

/** popupApplies: the popup's audience and paths allow it here. */
export function popupApplies(p: PopupContent, path: string, signedIn: boolean): boolean {
  if (!forAudience(p, signedIn)) return false;
  if (p.exclude?.some((x) => underPrefix(path, x))) return false;
  const paths = p.paths?.length ? p.paths : ['/'];
  return paths.some((x) => underPrefix(path, x));
}

/** choosePopup: the popup to show now, or null. */
export function choosePopup(
  popups: PopupContent[],
  path: string,
  signedIn: boolean,
  dismissed: ReadonlySet<string>,
): PopupContent | null {
  const open = popups.filter((p) => !dismissed.has(popupKey(p)));
  const welcome = open.find((p) => p.kind === 'welcome' && forAudience(p, signedIn));
  // A welcome popup meant for this visitor and not yet dismissed holds the site popups
  // back, even on pages where it does not show itself, so a first visit is greeted first.
  if (welcome) return popupApplies(welcome, path, signedIn) ? welcome : null;
  return open.find((p) => p.kind === 'site' && popupApplies(p, path, signedIn)) ?? null;
}

export function readDismissed(storage: Pick<Storage, 'getItem'> = localStorage): Set<string> {
  try {
    const v = JSON.parse(storage.getItem(popupsStorageKey) ?? '[]');
    return new Set(Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}
