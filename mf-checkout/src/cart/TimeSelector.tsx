import { useId, useMemo, useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { cartTimes, setTime } from '@henhouse/kit/api/cart';
import type { Cart, TimeWanted } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { useAppStore } from '@henhouse/kit/state/store';

type Mode = TimeWanted['mode'];

/** TimeSelector: "ASAP", "Later" (today), or advance ordering with
 *  "Select date and time" → "Select Date" and "Select Time". It offers the times the edge
 *  offers for this cart, with the edge's labels ("Mon 11:30 AM"): the earliest time is
 *  already moved 10 minutes past the next ready time, and times too soon for the notice
 *  the cart's products need are left out, `notice` saying why (docs/api.md, "GET /api/cart/times"). */
export function TimeSelector({ cart }: { cart: Cart }) {
  // Loaded again when the products change: their notice changes the times.
  const products = cart.products.map((p) => p.product_id).join(',');
  const opts = useLoad(`times:${cart.location_id}:${products}`, (signal) => cartTimes(signal));
  const [mode, setMode] = useState<Mode>(cart.time.mode);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const data = opts.status === 'ready' ? opts.data : null;
  const first = data?.days[0]?.date;
  // Once the times arrive, the date starts at the day of the cart's time, or the first
  // day offered. It is set while rendering, so the pickers never show without it; `first`
  // is checked so a location without days does not set it again and again.
  if (data && !date && first)
    setDate((cart.time.at && data.days.find((d) => d.slots.some((s) => s.at === cart.time.at))?.date) || first);

  // Only times that can still be had: a full slot is not offered (the edge sends only
  // times ahead of the earliest one).
  const slots = useMemo(
    () =>
      (data?.days.find((d) => (mode === 'later' ? d.today : d.date === date))?.slots ?? []).filter((s) => s.available),
    [data, date, mode],
  );

  const save = async (body: TimeWanted) => {
    setError(null);
    try {
      const r = await setTime(body);
      useAppStore.getState().set({ cart: r.cart });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  if (opts.status === 'loading') return <p role="status">Loading times…</p>;
  if (!data) return <p role="alert">{opts.error?.message}</p>;

  return (
    <div className="hh-time">
      <p className="hh-time__earliest">
        Earliest available: <strong>{data.earliest_label}</strong>
      </p>
      <fieldset className="hh-choice-group">
        <legend className="visually-hidden">When you want your order</legend>
        <label className="hh-choice">
          <input
            type="radio"
            name={`${id}-t`}
            checked={mode === 'asap' && data.asap_available}
            disabled={!data.asap_available}
            aria-describedby={data.asap_available ? undefined : `${id}-asap`}
            onChange={() => {
              setMode('asap');
              void save({ mode: 'asap' });
            }}
          />
          ASAP
        </label>
        <label className="hh-choice">
          <input
            type="radio"
            name={`${id}-t`}
            checked={mode === 'later' && data.later_available}
            disabled={!data.later_available}
            aria-describedby={data.later_available ? undefined : `${id}-later`}
            onChange={() => setMode('later')}
          />
          Later
        </label>
        <label className="hh-choice">
          <input type="radio" name={`${id}-t`} checked={mode === 'advance'} onChange={() => setMode('advance')} />
          Select date and time
        </label>
      </fieldset>
      {!data.asap_available && (
        <p id={`${id}-asap`} className="hh-note">
          {data.notice ?? "ASAP isn't available: the restaurant is closed right now."}
        </p>
      )}
      {!data.later_available && (
        <p id={`${id}-later`} className="hh-note">
          No more times today. Select date and time instead.
        </p>
      )}
      {(mode === 'advance' || (mode === 'later' && data.later_available)) && (
        <div className="hh-time__pickers">
          {mode === 'advance' && (
            <div className="hh-field">
              <label htmlFor={`${id}-date`}>Select Date</label>
              <select id={`${id}-date`} value={date} onChange={(e) => setDate(e.target.value)}>
                {data.days.map((d) => (
                  <option key={d.date} value={d.date}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="hh-field">
            <label htmlFor={`${id}-time`}>Select Time</label>
            <select
              id={`${id}-time`}
              aria-describedby={`${id}-hold`}
              value={cart.time.at ?? ''}
              onChange={(e) => e.target.value && void save({ mode, at: e.target.value })}
            >
              <option value="">Choose a time</option>
              {slots.map((s) => (
                <option key={s.at} value={s.at}>
                  {s.label}
                </option>
              ))}
            </select>
            {/* Times are not held (docs/checkout.md, "Time slots"): the rule is said here. */}
            <p id={`${id}-hold`} className="hh-field-hint">
              A time is not held for you until you place your order. If it fills up first, we show you the next free
              times.
            </p>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="hh-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
