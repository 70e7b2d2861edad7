// Who sees what on a content page (docs/content.md, "Who sees a block"): a block's
// `show` names its audience, and a button that signs in or joins is for guests.
import type { ButtonBlock } from '@henhouse/kit/ui/ContentButton';

/** shownTo: a block marked `show` is for this visitor: `all` or empty, everyone;
 *  `no-user`, guests; `user`, members. */
export function shownTo(show: string | undefined, signedIn: boolean): boolean {
  if (show === 'no-user') return !signedIn;
  if (show === 'user') return signedIn;
  return true;
}

/** forGuestsOnly: the button leads to sign-in or sign-up ("Join now", "Sign in"), which
 *  a signed-in member has no use for. */
export function forGuestsOnly(b: ButtonBlock): boolean {
  return b.link.linktype !== 'url' && /^\/*account\/sign(in|up)\/*$/.test(b.link.cached_url);
}
