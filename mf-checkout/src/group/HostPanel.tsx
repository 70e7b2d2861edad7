// The host's group panel at the top of the cart drawer (docs/group-orders.md, "Invite" and
// "Host"): until when others can add, the link with Copy, Share and Invite by email, Extend
// and Close now, and End group order after a confirmation. Every change is made on the
// cart's version and the drawer shows the cart the edge answers.
import { useId, useState, type FormEvent, type Ref } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { changeGroup, endGroup, inviteToGroup } from '@henhouse/kit/api/group';
import type { Cart, CartGroup } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { announce } from '@henhouse/kit/ui/announce';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { Status, TextField } from '@henhouse/kit/ui/forms/Field';
import { Confirm } from './Confirm';

type Where = 'link' | 'invite' | 'deadline' | 'end';

const message = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

/** groupStatus: "Group order · closes at 11:30 AM", or closed to others. */
export const groupStatus = (g: Pick<CartGroup, 'state' | 'deadline_label'>) =>
  g.state === 'closed' ? 'Group order · Closed to others' : `Group order · closes at ${g.deadline_label}`;

/** The deadline the API gave, 15 minutes later: what "Extend 15 minutes" asks for. */
export const extended = (deadline: string) => new Date(Date.parse(deadline) + 15 * 60_000).toISOString();

export function HostPanel({ cart, headingRef }: { cart: Cart; headingRef?: Ref<HTMLHeadingElement> }) {
  const group = cart.group!;
  const id = useId();
  const link = `${window.location.origin}${group.path}`;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ at: Where; message: string } | null>(null);
  const [inviting, setInviting] = useState(false);
  const [emails, setEmails] = useState('');
  const [emailsError, setEmailsError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);

  /** run makes one change of the group, its refusal shown beside the control that asked. */
  const run = async (at: Where, fn: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError({ at, message: message(e) });
    } finally {
      setBusy(false);
    }
  };
  const setCart = (c: Cart) => useAppStore.getState().set({ cart: c });
  const errorAt = (at: Where) =>
    error?.at === at ? (
      <p role="alert" className="hh-field__error">
        {error.message}
      </p>
    ) : null;

  const copy = () =>
    run('link', async () => {
      if (!navigator.clipboard) throw new Error('Your browser can’t copy here: select the link and copy it.');
      await navigator.clipboard.writeText(link);
      announce('Link copied');
    });
  const share = () =>
    run('link', async () => {
      try {
        await navigator.share({ title: `${group.host_name}’s group order`, text: group.note, url: link });
      } catch (e) {
        // Closing the share sheet is a choice, not a failure.
        if (!(e instanceof DOMException && e.name === 'AbortError')) throw e;
      }
    });
  const invite = async (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    setEmailsError(undefined);
    const list = emails
      .split(/[,;\s]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (!list.length) {
      setEmailsError('Enter at least one email address');
      return;
    }
    await run('invite', async () => {
      try {
        const r = await inviteToGroup(list);
        setEmails('');
        setSent(`Invitations sent to ${r.sent} ${r.sent === 1 ? 'person' : 'people'}.`);
      } catch (err) {
        // A refused address is said at the field; anything else beside the form.
        const field = err instanceof ApiError && Object.entries(err.fields ?? {}).find(([k]) => k.startsWith('emails'));
        if (!field) throw err;
        setEmailsError(field[1]);
      }
    });
  };

  return (
    <section className="hh-group-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="hh-cart__section-title">
        {groupStatus(group)}
      </h3>
      {group.note && <p className="hh-group-panel__note">“{group.note}”</p>}
      <div className="hh-group-panel__link">
        <label htmlFor={`${id}-link`} className="hh-form-field__label">
          Link for your group
        </label>
        <input
          id={`${id}-link`}
          className="hh-form-input"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="hh-group-panel__actions">
          <Button variant="secondary" type="button" onClick={() => void copy()}>
            Copy link
          </Button>
          {typeof navigator.share === 'function' && (
            <Button variant="secondary" type="button" onClick={() => void share()}>
              Share
            </Button>
          )}
          <Button
            variant="ghost"
            type="button"
            aria-expanded={inviting}
            aria-controls={`${id}-invite`}
            onClick={() => setInviting((v) => !v)}
          >
            Invite by email
          </Button>
        </div>
        {errorAt('link')}
      </div>
      <div id={`${id}-invite`} hidden={!inviting}>
        {inviting && (
          <form noValidate onSubmit={(e) => void invite(e)}>
            <TextField
              label="Email addresses"
              name="emails"
              type="text"
              autoComplete="off"
              hint="Separate addresses with commas"
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              error={emailsError}
            />
            <Button variant="secondary" type="submit" aria-disabled={busy || undefined}>
              Send invitations
            </Button>
            {errorAt('invite')}
            <Status message={sent} />
          </form>
        )}
      </div>
      <div className="hh-group-panel__actions">
        <Button
          variant="secondary"
          type="button"
          disabled={busy}
          onClick={() =>
            void run('deadline', async () => {
              const r = await changeGroup({ deadline: extended(group.deadline) });
              setCart(r.cart);
              if (r.cart.group) announce(`Others can add until ${r.cart.group.deadline_label}.`);
            })
          }
        >
          Extend 15 minutes
        </Button>
        {group.state === 'open' && (
          <Button
            variant="secondary"
            type="button"
            disabled={busy}
            onClick={() =>
              void run('deadline', async () => {
                const r = await changeGroup({ close: true });
                setCart(r.cart);
                announce('The group order is closed to others.');
              })
            }
          >
            Close now
          </Button>
        )}
        <Button variant="ghost" type="button" disabled={busy} onClick={() => setEnding(true)}>
          End group order
        </Button>
      </div>
      {errorAt('deadline')}
      {errorAt('end')}
      <Confirm
        open={ending}
        title="End the group order?"
        yes="End group order"
        no="Keep it"
        onNo={() => setEnding(false)}
        onYes={() => {
          setEnding(false);
          void run('end', async () => {
            const r = await endGroup();
            setCart(r.cart);
            announce('The group order is ended. Your cart is yours alone again.');
          });
        }}
      >
        <p>Everyone else’s items will be removed from your cart.</p>
      </Confirm>
    </section>
  );
}
