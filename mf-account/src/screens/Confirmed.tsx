// /account/confirmed?code=… (docs/routes.md): the link in the confirmation email. Confirms the
// account (POST /api/auth/confirm) and says whether it worked.
import { useEffect, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { confirmEmail } from '@henhouse/kit/api/account';
import { useAppStore } from '@henhouse/kit/state/store';
import { rewardsName } from '@henhouse/kit/brand';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { once } from '../lib/once';
import '../account.css';

type State = { kind: 'working' } | { kind: 'ok' } | { kind: 'error'; message: string };

export default function Confirmed({ query }: ScreenProps) {
  const code = (query.code ?? '').trim();
  const user = useAppStore((s) => s.user);
  const [state, setState] = useState<State>(
    code
      ? { kind: 'working' }
      : {
          kind: 'error',
          message:
            'This link is missing its confirmation code. Open the link from the email again, or copy all of it into the address bar.',
        },
  );

  useEffect(() => {
    if (!code) return;
    let live = true;
    once(`confirm:${code}`, () => confirmEmail(code)).then(
      () => {
        const s = useAppStore.getState();
        if (s.user) s.set({ user: { ...s.user, confirmed: true } });
        if (live) setState({ kind: 'ok' });
      },
      (e: unknown) => live && setState({ kind: 'error', message: messageFor(e) }),
    );
    return () => {
      live = false;
    };
  }, [code]);

  return (
    <ScreenFrame name="mf-account/Confirmed" title="Account Confirmed" loading={state.kind === 'working'}>
      <div className="hh-acct">
        <div className="hh-acct-card">
          {state.kind === 'working' && (
            <p role="status" className="hh-acct-loading">
              Confirming your account…
            </p>
          )}
          {state.kind === 'ok' && (
            <div className="hh-acct-step">
              <div role="status" className="hh-acct-success">
                <h3 className="hh-form-step-title">Your account is confirmed</h3>
                <p>Thanks! Your {rewardsName()} account is ready: you'll earn points on every order.</p>
              </div>
              {user ? (
                <Link className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" to="/account">
                  Go to your account
                </Link>
              ) : (
                <Link className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" to="/account/signin">
                  Sign in
                </Link>
              )}
              <Link className="hh-acct-btn hh-acct-btn--outline hh-acct-btn--full" to="/locations">
                Start an order
              </Link>
            </div>
          )}
          {state.kind === 'error' && (
            <div className="hh-acct-step">
              <div role="alert" className="hh-form-alert">
                <h3 className="hh-form-step-title">We couldn't confirm your account</h3>
                <p>{state.message}</p>
              </div>
              <p>
                Confirmation links work once and expire. If you already confirmed, you're all set. Need help?{' '}
                <Link to="/contact">Contact us</Link>.
              </p>
              <Link
                className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full"
                to={user ? '/account' : '/account/signin'}
              >
                {user ? 'Go to your account' : 'Sign in'}
              </Link>
            </div>
          )}
        </div>
      </div>
    </ScreenFrame>
  );
}
