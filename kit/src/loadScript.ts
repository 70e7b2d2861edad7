// A third party's script added to the page once (the bot check's, the card processor's
// checkout client), with the page's nonce (docs/security.md). A module of its own, so a
// screen that loads one of them does not bring the code of the other with its first
// render: the card form needs the processor's script as it renders, the bot check's code
// waits for the first guarded request (botcheck/headers.ts).
import { withNonce } from '@henhouse/kit/csp';

const loads = new Map<string, Promise<void>>();

/** loadScript adds the script at src once per page; the promise rejects when it fails to
 *  load, and a later call tries again. */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  let p = loads.get(src);
  if (p) return p;
  p = new Promise<void>((resolve, reject) => {
    const s = withNonce(doc.createElement('script'));
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loads.delete(src);
      s.remove();
      reject(new Error(`Failed to load ${src}`));
    };
    doc.head.appendChild(s);
  });
  loads.set(src, p);
  return p;
}

/** Forget loaded scripts (tests). */
export function resetLoadedScripts(): void {
  loads.clear();
}
