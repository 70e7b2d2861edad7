// The reminder to confirm the email address, with "Send the link again"
// (POST /api/user/confirmation) for a member who lost the first message.
import { useState } from 'react';
import { sendConfirmation } from '@henhouse/kit/api/account';
import { messageFor } from '@henhouse/kit/botcheck/errors';

export function ConfirmEmail({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setSent(null);
    setError(null);
    try {
      await sendConfirmation();
      setSent(`We sent a new confirmation link to ${email}.`);
    } catch (e) {
      setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="hh-form-alert" style={{ fontWeight: 400 }}>
      <p>Please confirm your email: open the link we sent to {email}.</p>
      <button
        type="button"
        className="hh-acct-btn hh-acct-btn--outline hh-acct-btn--small"
        onClick={send}
        disabled={busy}
      >
        {busy ? 'Sending…' : 'Send the link again'}
      </button>
      <p role="status" className="hh-form-status">
        {sent}
      </p>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
