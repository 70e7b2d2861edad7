// The user-info section of the dashboard: who is signed in, and "Sign out".
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '@henhouse/kit/api/client';
import { addressLine, formatDate, formatPhone } from '../lib/format';
import type { LocationSummary, User } from '../lib/types';

export function useLocationSummary(id: string | undefined): LocationSummary | null {
  const [loc, setLoc] = useState<LocationSummary | null>(null);
  useEffect(() => {
    if (!id) return setLoc(null);
    const ctl = new AbortController();
    api.get<{ location: LocationSummary }>(`/locations/${encodeURIComponent(id)}`, ctl.signal).then(
      (r) => setLoc(r.location),
      () => undefined,
    );
    return () => ctl.abort();
  }, [id]);
  return loc;
}

export function UserInfoSection({ user, onSignOut, signingOut }: { user: User; onSignOut: () => void; signingOut: boolean }) {
  const favorite = useLocationSummary(user.favorite_location_id);
  return (
    <section className="hh-acct-section" aria-labelledby="acct-user-info">
      <h3 id="acct-user-info">Your details</h3>
      <dl className="hh-acct-dl">
        <dt>Name</dt>
        <dd>{[user.first_name, user.last_name].filter(Boolean).join(' ')}</dd>
        <dt>Email</dt>
        <dd>
          {user.email}
          {user.confirmed === false && <span className="hh-acct-muted"> (not confirmed yet)</span>}
        </dd>
        <dt>Phone</dt>
        <dd>{formatPhone(user.phone) || 'Not set'}</dd>
        <dt>Member number</dt>
        <dd>{user.member_number}</dd>
        {user.birthday && (
          <>
            <dt>Birthday</dt>
            <dd>{formatDate(user.birthday)}</dd>
          </>
        )}
        <dt>Favourite location</dt>
        <dd>
          {user.favorite_location_id ? (
            favorite ? (
              <>
                {favorite.name}
                <br />
                <span className="hh-acct-muted">{addressLine(favorite.address)}</span>
              </>
            ) : (
              'Loading…'
            )
          ) : (
            'None chosen'
          )}
        </dd>
      </dl>
      <div className="hh-acct-row">
        <Link className="hh-acct-btn hh-acct-btn--outline" to="/account/settings">
          Edit details and settings
        </Link>
        <Link className="hh-acct-btn hh-acct-btn--outline" to="/account/settings#orders">
          Order history
        </Link>
        <button type="button" className="hh-acct-btn hh-acct-btn--secondary" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </section>
  );
}
