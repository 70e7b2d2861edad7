// /app/code?code=…&state=… (docs/webview.md, "Single sign-on return"): where the loyalty provider sends the member back
// after single sign-on. Exchanges the code (POST /api/auth/sso/exchange), signs in and
// goes to the page the sign-in started from.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { ssoExchange } from '@henhouse/kit/api/account';
import { rewardsName } from '@henhouse/kit/brand';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { safeReturn } from '@henhouse/kit/session/returnPath';
import { once } from '../lib/once';
import { settled, storeSignedIn } from '../lib/session';
import '../account.css';

const providerErrors: Record<string, string> = {
  access_denied: 'Sign-in was cancelled.',
  login_required: 'Please sign in again.',
};

export default function AppCode({ query }: ScreenProps) {
  const navigate = useNavigate();
  const { code = '', state = '' } = query;
  const initialError = query.error
    ? (providerErrors[query.error] ?? `${rewardsName()} couldn't sign you in. Please try again.`)
    : !code || !state
      ? 'This sign-in link is incomplete. Please start signing in again.'
      : null;
  const [error, setError] = useState<string | null>(initialError);

  useEffect(() => {
    if (initialError) return;
    let live = true;
    once(`sso:${code}`, () => ssoExchange(code, state)).then(
      async (r) => {
        await settled();
        storeSignedIn(r);
        if (live) navigate(safeReturn(r.return), { replace: true });
      },
      (e: unknown) => live && setError(messageFor(e)),
    );
    return () => {
      live = false;
    };
  }, [code, state, initialError, navigate]);

  return (
    <ScreenFrame name="mf-account/AppCode" title="Signing you in">
      <div className="hh-acct hh-acct--app">
        <div className="hh-acct-card">
          {error ? (
            <div className="hh-acct-step">
              <div role="alert" className="hh-form-alert">
                <h3 className="hh-form-step-title">We couldn't sign you in</h3>
                <p>{error}</p>
              </div>
              <Link className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" to="/account/signin">
                Back to sign in
              </Link>
            </div>
          ) : (
            <p role="status" className="hh-acct-loading">
              <span className="hh-spinner" aria-hidden="true" /> Signing you in with {rewardsName()}…
            </p>
          )}
        </div>
      </div>
    </ScreenFrame>
  );
}
