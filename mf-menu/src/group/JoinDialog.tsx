// Joining a group order (docs/group-orders.md, "Join"): a name once, and an email to be
// told when the host places the order. No account is needed.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { groupActions } from '@henhouse/kit/group/actions';
import { ApiError } from '@henhouse/kit/api/client';
import type { GroupView } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import { Button } from '@henhouse/kit/ui/controls';
import { FormAlert, TextField } from '@henhouse/kit/ui/forms/Field';

/** The name asked for when the guest leaves it empty (the edge says the same, x-message). */
const NAME_REQUIRED = 'Enter your name';

export function JoinDialog({
  open,
  group: g,
  onJoined,
  onCancel,
}: {
  open: boolean;
  group: GroupView;
  onJoined: () => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  // The first field has focus when the dialog opens, so the guest can type their name at once.
  useEffect(() => {
    if (open) nameRef.current?.focus();
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    // An empty name is the one thing known here without asking; the edge checks the rest.
    if (!name.trim()) {
      setFields({ name: NAME_REQUIRED });
      nameRef.current?.focus();
      return;
    }
    setFields({});
    setBusy(true);
    try {
      await groupActions.joinGroup(g.code, name.trim(), email.trim() || undefined);
      onJoined();
    } catch (err) {
      const f = err instanceof ApiError && err.fields ? err.fields : {};
      setFields(f);
      // A refusal about a field is shown at the field; any other in the dialog.
      if (!f.name && !f.email) setError(messageFor(err));
      if (f.email && !f.name) document.getElementById(`${formId}-email`)?.focus();
      else nameRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={`Join ${g.host_name}'s group order`}
      onCancel={onCancel}
      // The buttons are the form's own, so Enter in a field joins as the Join button does.
      actions={null}
    >
      <p>Add your own items under your name. {g.host_name} places the order for everyone.</p>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <FormAlert message={error} />
        <TextField
          ref={nameRef}
          id={`${formId}-name`}
          name="name"
          label="Your name"
          autoComplete="given-name"
          maxLength={40}
          required
          value={name}
          error={fields.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id={`${formId}-email`}
          name="email"
          type="email"
          label="Email"
          optional
          hint="We'll tell you when the order is placed."
          autoComplete="email"
          maxLength={254}
          value={email}
          error={fields.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="hh-dialog__actions">
          <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
            {busy ? 'Joining…' : 'Join'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Not now
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
