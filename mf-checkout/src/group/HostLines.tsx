// The host's view of who is in the group order and what each person added: everyone with
// where they are (host, done, still adding) and how many items they have, then each
// person's lines under their name and subtotal as the edge priced them. The host may
// change or remove any line, and take a person out after a confirmation.
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { removeParticipant } from '@henhouse/kit/api/group';
import type { Cart, CartLine, GroupParticipant } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { useAppStore } from '@henhouse/kit/state/store';
import { announce } from '@henhouse/kit/ui/announce';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { byPerson } from './people';
import { Confirm } from './Confirm';

/** What a person is doing, as the host reads it. */
export const personStatus = (p: GroupParticipant) => (p.host ? 'Host' : p.done ? 'Done' : 'Adding…');
const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export function HostLines({ cart, renderLine }: { cart: Cart; renderLine: (line: CartLine) => ReactNode }) {
  const group = cart.group!;
  const id = useId();
  const [removing, setRemoving] = useState<GroupParticipant | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ id: string; message: string } | null>(null);

  const remove = async (p: GroupParticipant) => {
    setBusy(true);
    setError(null);
    try {
      const r = await removeParticipant(p.id);
      useAppStore.getState().set({ cart: r.cart });
      announce(`${p.name} is no longer in the group order.`);
    } catch (e) {
      setError({ id: p.id, message: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="hh-group-people" aria-labelledby={`${id}-people`}>
        <h3 id={`${id}-people`} className="hh-cart__section-title">
          People
        </h3>
        <ul className="hh-group-people__list">
          {group.participants.map((p) => (
            <li key={p.id} className="hh-group-people__person">
              <span className="hh-group-people__name">{p.name}</span>
              <span className="hh-group-people__status">{personStatus(p)}</span>
              <span className="hh-group-people__count">{items(p.item_count)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cart-order-title">
        <h3 id="cart-order-title" className="hh-cart__section-title">
          Your Order
        </h3>
        {byPerson(cart.products, group.participants).map(({ person, lines }) => (
          <section key={person.id} className="hh-group-part" aria-labelledby={`${id}-p-${person.id}`}>
            <h4 id={`${id}-p-${person.id}`} className="hh-group-part__title">
              {person.name} · {money(person.subtotal_cents)}
            </h4>
            {lines.length ? (
              <ul className="hh-cart__lines">{lines.map(renderLine)}</ul>
            ) : (
              <p className="hh-note">No items yet.</p>
            )}
            {!person.host && (
              <Button variant="ghost" type="button" disabled={busy} onClick={() => setRemoving(person)}>
                Remove {person.name}
              </Button>
            )}
            {error?.id === person.id && (
              <p role="alert" className="hh-field__error">
                {error.message}
              </p>
            )}
          </section>
        ))}
      </section>
      <Confirm
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''} from the group order?`}
        yes={`Remove ${removing?.name ?? ''}`}
        no="Keep them"
        onNo={() => setRemoving(null)}
        onYes={() => {
          const p = removing!;
          setRemoving(null);
          void remove(p);
        }}
      >
        <p>Their items will be removed from your cart.</p>
      </Confirm>
    </>
  );
}
