// /account/forgot (docs/routes.md): email → "Check your email" with the emailed code and a new
// password → done, with a link to sign in (docs/identity.md: forgot, reset).
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { forgotPassword, resetPassword } from '@henhouse/kit/api/account';
import { useAppStore } from '@henhouse/kit/state/store';
import { rewardsName } from '@henhouse/kit/brand';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import {
  FormAlert,
  PasswordField,
  RecaptchaNotice,
  Status,
  StepHeading,
  TextField,
  validatePassword,
} from '@henhouse/kit/ui/forms/Field';
import { emailRules, oneTimeCodeInput, oneTimeCodeRules } from '@henhouse/kit/ui/forms/rules';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import '../account.css';

type Step = { kind: 'email' } | { kind: 'reset'; email: string } | { kind: 'done' };

async function requestCode(email: string) {
  const headers = await botHeaders('forgot_password');
  await forgotPassword(email, headers);
}

export default function Forgot({ layout }: ScreenProps) {
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [moved, setMoved] = useState(false);
  const [lastEmail, setLastEmail] = useState('');
  const go = (s: Step) => {
    setMoved(true);
    setStep(s);
  };
  return (
    <ScreenFrame name="mf-account/Forgot" title="Forgot Password">
      <div className={layout === 'app' ? 'hh-acct hh-acct--app' : 'hh-acct'}>
        <div className="hh-acct-card">
          {step.kind === 'email' && (
            <EmailStep
              focus={moved}
              email={lastEmail}
              onSent={(email) => {
                setLastEmail(email);
                go({ kind: 'reset', email });
              }}
            />
          )}
          {step.kind === 'reset' && (
            <ResetStep
              email={step.email}
              onDone={() => go({ kind: 'done' })}
              onOtherEmail={() => go({ kind: 'email' })}
            />
          )}
          {step.kind === 'done' && (
            <div className="hh-acct-step">
              <StepHeading focus>Your password is changed</StepHeading>
              <p className="hh-acct-success">
                You can now sign in with your new password. For your security, you've been signed out on every device.
              </p>
              <Link className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" to="/account/signin">
                Sign in
              </Link>
            </div>
          )}
        </div>
      </div>
    </ScreenFrame>
  );
}

function EmailStep({ focus, email, onSent }: { focus: boolean; email: string; onSent: (email: string) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email } });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await requestCode(v.email.trim());
      onSent(v.email.trim());
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['email']));
    }
  });
  return (
    <div className="hh-acct-step">
      <StepHeading focus={focus}>Reset your password</StepHeading>
      <p>Enter the email on your {rewardsName()} account. We'll send you a code to choose a new password.</p>
      <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <FormAlert message={formError} />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="username"
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
        <button type="submit" className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send code'}
        </button>
        <RecaptchaNotice />
      </form>
      <p className="hh-acct-aside">
        Remembered it? <Link to="/account/signin">Sign in</Link>
      </p>
    </div>
  );
}

function ResetStep({ email, onDone, onOtherEmail }: { email: string; onDone: () => void; onOtherEmail: () => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string; password: string }>({ defaultValues: { code: '', password: '' } });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setStatus(null);
    try {
      await resetPassword(email, v.code.trim(), v.password);
      // Every session of the member ended with the reset.
      useAppStore.getState().reset(['token', 'user', 'members']);
      onDone();
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['code', 'password'], { codeField: 'code' }));
    }
  });
  const resend = async () => {
    setResending(true);
    setFormError(null);
    setStatus(null);
    try {
      await requestCode(email);
      setStatus(`We sent a new code to ${email}.`);
    } catch (e) {
      setFormError(messageFor(e));
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="hh-acct-step">
      <StepHeading focus>Check your email</StepHeading>
      <p>
        If there's a {rewardsName()} account for <strong>{email}</strong>, we sent it a 6-digit code. Enter the code and
        choose a new password.
      </p>
      <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <FormAlert message={formError} />
        {/* Lets password managers save the new password for the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="6-digit code"
          {...oneTimeCodeInput}
          className="hh-acct-field--code"
          error={errors.code?.message}
          {...register('code', oneTimeCodeRules('Enter the 6-digit code from the email'))}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          rules
          value={password}
          error={errors.password?.message}
          {...register('password', { validate: validatePassword })}
        />
        <button type="submit" className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Change password'}
        </button>
      </form>
      <Status message={status} />
      <div className="hh-acct-row">
        <button type="button" className="hh-acct-link" onClick={resend} disabled={resending}>
          {resending ? 'Sending…' : 'Send the code again'}
        </button>
        <button type="button" className="hh-acct-link" onClick={onOtherEmail}>
          Use a different email
        </button>
      </div>
    </div>
  );
}
