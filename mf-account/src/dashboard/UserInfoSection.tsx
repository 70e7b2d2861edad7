// The user-info section of the dashboard: who is signed in, and "Sign out".
import { Link } from '@henhouse/kit/router';
import { getLocation } from '@henhouse/kit/api/locations';
import type { Location, User } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { addressLine } from '@henhouse/kit/locations/address';
import { formatDate, formatPhone } from '../lib/format';

/** useLocationSummary loads a location by id (the member's favorite); nothing without an id. */
export function useLocationSummary(id: string | undefined) {
  return useLoad<Location>(id ?? null, (signal) => getLocation(id ?? '', signal).then((r) => r.location));
}

export function UserInfoSection({
  user,
  onSignOut,
  signingOut,
}: {
  user: User;
  onSignOut: () => void;
  signingOut: boolean;
}) {
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
        <dt>Favorite location</dt>
        <dd>
          {user.favorite_location_id ? (
            favorite.status === 'ready' ? (
              <>
                {favorite.data.name}
                <br />
                <span className="hh-acct-muted">{addressLine(favorite.data.address)}</span>
              </>
            ) : favorite.status === 'error' ? (
              <span role="alert">We couldn't load your favorite location. {messageFor(favorite.error)}</span>
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
