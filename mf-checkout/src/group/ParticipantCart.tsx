// The cart drawer of someone adding to another person's group order (docs/group-orders.md,
// "Join"): only their own lines and subtotal, what the spending limit still allows, until
// when they can add, and "I'm done". The host pays, so there is no checkout here; once
// the group is closed their lines are shown without controls.
import { useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { removeGroupLine, setGroupDone, updateGroupLine } from '@henhouse/kit/api/group';
import type { GroupView } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { useAppStore } from '@henhouse/kit/state/store';
import { announce } from '@henhouse/kit/ui/announce';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { CartLine } from '../cart/CartLine';

export function ParticipantCart({ group, onEdit }: { group: GroupView; onEdit: () => void }) {
  const me = group.me!;
  const closed = group.state === 'closed';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setGroup = (g: GroupView) => useAppStore.getState().set({ group: g });

  const run = async (fn: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const done = () =>
    run(async () => {
      const r = await setGroupDone(group.code, !me.done);
      setGroup(r.group);
      announce(
        r.group.me?.done
          ? `${group.host_name} can see you’re done.`
          : `${group.host_name} can see you’re still adding.`,
      );
    });

  return (
    <section className="hh-cart" aria-labelledby="cart-order-title" data-screen="mf-checkout/CartDrawer">
      <h3 id="cart-order-title" className="hh-cart__section-title">
        Your items in {group.host_name}’s group order
      </h3>
      {closed ? (
        <p className="hh-note">This group order is closed. {group.host_name} will place the order.</p>
      ) : (
        <p className="hh-note">You can add until {group.deadline_label}.</p>
      )}
      {me.products.length ? (
        <ul className="hh-cart__lines">
          {me.products.map((line) => (
            <CartLine
              key={line.id}
              line={line}
              menuId={group.menu_id}
              busy={busy}
              run={run}
              setCart={() => undefined}
              onEdit={onEdit}
              editable={false}
              locked={closed}
              change={async (q) => {
                const r =
                  q < 1
                    ? await removeGroupLine(group.code, line.id)
                    : await updateGroupLine(group.code, line.id, { quantity: q });
                setGroup(r.group);
              }}
            />
          ))}
        </ul>
      ) : (
        <p>You haven’t added anything yet.</p>
      )}
      <dl className="hh-cart__totals">
        <div>
          <dt>Your subtotal</dt>
          <dd>{money(me.subtotal_cents)}</dd>
        </div>
      </dl>
      {me.remaining_cents !== undefined && !closed && <p>You can spend {money(me.remaining_cents)} more.</p>}
      {error && (
        <p role="alert" className="hh-field__error">
          {error}
        </p>
      )}
      {!closed && (
        <div className="hh-cart__checkout">
          {me.done && <p>You’re done. {group.host_name} will place the order.</p>}
          <Button
            variant={me.done ? 'secondary' : 'primary'}
            size="lg"
            full
            disabled={busy}
            onClick={() => void done()}
          >
            {me.done ? 'I’m not done' : 'I’m done'}
          </Button>
        </div>
      )}
    </section>
  );
}
