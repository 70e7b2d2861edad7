import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, useLocation } from '@henhouse/kit/router';
import { participantGroup } from '@henhouse/kit/state/group';
import { useAppStore } from '@henhouse/kit/state/store';
import { lockScroll } from '@henhouse/kit/ui/scrollLock';
import { useAnnounce } from '@henhouse/kit/ui/announce';
import { MobileMenu } from './lazy'; // loaded when the navigation first opens
import { NavList, type NavEntry } from './NavItem';
import { cartPending, settleCart, subscribeCart } from '../session/cartHint';

/** mainNav is the header's main navigation, in the order the site shows it. */
export function mainNav(careersUrl: string): NavEntry[] {
  return [
    { label: 'Locations', to: '/locations' },
    { label: 'Menu', to: '/menu' },
    { label: 'Catering', to: '/catering' },
    { label: 'Rewards', to: '/rewards?section=rewards-single' },
    { label: 'Careers', to: careersUrl, external: true },
  ];
}

export function Header({ careersUrl, brandName }: { careersUrl: string; brandName: string }) {
  const navOpen = useAppStore((s) => s.ui.navOpen);
  const setUi = useAppStore((s) => s.setUi);
  const cart = useAppStore((s) => s.cart);
  const user = useAppStore((s) => s.user);
  const points = useAppStore((s) => s.members?.points);
  const loc = useLocation();
  const burger = useRef<HTMLButtonElement>(null);
  // A guest adding to someone's group order has no cart of their own in it: the button
  // counts their own part of the group, as the edge counts it (docs/group-orders.md, "Join").
  const part = useAppStore((s) => participantGroup(s)?.me ?? null);
  const cartCount = (cart?.products ?? []).reduce<number>(
    (n, p) => n + (Number((p as { quantity?: number }).quantity) || 1),
    0,
  );
  const count = part ? part.item_count : cartCount;

  // A cart the edge says exists but the page has not read yet: no count, rather than a
  // wrong 0 (../session/cartHint.ts).
  const hinted = useSyncExternalStore(subscribeCart, cartPending, () => false);
  const pending = hinted && !cart && !part;
  useEffect(() => {
    if (cart) settleCart();
  }, [cart]);

  // A change of the cart's count is announced wherever it came from (drawer, product, reorder).
  // In group mode the add's own toast says where the item went.
  useAnnounce(cart && !part ? `${count} ${count === 1 ? 'item' : 'items'} in your cart.` : null);

  // Opening the navigation blocks page scrolling, so the page does not move behind it.
  useEffect(() => (navOpen ? lockScroll() : undefined), [navOpen]);
  // Navigating closes it; the header's first render is no navigation. (A tap on the
  // page's own menu button before the scripts ran is given to this button right after
  // that render, earlyClicks.ts, and must stay open.)
  const at = `${loc.pathname}?${loc.search}`;
  const openedAt = useRef(at);
  useEffect(() => {
    if (openedAt.current === at) return;
    openedAt.current = at;
    setUi({ navOpen: false });
  }, [at, setUi]);
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setUi({ navOpen: false });
        burger.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen, setUi]);

  return (
    <header className="hh-header">
      <div className="hh-header__bar">
        <button
          ref={burger}
          type="button"
          className="hh-burger"
          aria-expanded={navOpen}
          aria-controls="main-nav"
          onClick={() => setUi({ navOpen: !navOpen })}
        >
          <span className="hh-burger__icon" aria-hidden="true" />
          <span className="visually-hidden">{navOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <Link to="/" className="hh-logo">
          {brandName}
        </Link>
        <nav id="main-nav" aria-label="Main" className={navOpen ? 'hh-nav hh-nav--open' : 'hh-nav'}>
          {navOpen && <MobileMenu careersUrl={careersUrl} />}
          <NavList className="hh-nav__main" entries={mainNav(careersUrl)} active />
        </nav>
        <div className="hh-header__actions">
          {user ? (
            <Link to="/account?section=user-info" className="hh-greeting">
              <span className="hh-greeting__points">{points ?? 0}</span> Points
            </Link>
          ) : (
            <Link to="/account/signin" className="hh-greeting">
              Sign In
            </Link>
          )}
          <button
            type="button"
            className="hh-cart-button"
            aria-haspopup="dialog"
            onClick={() => setUi({ cartOpen: true })}
          >
            <svg
              className="hh-cart-button__icon"
              viewBox="0 0 24 24"
              width="22"
              height="22"
              aria-hidden="true"
              focusable="false"
            >
              <path
                fill="currentColor"
                d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14.8h9.9c.8 0 1.4-.4 1.7-1.1L22 6H5.2L4.3 4H1v2h2l3.6 7.6-1.4 2.4c-.7 1.3.3 2.8 1.8 2.8H19v-2H7.4l.8-1.4z"
              />
            </svg>
            <span className="hh-cart-button__count" aria-hidden="true" data-pending={pending ? '' : undefined}>
              {pending ? '' : count}
            </span>
            <span className="visually-hidden">
              {part ? `Your items, ${count}` : pending ? 'Cart' : `Cart, ${count === 1 ? '1 item' : `${count} items`}`}
            </span>
          </button>
        </div>
      </div>
    </header>
  );
}
