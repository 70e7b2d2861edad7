// /account/signin (docs/routes.md): email and password, or a code to the member's email or
// phone ("passwordless", program identifier), then the sign-in code step; single
// sign-on with the loyalty provider. In the app layout (/app/signin) it is the native
// app's sign-in (docs/webview.md, "Signing in inside the app"): no links out of the app
// flow, and the result goes to the app through its bridge.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { passwordless, signIn } from '@henhouse/kit/api/account';
import { useAppStore } from '@henhouse/kit/state/store';
import { rewardsName } from '@henhouse/kit/brand';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { FormAlert, PasswordField, RecaptchaNotice, StepHeading, TextField } from '@henhouse/kit/ui/forms/Field';
import { useNativeForm } from '@henhouse/kit/ui/forms/nativeForm';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import { emailRules } from '@henhouse/kit/ui/forms/rules';
import { safeReturn } from '@henhouse/kit/session/returnPath';
import { appBridge, postToApp } from '@henhouse/kit/webview/bridge';
import { settled, ssoHref, storeSignedIn } from '../lib/session';
import type { CodeChallenge, SignedIn, User } from '@henhouse/kit/api/types';
import { CodeStep } from '../signin/CodeStep';
import '../account.css';

type Step =
  | { kind: 'password' }
  | { kind: 'passwordless' }
  | { kind: 'code'; challenge: CodeChallenge; from: 'password' | 'passwordless' }
  | { kind: 'done' }
  | { kind: 'cancelled' };

/** The webview's own sign-in page: where single sign-on comes back to when no page of
 *  the app flow waits for the member. */
const appSignIn = '/app/signin';

/**
 * appReturn is where the webview goes after signing in: only a page of the app flow
 * (/app/…); otherwise the screen stays, tells the app and says the member is signed in.
 */
export function appReturn(target: string | undefined): string | null {
  const r = safeReturn(target, '');
  return r.startsWith('/app/') && !r.startsWith(`${appSignIn}?`) && r !== appSignIn ? r : null;
}

/** The messages the sign-in sends the app (docs/webview.md): who signed in, never a
 *  credential; the app's own session comes from its own sign-in. */
type SignInMessage =
  | { type: 'signed_in'; member: { id: string; firstName: string } }
  | { type: 'signin_cancelled' }
  | { type: 'signup_requested' };

export function tellApp(m: SignInMessage) {
  return postToApp({ source: 'henhouse-account', version: 1, ...m });
}

const signedInMessage = (u: User): SignInMessage => ({
  type: 'signed_in',
  member: { id: u.id, firstName: u.first_name },
});

export default function SignIn({ query, layout }: ScreenProps) {
  const webview = layout === 'app';
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  const loading = useAppStore((s) => s.loading);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [moved, setMoved] = useState(false);
  const [email, setEmail] = useState('');
  const told = useRef(false);
  const dest = webview ? appReturn(query.return) : safeReturn(query.return);
  // The app installs its bridge before the page loads, so it is there on the first render.
  const bridge = webview ? appBridge() : null;

  const go = (s: Step) => {
    setMoved(true);
    setStep(s);
  };

  // Signed in, now or already: leave for the return page (or /account). Without one (the
  // webview's own sign-in) the screen says so; that step is set while rendering so the
  // form never shows for a member.
  if (user && !dest && step.kind !== 'done') setStep({ kind: 'done' });
  useEffect(() => {
    if (user && dest) navigate(dest, { replace: true });
  }, [user, dest, navigate]);

  // The app hears once that the member is signed in, after the webview start-up has
  // settled (it loads whoever the webview's cookies already identify).
  useEffect(() => {
    if (!webview || dest || !user || loading || told.current) return;
    told.current = true;
    tellApp(signedInMessage(user));
  }, [webview, dest, user, loading]);

  // In the webview the start-up (AppLayout) may still be loading the app data, which
  // would otherwise overwrite the member who just signed in.
  const signedIn = async (r: SignedIn) => {
    if (webview) await settled();
    storeSignedIn(r);
  };

  // Cancel, in the webview: back to the page of the app flow that asked for the
  // sign-in, or else the app hears the member gave up.
  const cancel = () => {
    if (dest) {
      navigate(dest, { replace: true });
      return;
    }
    tellApp({ type: 'signin_cancelled' });
    go({ kind: 'cancelled' });
  };

  let body;
  if (step.kind === 'done') {
    const name = user?.first_name ?? '';
    body = (
      <div className="hh-acct-step">
        <StepHeading focus={moved}>You're signed in</StepHeading>
        <p>{name ? `Welcome back, ${name}. ` : ''}You can go back to the app now.</p>
      </div>
    );
  } else if (step.kind === 'cancelled') {
    body = (
      <div className="hh-acct-step">
        <StepHeading focus>Sign-in cancelled</StepHeading>
        <p>You can go back to the app now.</p>
        <button
          type="button"
          className="hh-acct-btn hh-acct-btn--outline hh-acct-btn--full"
          onClick={() => go({ kind: 'password' })}
        >
          Sign in after all
        </button>
      </div>
    );
  } else if (step.kind === 'code') {
    body = (
      <CodeStep
        challenge={step.challenge}
        onSignedIn={signedIn}
        onBack={() => go({ kind: step.from })}
        backLabel={step.from === 'password' ? 'Use a different email' : 'Use a different email, phone or member number'}
      />
    );
  } else if (step.kind === 'passwordless') {
    body = (
      <PasswordlessStep
        focus={moved}
        onChallenge={(c) => go({ kind: 'code', challenge: c, from: 'passwordless' })}
        onPassword={() => go({ kind: 'password' })}
      />
    );
  } else {
    body = (
      <PasswordStep
        focus={moved}
        email={email}
        onChallenge={(c, e) => {
          setEmail(e);
          go({ kind: 'code', challenge: c, from: 'password' });
        }}
        onPasswordless={() => go({ kind: 'passwordless' })}
        webview={webview}
        // Sign-up is the app's own screen: the webview asks the app to show it, and
        // offers nothing where no app listens.
        onSignUp={webview && bridge ? () => tellApp({ type: 'signup_requested' }) : undefined}
        returnTo={query.return}
      />
    );
  }

  const showSso = step.kind === 'password' || step.kind === 'passwordless';
  // Single sign-on comes back (through /app/code) to the return page, or in the webview
  // to this page, which then tells the app.
  const ssoReturn = dest ?? appSignIn;
  const showCancel = webview && step.kind !== 'done' && step.kind !== 'cancelled';
  return (
    <ScreenFrame name="mf-account/SignIn" title="Sign In">
      <div className={webview ? 'hh-acct hh-acct--app' : 'hh-acct'}>
        <div className="hh-acct-card">
          {body}
          {showSso && (
            <div className="hh-acct-sso">
              <p className="hh-acct-divider">
                <span>or</span>
              </p>
              <a className="hh-acct-btn hh-acct-btn--outline hh-acct-btn--full" href={ssoHref(ssoReturn)}>
                Sign in with {rewardsName()}
              </a>
            </div>
          )}
          {showCancel && (
            <p className="hh-acct-aside">
              <button type="button" className="hh-acct-link" onClick={cancel}>
                Cancel
              </button>
            </p>
          )}
        </div>
      </div>
    </ScreenFrame>
  );
}

interface PasswordStepProps {
  focus: boolean;
  email: string;
  onChallenge: (c: CodeChallenge, email: string) => void;
  onPasswordless: () => void;
  webview: boolean;
  /** In the webview: asks the app for its sign-up screen. */
  onSignUp?: () => void;
  returnTo?: string;
}

function PasswordStep({ focus, email, onChallenge, onPasswordless, webview, onSignUp, returnTo }: PasswordStepProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useNativeForm<{ email: string; password: string }>({ defaultValues: { email, password: '' } });

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const headers = await botHeaders('login');
      const r = await signIn(v.email.trim(), v.password, headers);
      onChallenge(r.challenge, v.email.trim());
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['email', 'password']));
    }
  });

  const signupHref = returnTo ? `/account/signup?return=${encodeURIComponent(returnTo)}` : '/account/signup';
  return (
    <div className="hh-acct-step">
      <StepHeading focus={focus}>Sign in with your email and password</StepHeading>
      <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <FormAlert message={formError} />
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { required: 'Enter your password' })}
        />
        {!webview && (
          <p className="hh-acct-aside">
            <Link to="/account/forgot">Forgot password?</Link>
          </p>
        )}
        <button type="submit" className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
        <RecaptchaNotice />
      </form>
      <button type="button" className="hh-acct-link" onClick={onPasswordless}>
        Sign in with a code instead
      </button>
      {webview ? (
        <>
          <p className="hh-acct-aside">
            Forgot your password? Sign in with a code instead: we'll send it to your email or phone.
          </p>
          {onSignUp && (
            <p className="hh-acct-aside">
              New to {rewardsName()}?{' '}
              <button type="button" className="hh-acct-link" onClick={onSignUp}>
                Create an account
              </button>
            </p>
          )}
        </>
      ) : (
        <p className="hh-acct-aside">
          New to {rewardsName()}? <Link to={signupHref}>Create an account</Link>
        </p>
      )}
    </div>
  );
}

function PasswordlessStep({
  focus,
  onChallenge,
  onPassword,
}: {
  focus: boolean;
  onChallenge: (c: CodeChallenge) => void;
  onPassword: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useNativeForm<{ identifier: string }>({ defaultValues: { identifier: '' } });

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const headers = await botHeaders('login');
      const r = await passwordless(v.identifier.trim(), headers);
      onChallenge(r.challenge);
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['identifier']));
    }
  });

  return (
    <div className="hh-acct-step">
      <StepHeading focus={focus}>Sign in with a code</StepHeading>
      <p>We'll send a 6-digit code to the email or phone on your {rewardsName()} account.</p>
      <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <FormAlert message={formError} />
        <TextField
          label="Email, phone or member number"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.identifier?.message}
          {...register('identifier', {
            required: 'Enter your email, phone number or member number',
            validate: (v) => v.trim().length > 0 || 'Enter your email, phone number or member number',
          })}
        />
        <button type="submit" className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send code'}
        </button>
        <RecaptchaNotice />
      </form>
      <button type="button" className="hh-acct-link" onClick={onPassword}>
        Sign in with a password instead
      </button>
    </div>
  );
}
