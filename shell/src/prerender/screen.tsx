// The copy of the page's first screen that the edge drew into the main area from the
// remote's build (docs/shell.md, "Prerendered screens"). It stays on the page, as the edge
// wrote it (the guest cannot act on it), while the screen has no more to show than a
// loading state: its code on the way, or its first data. Style rules in styles.css hide
// the screen's loading state while the copy is there, and the copy once the screen shows
// anything else, in the same frame; the copy leaves the page once the screen is there
// (kit/src/ui/firstScreen.ts). Then no copy is shown again: a later visit to the route
// has its own data.
import { useEffect, useState } from 'react';
import { firstScreen } from '@henhouse/kit/ui/firstScreen';

// Read when this module loads, before the shell's first render replaces the root's
// content; there is no document in the chrome's prerender, in Node.
let copy = typeof document === 'undefined' ? null : document.querySelector('#main [data-prerendered]');
void firstScreen.then(() => (copy = null));

/**
 * Copy shows the page's copy of the screen `name` ("mf-account/SignIn"), if it has one
 * and no screen has rendered yet, until the screen is on the page (its data-screen, which
 * a screen's loading state does not carry). A partial copy (the top of a product page)
 * keeps data-screen-loading, so the footer waits as for a screen loading.
 */
export function Copy({ name }: { name: string }) {
  const [el, setEl] = useState(() => (copy?.getAttribute('data-prerendered') === name ? copy : null));
  useEffect(() => void firstScreen.then(() => setEl(null)), []);
  return (
    el && (
      <div
        className="hh-prerendered"
        data-prerendered={name}
        data-screen-loading={el.getAttribute('data-screen-loading') ?? undefined}
        inert
        aria-busy="true"
        dangerouslySetInnerHTML={{ __html: el.innerHTML }}
      />
    )
  );
}
