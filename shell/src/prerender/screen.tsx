// The copy of the page's first screen that the edge drew into the main area from the
// remote's build (docs/shell.md, "Prerendered screens"). The shell's first render
// usually holds the screen itself, which takes the copy's place in the same commit. When
// the screen's code is late, the area's loading state is this copy instead of a spinner,
// so the page does not go from the screen to a spinner and back. Once a screen has
// rendered, the copy is never shown again: a later visit to the route has its own data.
import { useEffect, type ReactElement } from 'react';
import { trackPending } from '@henhouse/kit/state/store';
import { firstScreen } from '@henhouse/kit/ui/firstScreen';

let copy: Element | null = null;

/** takeCopy keeps the page's copy, read when this module loads, before the shell's first
 *  render replaces the root's content (and by tests, to set one up). */
export function takeCopy(): void {
  copy = document.querySelector('#main [data-prerendered]');
}
if (typeof document !== 'undefined') takeCopy(); // not in the chrome's prerender, in Node
void firstScreen.then(() => (copy = null));

/** FirstFallback is the area's loading state while module's screen loads: the page's
 *  copy of it while no screen has rendered yet, shown as the edge wrote it (the guest
 *  cannot act on it), else `loading`. */
export function FirstFallback({ name, loading }: { name: string; loading: ReactElement }) {
  const html = copy?.getAttribute('data-prerendered') === name ? copy.innerHTML : null;
  useEffect(() => (html === null ? undefined : trackPending()), [html]); // the loading bar, as the loading state drives it
  if (html === null) return loading;
  return (
    <div
      className="hh-prerendered"
      data-prerendered={name}
      inert
      aria-busy="true"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
