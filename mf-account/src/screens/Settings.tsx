// /account/settings (docs/routes.md): profile, notifications, password, saved addresses,
// saved cards (tokens only: brand, last 4, expiry), saved locations and order history. A
// list the loyalty program does not offer is left out, with its entry in the contents
// (lib/features.ts).
// Guests are sent to sign in: by the edge on a page load (the route's Members), by this
// screen after a client-side navigation.
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { accountFeature, type AccountFeature } from '../lib/features';
import { signInPath, useMember } from '../lib/useMember';
import { Addresses, Cards, Favorites, Orders } from '../settings/Lists';
import { NotificationsForm, PasswordForm, ProfileForm, SettingsSection } from '../settings/Profile';
import '../account.css';

const toc: [id: string, label: string, feature?: AccountFeature][] = [
  ['profile', 'Your details'],
  ['notifications', 'Notifications'],
  ['password', 'Password'],
  ['addresses', 'Saved addresses', 'addresses'],
  ['cards', 'Saved cards', 'wallet'],
  ['locations', 'Saved locations', 'favorites'],
  ['orders', 'Order history'],
];

export default function Settings(_props: ScreenProps) {
  const { who, user } = useMember();
  const { hash } = useLocation();
  // Jump to a section named in the address (/account/settings#orders) once it exists.
  useEffect(() => {
    if (!user || !hash) return;
    const el = document.getElementById(hash.slice(1));
    el?.scrollIntoView?.();
    el?.focus?.();
  }, [user, hash]);

  if (who === 'guest') return <Navigate to={signInPath('/account/settings')} replace />;
  const on = (f?: AccountFeature) => !f || accountFeature(f);
  return (
    <ScreenFrame name="mf-account/Settings" title="Account Settings" loading={!user}>
      <div className="hh-acct">
        {!user ? (
          <p role="status" className="hh-acct-loading">
            Loading your account…
          </p>
        ) : (
          <div className="hh-acct-grid hh-acct-settings">
            <nav aria-label="Settings sections">
              <ul className="hh-acct-toc">
                {toc
                  .filter(([, , f]) => on(f))
                  .map(([id, label]) => (
                    <li key={id}>
                      <a href={`#${id}`}>{label}</a>
                    </li>
                  ))}
                <li>
                  <Link to="/account">Back to your account</Link>
                </li>
              </ul>
            </nav>
            <div className="hh-acct-grid">
              <SettingsSection id="profile" title="Your details">
                <ProfileForm user={user} />
              </SettingsSection>
              <SettingsSection id="notifications" title="Notifications">
                <NotificationsForm user={user} />
              </SettingsSection>
              <SettingsSection id="password" title="Password">
                <PasswordForm user={user} />
              </SettingsSection>
              {on('addresses') && (
                <SettingsSection id="addresses" title="Saved addresses">
                  <Addresses />
                </SettingsSection>
              )}
              {on('wallet') && (
                <SettingsSection id="cards" title="Saved cards">
                  <Cards />
                </SettingsSection>
              )}
              {on('favorites') && (
                <SettingsSection id="locations" title="Saved locations">
                  <Favorites user={user} />
                </SettingsSection>
              )}
              <SettingsSection id="orders" title="Order history">
                <Orders />
              </SettingsSection>
            </div>
          </div>
        )}
      </div>
    </ScreenFrame>
  );
}
