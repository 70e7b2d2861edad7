// An order's confirmation with its live status (docs/checkout.md, "Confirmation"): the
// order number, where and when to collect it, the status as the kitchen moves it, "I'm
// here" for curbside, cancelling while the kitchen has not started, and what was ordered
// and what became of each payment. The words for the status and the payments are the
// edge's (status_message, outcome_label).
import { useId, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import { cancelOrder, orderArrived, type Order } from '@henhouse/kit/api/checkout';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import { addressLine } from '@henhouse/kit/locations/address';
import { OrderAgain } from '@henhouse/kit/orders/OrderAgain';
import { useAppStore } from '@henhouse/kit/state/store';
import { NotFound } from '@henhouse/kit/ui/NotFound';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { fmtDay, fmtTime } from '../cart/clock';
import { ByPerson } from '../group/ByPerson';
import { groupLabel, orderLine } from './OrderLine';
import { useOrderStatus } from './useOrderStatus';
import './order.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';

const STEPS = [
  { key: 'placed', label: 'Order placed' },
  { key: 'preparing', label: 'Preparing' },
  { key: 'ready', label: 'Ready' },
  { key: 'completed', label: 'Picked up' },
] as const;

export function OrderStatusView({ orderId, placement }: { orderId: string; placement: 'web' | 'app' }) {
  const s = useOrderStatus(orderId);
  if (s.status === 'loading') return <Loading className="hh-order" what="your order" />;
  if (s.status === 'error')
    return s.error.status === 404 ? <NotFound /> : <LoadFailed className="hh-order" error={s.error} retry={s.retry} />;
  return <OrderDetails order={s.order} placement={placement} onChange={s.replace} live={s.live} />;
}

function OrderDetails({
  order: o,
  placement,
  onChange,
  live,
}: {
  order: Order;
  placement: 'web' | 'app';
  onChange: (o: Order) => void;
  live: 'stream' | 'polling' | 'done';
}) {
  const id = useId();
  const member = useAppStore((st) => !!st.user);
  // The order's times at its location: from the UTC offset the answer carried, else
  // with Intl in the location's time zone (../cart/clock.ts).
  const place = o.location;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const act = async (fn: () => Promise<{ order: Order }>) => {
    setBusy(true);
    setError(null);
    try {
      onChange((await fn()).order);
      setConfirmCancel(false);
    } catch (e) {
      setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  };
  const stepIndex = STEPS.findIndex((st) => st.key === o.status);
  // The status changes as the restaurant works on the order; each change is announced.
  useAnnounce(o.status_message);
  const h = o.handoff;
  const readyTime = fmtTime(o.ready_at, place);
  const readyDay = fmtDay(o.ready_at, place);
  const today = fmtDay(new Date().toISOString(), place);
  const when = `${readyDay === today ? 'Today' : readyDay} at ${readyTime}`;
  const cancelled = o.status === 'cancelled';

  return (
    <article className="hh-order" aria-labelledby={`${id}-h`} data-testid="order-confirmation">
      <h2 id={`${id}-h`}>{cancelled ? 'Order cancelled' : `Thanks, ${o.customer.first_name}! Your order is in.`}</h2>
      {o.number ? (
        <p className="hh-order__number">
          <span className="hh-order__short">
            Order <strong data-testid="order-number">{o.number}</strong>
          </span>{' '}
          <span className="hh-order__id">
            Order id <span data-testid="order-id">{o.id}</span>
          </span>
        </p>
      ) : (
        <p className="hh-order__number">
          Order number <strong data-testid="order-id">{o.id}</strong>
        </p>
      )}
      <section className="hh-order__status" aria-labelledby={`${id}-st`}>
        <h3 id={`${id}-st`}>Status</h3>
        <p className="hh-order__sentence" data-testid="order-status">
          {o.status_message}
        </p>
        {!cancelled && (
          <ol className="hh-order__steps">
            {STEPS.map((st, i) => (
              <li
                key={st.key}
                className={i < stepIndex ? 'is-done' : i === stepIndex ? 'is-current' : ''}
                aria-current={i === stepIndex ? 'step' : undefined}
              >
                {st.key === 'completed' && h.mode === 'delivery' ? 'Delivered' : st.label}
                {i <= stepIndex && <span className="visually-hidden"> (done)</span>}
                <span className="hh-order__step-time">
                  {i <= stepIndex ? '' : 'about '}
                  {o.status_labels?.[st.key] ?? fmtTime(o.status_times[st.key], place)}
                </span>
              </li>
            ))}
          </ol>
        )}
        {live === 'polling' && <p className="hh-order__live">Checking for updates every few seconds.</p>}
      </section>

      {cancelled ? (
        <section className="hh-order__where" aria-labelledby={`${id}-where`}>
          <h3 id={`${id}-where`}>Restaurant</h3>
          <p>
            {o.location.name}, {addressLine(o.location.address)}.
          </p>
          <p>
            Questions? Call <a href={`tel:${o.location.phone.replace(/[^\d+]/g, '')}`}>{o.location.phone}</a>.
          </p>
        </section>
      ) : (
        <section className="hh-order__where" aria-labelledby={`${id}-where`}>
          <h3 id={`${id}-where`}>
            {h.mode === 'delivery' ? 'Delivery' : h.mode === 'curbside' ? 'Curbside pickup' : 'In-store pickup'}
          </h3>
          <p>
            {h.mode === 'delivery' ? 'Arriving' : 'Ready'}: <strong>{when}</strong>
          </p>
          {h.mode === 'delivery' && h.address ? (
            <p>
              We deliver to {h.address.street}
              {h.address.unit ? `, ${h.address.unit}` : ''}, {h.address.city}, {h.address.state} {h.address.zip}.
              {h.delivery_notes ? ` Notes for the driver: ${h.delivery_notes}` : ''}
            </p>
          ) : (
            <p>
              {o.location.name}, {addressLine(o.location.address)}.{' '}
              {h.mode === 'curbside'
                ? `Park in a marked curbside spot and tell us you're here; we bring the order out to your ${[h.vehicle?.color, h.vehicle?.make, h.vehicle?.model].filter(Boolean).join(' ')}.`
                : 'Collect it at the pickup shelf by the counter; give your name if you need to ask.'}
            </p>
          )}
          {h.mode === 'curbside' && o.status !== 'completed' && o.status !== 'cancelled' && (
            <div>
              {o.arrived_at ? (
                <p className="hh-note">We know you're here (since {fmtTime(o.arrived_at, place)}).</p>
              ) : (
                <button
                  type="button"
                  className="hh-button hh-button--primary"
                  disabled={busy}
                  onClick={() => void act(() => orderArrived(o.id))}
                >
                  I'm here
                </button>
              )}
            </div>
          )}
          <p>
            Questions? Call <a href={`tel:${o.location.phone.replace(/[^\d+]/g, '')}`}>{o.location.phone}</a>.
          </p>
        </section>
      )}
      {o.cancellable && (
        <div className="hh-order__cancel">
          {confirmCancel ? (
            <div role="group" aria-labelledby={`${id}-cq`}>
              <p id={`${id}-cq`}>Cancel this order? Anything you paid is given back.</p>
              <button
                type="button"
                className="hh-button hh-button--secondary"
                disabled={busy}
                onClick={() => void act(() => cancelOrder(o.id))}
              >
                Yes, cancel my order
              </button>{' '}
              <button type="button" className="hh-button hh-button--outline" onClick={() => setConfirmCancel(false)}>
                Keep my order
              </button>
            </div>
          ) : (
            <button type="button" className="hh-link-button" onClick={() => setConfirmCancel(true)}>
              Cancel order
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="hh-field__error">
          {error}
        </p>
      )}

      <section aria-labelledby={`${id}-items`}>
        <h3 id={`${id}-items`}>Your order</h3>
        {o.group ? (
          // A group order: each person's items under their name, with what theirs came to.
          <>
            <p className="hh-order__group">{groupLabel(o.group.participants.length)}</p>
            <ByPerson
              lines={o.products}
              people={o.group.participants}
              renderLine={orderLine}
              level={4}
              listClassName="hh-order__lines"
            />
          </>
        ) : (
          <ul className="hh-order__lines">{o.products.map(orderLine)}</ul>
        )}
        <dl className="hh-order__totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{money(o.totals.subtotal_cents)}</dd>
          </div>
          {o.discounts.map((d) => (
            <div key={`${d.kind}:${d.code}`}>
              <dt>{d.label || d.code}</dt>
              <dd>−{money(d.amount_cents)}</dd>
            </div>
          ))}
          {o.fees.map((f) => (
            <div key={f.code}>
              <dt>{f.label}</dt>
              <dd>{money(f.amount_cents)}</dd>
            </div>
          ))}
          <div>
            <dt>Tax{o.tax_exempt ? ' (exempt)' : ''}</dt>
            <dd>{money(o.totals.tax_cents)}</dd>
          </div>
          {o.totals.tip_cents > 0 && (
            <div>
              <dt>Tip</dt>
              <dd>{money(o.totals.tip_cents)}</dd>
            </div>
          )}
          <div className="hh-order__total">
            <dt>Total</dt>
            <dd>{money(o.totals.total_cents)}</dd>
          </div>
        </dl>
        {o.utensils && <p>Utensils and napkins included.</p>}
      </section>

      <section aria-labelledby={`${id}-pay`}>
        <h3 id={`${id}-pay`}>Payment</h3>
        <ul className="hh-order__payments">
          {o.payments.map((p, i) => (
            <li key={i}>
              {p.label}: {money(p.amount_cents)} · {p.outcome_label}
            </li>
          ))}
        </ul>
      </section>

      {placement === 'web' && (
        <p className="hh-order__next">
          {!member && (
            <>
              <Link to="/account/signup">Create an account</Link> to earn points on your next order.{' '}
            </>
          )}
          <Link to={`/menu/${encodeURIComponent(o.menu_id)}`}>Back to the menu</Link>
        </p>
      )}
      {placement === 'web' && <OrderAgain orderId={o.id} />}
    </article>
  );
}
