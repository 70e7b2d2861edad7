// /order: the guest's order page (docs/routes.md, "/order"). An order on its way comes
// first, with its status (a group order with each person's items under their name); then
// the cart as it stands, with "Checkout".
import { useEffect, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { getRecentOrder, type Order as PlacedOrder } from '@henhouse/kit/api/checkout';
import { reportError } from '@henhouse/kit/api/useLoad';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import type { CartLine as CartLineData } from '@henhouse/kit/api/types';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import { CartLine } from '../cart/CartLine';
import { ByPerson } from '../group/ByPerson';
import { groupLabel, orderLine } from '../order/OrderLine';
import '../checkout/checkout.css';
import '../order/order.css';

export default function Order(_props: ScreenProps) {
  const cart = useAppStore((s) => s.cart);
  const [recent, setRecent] = useState<PlacedOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Until the edge answers, a visitor the page's bootstrap says has a cart is shown the
  // cart loading, never "Your cart is empty" (docs/checkout.md, "Order page").
  const [loaded, setLoaded] = useState(false);
  // (The build's prerendered copy is a visitor without a cart: it has no document to read.)
  const hintsCart = () => typeof document !== 'undefined' && !!readBootstrap().session?.hasCart;
  const waiting = !loaded && !cart?.products.length && (cart !== null || hintsCart());
  useEffect(() => {
    const ctl = new AbortController();
    actions
      .getCart()
      .catch(reportError)
      .finally(() => setLoaded(true));
    getRecentOrder(ctl.signal).then((r) => setRecent(r.order), reportError);
    return () => ctl.abort();
  }, []);
  const active = recent && recent.status !== 'completed' && recent.status !== 'cancelled' ? recent : null;
  const renderLine = (line: CartLineData) =>
    cart && (
      <CartLine
        key={line.id}
        line={line}
        menuId={cart.menu_id}
        busy={false}
        run={async (fn) => {
          setError(null);
          try {
            await fn();
          } catch (e) {
            setError(messageFor(e));
          }
        }}
        setCart={(c) => useAppStore.getState().set({ cart: c })}
        onEdit={() => {}}
      />
    );
  return (
    <div className="hh-checkout" data-screen="mf-checkout/Order">
      {active && (
        <section className="hh-checkout__part" aria-labelledby="order-active">
          <h2 id="order-active">Your order on its way</h2>
          <p>{active.status_message}</p>
          {active.group && (
            // A group order: who it is for, and each person's items under their name.
            <>
              <p className="hh-order__group">{groupLabel(active.group.participants.length)}</p>
              <ByPerson
                lines={active.products}
                people={active.group.participants}
                renderLine={orderLine}
                listClassName="hh-order__lines"
              />
            </>
          )}
          <Link to={`/order/confirm/${encodeURIComponent(active.id)}`}>See its status</Link>
        </section>
      )}
      <section className="hh-checkout__part" aria-labelledby="order-cart">
        <h2 id="order-cart">Your cart</h2>
        {waiting ? (
          <p role="status">Loading your cart…</p>
        ) : !cart || cart.products.length === 0 ? (
          <>
            <p>Your cart is empty.</p>
            <Link className="hh-button hh-button--primary" to="/menu">
              Back to Menu
            </Link>
          </>
        ) : (
          <>
            {cart.group ? (
              // A group order's lines under each person's name, as in the drawer and the checkout.
              <ByPerson
                lines={cart.products}
                people={cart.group.participants}
                listClassName="hh-cart__lines"
                renderLine={(line) => renderLine(line)}
              />
            ) : (
              <ul className="hh-cart__lines">{cart.products.map((line) => renderLine(line))}</ul>
            )}
            {error && (
              <p role="alert" className="hh-field__error">
                {error}
              </p>
            )}
            <p>
              Subtotal <strong>{money(cart.totals.subtotal_cents)}</strong>
            </p>
            <Link className="hh-button hh-button--primary" to="/order/checkout">
              Checkout
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
