// The form that turns the cart into a group order (docs/group-orders.md, "Start"): the
// host's name as the group sees it, an email for a guest host, until when others can add,
// a spending limit per person and a note. What is allowed is the edge's to say: its
// refusals show at the fields they name.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { startGroup } from '@henhouse/kit/api/group';
import type { Cart, GroupStart } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { announce } from '@henhouse/kit/ui/announce';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { describedBy, FieldError, FormAlert, StepHeading, TextField } from '@henhouse/kit/ui/forms/Field';
import type { Place } from '../cart/clock';
import { deadlineAt } from './deadline';

type Key = 'host_name' | 'host_email' | 'deadline' | 'limit_cents' | 'note';
const order: Key[] = ['host_name', 'host_email', 'deadline', 'limit_cents', 'note'];

/** Dollars as typed ("15", "15.5", "$15.50") to cents, or null for what is no amount. */
export function dollarsToCents(text: string): number | null {
  const m = /^\$?\s*(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function StartGroup({
  cart,
  place,
  onDone,
  onCancel,
}: {
  cart: Cart;
  /** The cart's location, whose clock "Others can add until" is read on; without it the
   *  group closes at the edge's default and the host extends it later. */
  place: Place | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const user = useAppStore((s) => s.user);
  const id = useId();
  const [name, setName] = useState(user?.first_name ?? '');
  const [email, setEmail] = useState('');
  const [until, setUntil] = useState('');
  const [limit, setLimit] = useState('');
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<Partial<Record<Key, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // After a refusal, the first field it names takes focus, so the guest starts there.
  useEffect(() => {
    const first = order.find((k) => fields[k]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [fields]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body: GroupStart = { host_name: name.trim() };
    const local: Partial<Record<Key, string>> = {};
    if (!user && email.trim()) body.host_email = email.trim();
    if (until && place) {
      const at = deadlineAt(until, cart, place);
      if (at) body.deadline = at;
      else local.deadline = 'Enter a time, like 11:30 AM';
    }
    if (limit.trim()) {
      const cents = dollarsToCents(limit);
      if (cents === null) local.limit_cents = 'Enter an amount in dollars, like 15.00';
      else body.limit_cents = cents;
    }
    if (note.trim()) body.note = note.trim();
    setAlert(null);
    setFields(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const r = await startGroup(body);
      useAppStore.getState().set({ cart: r.cart });
      announce('Your group order is started. Share the link with your group.');
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setAlert(String(err));
        return;
      }
      const at: Partial<Record<Key, string>> = {};
      for (const k of order) if (err.fields?.[k]) at[k] = err.fields[k];
      setFields(at);
      // A refusal no field shows is said above the form, in the edge's words.
      if (!Object.keys(at).length) setAlert(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="hh-group-start" aria-labelledby={`${id}-title`}>
      <StepHeading focus level={3} id={`${id}-title`}>
        Start a group order
      </StepHeading>
      <p>Share a link: everyone adds their own items under their name, and you check out once for everyone.</p>
      <form ref={form} noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
        <FormAlert message={alert} />
        <TextField
          label="Your name"
          name="host_name"
          autoComplete="given-name"
          maxLength={40}
          hint="As your group will see it"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fields.host_name}
        />
        {!user && (
          <TextField
            label="Email"
            name="host_email"
            type="email"
            autoComplete="email"
            optional
            hint="We’ll tell you when the order is placed"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fields.host_email}
          />
        )}
        {place ? (
          <TextField
            label="Others can add until"
            name="deadline"
            type="time"
            optional
            hint="Leave empty to close it 30 minutes before your order time."
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            error={fields.deadline}
          />
        ) : (
          <p className="hh-form-field__hint">
            Others can add until 30 minutes before your order time; you can give them more time later.
          </p>
        )}
        <TextField
          label="Spending limit per person"
          name="limit_cents"
          inputMode="decimal"
          optional
          hint="In dollars, for everyone but you"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          error={fields.limit_cents}
        />
        <div className="hh-form-field">
          <label htmlFor={`${id}-note`} className="hh-form-field__label">
            Note for your group <span className="hh-form-field__optional">(optional)</span>
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            className="hh-form-input"
            rows={3}
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={fields.note ? true : undefined}
            aria-describedby={describedBy(fields.note && `${id}-note-error`, `${id}-note-hint`)}
          />
          <p id={`${id}-note-hint`} className="hh-form-field__hint">
            Up to 200 characters, like “Team lunch, one combo each”
          </p>
          <FieldError id={`${id}-note-error`} message={fields.note} />
        </div>
        <div className="hh-group-start__actions">
          <Button variant="ghost" type="button" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Starting…' : 'Start group order'}
          </Button>
        </div>
      </form>
    </section>
  );
}
