// When the page's first screen is on the page (docs/shell.md, "First-load budget"): the
// shell waits for it before fetching what the first screen does not need, so that work
// never competes with the screen. Every screen's ScreenFrame reports it.

let reached = false;
let resolve: () => void = () => {};
/** firstScreen resolves once a screen has rendered on this page. */
export const firstScreen: Promise<void> = new Promise((r) => (resolve = r));

/** screenRendered marks that a screen is on the page (ScreenFrame calls it). */
export function screenRendered(): void {
  if (reached) return;
  reached = true;
  performance.mark?.('hh:first-screen');
  resolve();
}
