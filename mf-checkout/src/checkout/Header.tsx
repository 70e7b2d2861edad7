// The checkout's header: where and how the order is collected, and when, with "Change"
// opening the handoff and time selectors in place.
import { useEffect, useId, useState } from 'react';
import type { Cart, Location, TimeOptions } from '@henhouse/kit/api/types';
import { handoffChoices } from '@henhouse/kit/handoff/modes';
import { cartTimes, setTime } from '@henhouse/kit/api/cart';
import { useAppStore } from '@henhouse/kit/state/store';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { HandoffSelector } from '../cart/HandoffSelector';
import { TimeSelector } from '../cart/TimeSelector';
import { fmtDay, fmtTime, type Place } from '../cart/clock';

/** handoffSummary: "Curbside pickup at Henhouse Dublin", "Delivery to 12 Oak St". */
export function handoffSummary(cart: Cart, location: Location | null): string {
  const h = cart.handoff;
  const name = handoffChoices.find((c) => c.key === h.mode)?.desktop ?? h.mode;
  if (h.mode === 'delivery')
    return h.address ? `Delivery to ${h.address.street}, ${h.address.city}` : 'Delivery (add your address)';
  return `${name} at ${location?.name ?? 'the restaurant'}`;
}

/** timeSummary: "ASAP", "Today at 6:45 PM", "Friday, Nov 27 at 12:15 PM". */
export function timeSummary(cart: Cart, place: Place): string {
  const t = cart.time;
  if (t.mode === 'asap' || !t.at) return 'As soon as possible';
  const today = fmtDay(new Date().toISOString(), place);
  const day = fmtDay(t.at, place);
  return `${day === today ? 'Today' : day} at ${fmtTime(t.at, place)}`;
}

export function CheckoutHeader({
  cart,
  location,
  timeError,
  handoffError,
}: {
  cart: Cart;
  location: Location | null;
  /** An order refused for its time (the slot filled up, the store closed). */
  timeError?: string | null;
  handoffError?: string | null;
}) {
  const id = useId();
  const [chosenOpen, setOpen] = useState(false);
  // A refusal of the handoff or the time opens the selectors where it is fixed.
  const open = chosenOpen || !!timeError || !!handoffError;
  const place: Place = location ?? { time_zone: 'America/New_York' };
  return (
    <section id="co-part-time" className="hh-checkout__part hh-checkout__header" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Pickup or delivery</h2>
      <p className="hh-checkout__where">
        <strong>{handoffSummary(cart, location)}</strong>
        <br />
        {timeSummary(cart, place)}
        {cart.handoff.mode === 'curbside' && cart.handoff.vehicle && (
          <>
            <br />
            In your {cart.handoff.vehicle.color} {cart.handoff.vehicle.make} {cart.handoff.vehicle.model}
          </>
        )}
      </p>
      <button
        type="button"
        className="hh-link-button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        Change<span className="visually-hidden"> pickup or delivery and time</span>
      </button>
      {handoffError && (
        <p role="alert" className="hh-field__error">
          {handoffError}
        </p>
      )}
      {timeError && <TimeRefused cart={cart} message={timeError} />}
      <div id={`${id}-panel`} hidden={!open} className="hh-checkout__change">
        {open && (
          <>
            <h3>Order Handoff</h3>
            <HandoffSelector cart={cart} location={location} />
            <h3>Order Time</h3>
            <TimeSelector cart={cart} />
          </>
        )}
      </div>
    </section>
  );
}

/** TimeRefused says why the time was refused and offers the next free times the cart
 *  can have, as the edge labels them ("Mon 11:30 AM"). */
function TimeRefused({ cart, message }: { cart: Cart; message: string }) {
  const [opts, setOpts] = useState<TimeOptions | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    // Without the times the message still says what happened; Change offers the picker.
    cartTimes(ctl.signal).then(setOpts, () => setOpts(null));
    return () => ctl.abort();
  }, [cart.location_id, message]);
  // The edge offers only times still ahead; after the refused one when there was one.
  const after = cart.time.at ? new Date(cart.time.at).getTime() : 0;
  const next = (opts?.days ?? [])
    .flatMap((d) => d.slots)
    .filter((s) => s.available && new Date(s.at).getTime() > after)
    .slice(0, 3);
  return (
    <div role="alert" className="hh-checkout__time-error">
      <p className="hh-field__error">{message}</p>
      {next.length > 0 && (
        <>
          <p>Next free times:</p>
          <ul className="hh-pills">
            {next.map((s) => (
              <li key={s.at}>
                <button
                  type="button"
                  className="hh-button hh-button--outline"
                  disabled={saving}
                  onClick={async () => {
                    setSaving(true);
                    setError(null);
                    try {
                      const r = await setTime({ mode: 'advance', at: s.at });
                      useAppStore.getState().set({ cart: r.cart });
                    } catch (e) {
                      setError(messageFor(e));
                    } finally {
                      setSaving(false);
                    }
                  }}
                >
                  {s.label}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && <p className="hh-field__error">{error}</p>}
    </div>
  );
}
