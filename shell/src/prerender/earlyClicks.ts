// The prerendered chrome's buttons (the menu and the cart) are HTML only until the shell
// has rendered its own in their place: a tap on one in between did nothing. From the
// moment the shell's entry runs, such a tap is held, and given to the same button
// (found by its class) once the shell's first render has replaced the prerendered
// chrome (docs/shell.md, "First paint and layout stability"). Links need none of this:
// they work as plain links before any script runs.
//
// A page whose scripts wait for its popup (edge/internal/page/popup.go, afterPopup)
// notes a tap made before the entry runs as the root's data-early-tap attribute (the
// button's first class); it is given the same way unless a later tap was held here.

/** The root's attribute in which the page notes a tap made before the entry ran. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';

/** holdEarlyClicks holds a click on a prerendered button of `root` until the shell has
 *  taken the root over, then clicks the shell's button of the same class. */
export function holdEarlyClicks(root: HTMLElement | null): void {
  const prerendered = root?.firstElementChild;
  if (!root || !prerendered || typeof MutationObserver === 'undefined') return;
  let held: string | undefined;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !prerendered.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = button.classList[0];
  };
  document.addEventListener('click', onClick, true);
  const observer = new MutationObserver(() => {
    if (prerendered.isConnected) return;
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    const noted = root.getAttribute(EARLY_TAP_ATTRIBUTE);
    root.removeAttribute(EARLY_TAP_ATTRIBUTE);
    held ??= noted ?? undefined;
    if (!held) return;
    const shells = Array.from(root.getElementsByClassName(held));
    shells.find((el): el is HTMLButtonElement => el instanceof HTMLButtonElement)?.click();
  });
  observer.observe(root, { childList: true });
}
