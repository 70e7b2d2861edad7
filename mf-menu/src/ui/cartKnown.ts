// Whether the page knows the visitor's cart yet (docs/menu.md, "No false states"). The
// edge says in the page's bootstrap when the visitor has a cart on the server; the shell
// fetches it at start-up. Until the store has it, what the screens say about the cart
// (the handoff line, the line being edited) would be a new cart's, so they show a
// placeholder instead.
import { useEffect, useState } from 'react';
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { useAppStore } from '@henhouse/kit/state/store';

/** How long a placeholder waits for a cart the start-up may never bring (it expired
 *  between the page and the fetch): then the screen says what it would with none. */
const GIVE_UP_MS = 8000;

export function useCartKnown(): boolean {
  const hasCart = useAppStore((s) => s.cart !== null);
  const expected = cartExpected();
  const [gaveUp, setGaveUp] = useState(false);
  const known = hasCart || !expected || gaveUp;
  useEffect(() => {
    if (known) return;
    const t = window.setTimeout(() => setGaveUp(true), GIVE_UP_MS);
    return () => clearTimeout(t);
  }, [known]);
  return known;
}

function cartExpected(): boolean {
  try {
    return !!readBootstrap().session?.hasCart;
  } catch {
    return false; // no page around the screen (its copy drawn at build time)
  }
}
