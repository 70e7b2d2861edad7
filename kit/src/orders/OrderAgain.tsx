// "Order again" (docs/checkout.md, "Order again"): starts the cart from a placed order's
// lines through POST /orders/{id}/reorder, then goes to that menu with the cart drawer
// open, as adding an item opens it. The server decides which lines the menu still takes;
// this shows its report. A cart holding items is replaced only once the guest says so.
import { useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { reorderOrder } from '@henhouse/kit/api/checkout';
import type { Cart, NotTransferred } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { useNavigate } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { Button } from '@henhouse/kit/ui/controls';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import { FormAlert } from '@henhouse/kit/ui/forms/Field';

export interface OrderAgainProps {
  orderId: string;
  /** Says which order, for screen readers, where several buttons share a page ("order from May 3"). */
  which?: string;
  className?: string;
}

export function OrderAgain({ orderId, which, className }: OrderAgainProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [report, setReport] = useState<{ cart: Cart; dropped: NotTransferred[] } | null>(null);

  const goToMenu = (cart: Cart) => {
    useAppStore.getState().setUi({ cartOpen: true });
    navigate(`/menu/${encodeURIComponent(cart.menu_id)}`);
  };

  async function reorder(replace: boolean) {
    setBusy(true);
    setError(null);
    setAsking(false);
    try {
      const r = await reorderOrder(orderId, replace);
      useAppStore.getState().set({ cart: r.cart });
      if (r.not_transferred.length > 0) setReport({ cart: r.cart, dropped: r.not_transferred });
      else goToMenu(r.cart);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'cart_open') setAsking(true);
      else setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="secondary"
        className={className}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void reorder(false)}
      >
        Order again{which && <span className="visually-hidden"> {which}</span>}
      </Button>
      <FormAlert message={error} />
      <Dialog
        open={asking}
        title="Replace your current cart?"
        onCancel={() => setAsking(false)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
              Keep my cart
            </Button>
            <Button type="button" variant="primary" onClick={() => void reorder(true)}>
              Replace my cart
            </Button>
          </>
        }
      >
        <p>Your cart already has items in it. Ordering again replaces them with this order&rsquo;s items.</p>
      </Dialog>
      <Dialog
        open={report !== null}
        role="alertdialog"
        title="Some items couldn't be added"
        onCancel={() => report && goToMenu(report.cart)}
        actions={
          <Button type="button" variant="primary" onClick={() => report && goToMenu(report.cart)}>
            Continue to the menu
          </Button>
        }
      >
        {report && (
          <>
            <p>
              {report.dropped.length === 1 ? 'This item isn’t' : 'These items aren’t'} available now, so{' '}
              {report.dropped.length === 1 ? 'it was' : 'they were'} left out of your cart:
            </p>
            <ul>
              {report.dropped.map((d) => (
                <li key={d.line_id}>
                  <strong>{d.name}</strong>: {d.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </>
  );
}
