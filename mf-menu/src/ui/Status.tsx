import { useAnnounceNow } from '@henhouse/kit/ui/announce';

/** Announce says what just happened ("Added … to your cart") through the site's live
 *  region (kit/src/ui/announce.ts). */
export function Announce({ text }: { text: string }) {
  useAnnounceNow(text);
  return null;
}
