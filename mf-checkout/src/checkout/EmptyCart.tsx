import { Link } from '@henhouse/kit/router';

/** EmptyCart is the checkout with nothing to pay for: on a first visit, after the last
 *  line was removed, or once the order was placed (until the confirmation shows). */
export function EmptyCart({ placement, screen }: { placement: 'web' | 'app'; screen: string }) {
  return (
    <div className="hh-checkout hh-checkout--empty" data-screen={screen}>
      <h2>Your cart is empty</h2>
      <p>Add something from the menu, then come back here to pay.</p>
      {placement === 'web' && (
        <Link className="hh-button hh-button--primary" to="/menu">
          Back to Menu
        </Link>
      )}
    </div>
  );
}
