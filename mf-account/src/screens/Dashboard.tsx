// /account (docs/routes.md): the member's dashboard, with the sections rewards-single and
// user-info (query `section`, or the store's ui.accountSection set by the mobile menu).
// Guests are sent to sign in and come back here: by the edge on a page load (the
// route's Members, docs/routes.md), by this screen after a client-side navigation.
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { actions } from '@henhouse/kit/actions';
import { useAppStore } from '@henhouse/kit/state/store';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { ConfirmEmail } from '../dashboard/ConfirmEmail';
import { RewardsSection } from '../dashboard/RewardsSection';
import { Tabs } from '../dashboard/Tabs';
import { UserInfoSection } from '../dashboard/UserInfoSection';
import { signInPath, useMember } from '../lib/useMember';
import '../account.css';

export type AccountSection = 'rewards-single' | 'user-info';
const sections: { key: AccountSection; label: string }[] = [
  { key: 'rewards-single', label: 'Rewards' },
  { key: 'user-info', label: 'Your info' },
];

/** accountSection picks the section: the query wins, then the store, then rewards. */
export function accountSection(query: string | undefined, stored: string | null | undefined): AccountSection {
  for (const s of [query, stored]) if (s === 'rewards-single' || s === 'user-info') return s;
  return 'rewards-single';
}

export default function Dashboard({ query }: ScreenProps) {
  const navigate = useNavigate();
  const members = useAppStore((s) => s.members);
  const stored = useAppStore((s) => s.ui.accountSection);
  const section = accountSection(query.section, stored);
  const [rewardsError, setRewardsError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const { who, user } = useMember(signingOut);

  // A load clears an earlier failure when it answers; "Try again" clears it at once.
  const fetchRewards = () => {
    actions.getRewards().then(
      () => setRewardsError(null),
      (e: unknown) => setRewardsError(messageFor(e)),
    );
  };
  const loadRewards = () => {
    setRewardsError(null);
    fetchRewards();
  };
  useEffect(() => {
    if (who === 'member' && !signingOut) fetchRewards();
    // Once per sign-in: signing out must not reload, and fetchRewards is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [who]);

  // Keep the store's section in step with what is shown (the mobile menu reads it).
  useEffect(() => {
    if (stored !== section) useAppStore.getState().setUi({ accountSection: section });
  }, [section, stored]);

  const select = (s: AccountSection) => {
    useAppStore.getState().setUi({ accountSection: s });
    navigate(`/account?section=${s}`, { replace: true });
  };

  const signOut = async () => {
    setSigningOut(true);
    try {
      await actions.logoutUser();
    } catch {
      // The store is cleared either way; the edge session expires on its own.
    }
    navigate('/');
  };

  if (who === 'guest' && !signingOut) {
    const back = query.section ? `/account?section=${query.section}` : '/account';
    return <Navigate to={signInPath(back)} replace />;
  }

  return (
    <ScreenFrame name="mf-account/Dashboard" title="Your Account" loading={!user}>
      <div className="hh-acct">
        {!user ? (
          <p role="status" className="hh-acct-loading">
            {signingOut ? 'Signing out…' : 'Loading your account…'}
          </p>
        ) : (
          <>
            <p className="hh-acct-aside">Hi, {user.first_name}!</p>
            {user.confirmed === false && <ConfirmEmail email={user.email} />}
            <Tabs tabs={sections} selected={section} onSelect={select} label="Your account" idBase="acct">
              {section === 'rewards-single' ? (
                members ? (
                  <>
                    {rewardsError && (
                      <p role="alert" className="hh-form-alert">
                        {rewardsError}
                      </p>
                    )}
                    <RewardsSection members={members} />
                  </>
                ) : rewardsError ? (
                  <div role="alert" className="hh-form-alert">
                    <p>We couldn't load your rewards. {rewardsError}</p>
                    <button
                      type="button"
                      className="hh-acct-btn hh-acct-btn--outline hh-acct-btn--small"
                      onClick={loadRewards}
                    >
                      Try again
                    </button>
                  </div>
                ) : (
                  <p role="status" className="hh-acct-loading">
                    Loading your rewards…
                  </p>
                )
              ) : (
                <UserInfoSection user={user} onSignOut={signOut} signingOut={signingOut} />
              )}
            </Tabs>
          </>
        )}
      </div>
    </ScreenFrame>
  );
}
