import { Link } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';

import { NavList, type NavEntry } from './NavItem';

export type MobileEntry = NavEntry;

/** mobileMenu is the mobile menu's entries, in the order the site shows them. */
export function mobileMenu(careersUrl: string): MobileEntry[] {
  return [
    { label: 'Account', to: '/account' },
    { label: 'Locations', to: '/locations' },
    { label: 'Menu', to: '/menu' },
    { label: 'Catering', to: '/catering' },
    { label: 'Careers', to: careersUrl, external: true },
    { label: 'Rewards', to: '/rewards?section=rewards-single' },
    { label: 'About', to: '/about' },
  ];
}

/** The mobile menu, shown in the navigation panel below 1200 px. */
export function MobileMenu({ careersUrl }: { careersUrl: string }) {
  const user = useAppStore((s) => s.user);
  const points = useAppStore((s) => s.members?.points ?? 0);
  const setUi = useAppStore((s) => s.setUi);
  return (
    <div className="hh-mobile-menu">
      <section className="hh-mobile-menu__rewards" aria-labelledby="mobile-rewards-title">
        <h2 id="mobile-rewards-title">Rewards</h2>
        {user ? (
          <>
            <p>Welcome back,</p>
            <Link to="/account?section=rewards-single" onClick={() => setUi({ accountSection: 'rewards-single' })}>
              Rewards
            </Link>
            <Link
              to="/account?section=user-info"
              className="hh-mobile-menu__points"
              onClick={() => setUi({ accountSection: 'user-info' })}
            >
              Balance <strong>{points}</strong> Pts
            </Link>
          </>
        ) : (
          <Link to="/account/signin">Sign in</Link>
        )}
        <Link to="/menu" className="hh-button hh-button--primary">
          Order Now
        </Link>
      </section>
      <NavList entries={mobileMenu(careersUrl)} />
    </div>
  );
}
