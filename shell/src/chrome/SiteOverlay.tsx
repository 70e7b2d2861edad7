import { Link, useLocation } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { orderNowDestination, overlayHidden } from '@henhouse/kit/rules/overlay';

/** The persistent "Order Now" overlay (docs/shell.md, "Site overlay"; default layout only). */
export function SiteOverlay() {
  const { pathname } = useLocation();
  const cart = useAppStore((s) => s.cart);
  const location = useAppStore((s) => s.location);
  if (overlayHidden(pathname)) return null;
  return (
    <div className="hh-site-overlay">
      <Link to={orderNowDestination(cart, location)} className="hh-button hh-button--primary hh-site-overlay__action">
        Order Now
      </Link>
    </div>
  );
}
