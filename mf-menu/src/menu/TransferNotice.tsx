// Another menu's cart (docs/menu.md, "Another menu's cart"): a guest who opens a menu other
// than their cart's gets the cart moved when this location allows it, with what could not
// move reported; otherwise the choice between that menu and a new cart here. The cart is
// never emptied without the guest saying so.
import { useEffect, useRef, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import { createCart } from '@henhouse/kit/api/cart';
import type { Location, NotTransferred } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { useAppStore } from '@henhouse/kit/state/store';

export function TransferNotice({ mid, location }: { mid: string; location: Location }) {
  const cart = useAppStore((s) => s.cart);
  const [dropped, setDropped] = useState<NotTransferred[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const other = cart && cart.menu_id !== mid && cart.products.length > 0;
  const moves = other && location.services.transfercart;

  // The move answers a cart on this menu, which ends `moves`: the report must outlive it,
  // so only unmounting drops the answer.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!moves) return;
    actions.transferCart(mid, location.id).then(
      (r) => {
        if (!mounted.current) return;
        setDropped(r.not_transferred);
        useAppStore.getState().set({ location });
      },
      (e: unknown) => mounted.current && setError(messageFor(e)),
    );
  }, [moves, mid, location]);

  async function startHere() {
    setBusy(true);
    setError(null);
    try {
      useAppStore.getState().set({ cart: (await createCart(mid, location.id, true)).cart, location });
    } catch (e) {
      setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  }

  if (dropped && dropped.length > 0) {
    return (
      <section className="hh-menu-notice" role="alert" aria-labelledby="moved-title">
        <h2 id="moved-title">Your cart moved to {location.name}</h2>
        <p>These items are not on this menu and were taken out of your cart:</p>
        <ul>
          {dropped.map((d) => (
            <li key={d.line_id}>
              {d.name}: {d.reason}
            </li>
          ))}
        </ul>
        <button type="button" className="hh-button hh-button--secondary" onClick={() => setDropped([])}>
          OK
        </button>
      </section>
    );
  }
  if (error) {
    return (
      <p className="hh-menu-notice" role="alert">
        {error}
      </p>
    );
  }
  if (!other || moves) return null;
  return (
    <section className="hh-menu-notice" aria-labelledby="other-cart-title">
      <h2 id="other-cart-title">Your cart is from another menu</h2>
      <p>
        Your cart holds {cart.item_count} {cart.item_count === 1 ? 'item' : 'items'} from another location&apos;s menu.
        This location can&apos;t take them over; a new cart here leaves them behind.
      </p>
      <div className="hh-menu-notice__actions">
        <Link className="hh-button hh-button--secondary" to={`/menu/${encodeURIComponent(cart.menu_id)}`}>
          Back to my cart&apos;s menu
        </Link>
        <button type="button" className="hh-button hh-button--primary" disabled={busy} onClick={startHere}>
          Start a new cart here
        </button>
      </div>
    </section>
  );
}
