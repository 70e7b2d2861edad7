// The checkout of a group order's host (docs/group-orders.md, "Host"): who is in the
// group and who is done, and, while others can still add, when they stop and "Close now",
// so the host does not pay before everyone's lines are in. The people and the deadline
// are the edge's (cart.group); closing answers the cart, which the store takes.
import { changeGroup } from '@henhouse/kit/api/group';
import type { CartGroup } from '@henhouse/kit/api/types';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { useCartCall } from './useCartCall';

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

export function GroupOrderNote({ group, busy: formBusy }: { group: CartGroup; busy: boolean }) {
  const { busy, error, run } = useCartCall();
  const done = group.participants.filter((p) => p.done).length;
  const open = group.state === 'open';
  return (
    <div className="hh-checkout__group">
      <p className="hh-checkout__group-count">
        Group order · {people(group.participants.length)} · {done} done
      </p>
      {/* Polite: closing the group (here or by its deadline) is said where it shows. */}
      <div role="status">
        {open ? (
          <p className="hh-note">
            Others can still add until {group.deadline_label}. Close the group before you pay so nobody is left out.
          </p>
        ) : (
          <p className="hh-note">The group is closed: nobody else can add.</p>
        )}
      </div>
      {open && (
        <Button
          type="button"
          variant="secondary"
          disabled={busy || formBusy}
          onClick={() => void run(() => changeGroup({ close: true }))}
        >
          Close now
        </Button>
      )}
      {error && (
        <p role="alert" className="hh-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
