// When the page's first screen is on the page (docs/shell.md, "First-load budget"): the
// shell waits for it before fetching what the first screen does not need, so that work
// never competes with the screen. A screen is an element with data-screen inside the
// layout's <main id="main"> (every remote screen has one once it shows its content; a
// ScreenFrame still loading has none); the not-found page and ScreenFrame also report
// themselves.

const SCREEN = '#main [data-screen]';

let reached = false;
let resolve: () => void = () => {};
/** firstScreen resolves once a screen has rendered on this page. */
export const firstScreen: Promise<void> = new Promise((r) => (resolve = r));

/** screenRendered marks that a screen is on the page. */
export function screenRendered(): void {
  if (reached) return;
  reached = true;
  performance.mark?.('hh:first-screen');
  resolve();
}

if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
  const observer = new MutationObserver(() => {
    if (reached || document.querySelector(SCREEN)) {
      observer.disconnect();
      screenRendered();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}
