// The sign-in code step (docs/identity.md): the 6-digit code sent by email or text,
// "Resend code", and where it went. Signs the member in on success.
import { useRef, useState, type FormEvent } from 'react';
import { resendCode, submitCode } from '@henhouse/kit/api/account';
import { FormAlert, Status, StepHeading, TextField } from '@henhouse/kit/ui/forms/Field';
import { oneTimeCodeInput, oneTimeCodeRules } from '@henhouse/kit/ui/forms/rules';
import { useNativeForm } from '@henhouse/kit/ui/forms/nativeForm';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { formatTime, maskDestination } from '../lib/format';
import type { CodeChallenge, SignedIn } from '@henhouse/kit/api/types';

interface Props {
  challenge: CodeChallenge;
  onSignedIn: (r: SignedIn) => void;
  /** Back to the first step ("Use a different email"). */
  onBack: () => void;
  backLabel: string;
}

export function sentTo(c: CodeChallenge): string {
  const how = c.channel === 'sms' ? 'by text message' : 'by email';
  return `We sent a 6-digit code ${how} to ${maskDestination(c.destination)}.`;
}

export function CodeStep({ challenge: initial, onSignedIn, onBack, backLabel }: Props) {
  const [challenge, setChallenge] = useState(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useNativeForm<{ code: string }>({ defaultValues: { code: '' } });

  // The guard against a second submit is a ref read when the form is submitted, so the
  // validated handler is built in the submit event, not while rendering.
  const send = async ({ code }: { code: string }) => {
    if (sending.current) return;
    sending.current = true;
    setFormError(null);
    setStatus(null);
    try {
      const r = await submitCode(challenge.id, code.trim());
      onSignedIn(r);
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['code'], { codeField: 'code' }));
    } finally {
      sending.current = false;
    }
  };
  const submit = (e: FormEvent<HTMLFormElement>) => handleSubmit(send)(e);

  const resend = async () => {
    setResending(true);
    setFormError(null);
    setStatus(null);
    try {
      const r = await resendCode(challenge.id);
      setChallenge(r.challenge);
      setStatus(`New code sent. ${sentTo(r.challenge)}`);
      setFocus('code');
    } catch (e) {
      setFormError(messageFor(e));
    } finally {
      setResending(false);
    }
  };

  const expires = formatTime(challenge.expires_at);
  return (
    <div className="hh-acct-step">
      <StepHeading focus>Enter your sign-in code</StepHeading>
      <p>
        {sentTo(challenge)}
        {expires && ` It works until ${expires}.`}
      </p>
      <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <FormAlert message={formError} />
        <TextField
          label="6-digit code"
          {...oneTimeCodeInput}
          className="hh-acct-field--code"
          error={errors.code?.message}
          {...register('code', oneTimeCodeRules('Enter the 6-digit code we sent you'))}
        />
        <button type="submit" className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : 'Sign in'}
        </button>
      </form>
      <Status message={status} />
      <div className="hh-acct-row">
        <button type="button" className="hh-acct-link" onClick={resend} disabled={resending || isSubmitting}>
          {resending ? 'Sending…' : 'Resend code'}
        </button>
        <button type="button" className="hh-acct-link" onClick={onBack}>
          {backLabel}
        </button>
      </div>
    </div>
  );
}
