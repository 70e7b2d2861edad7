import { useId, useMemo, useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { cartTimes, setTime } from '@henhouse/kit/api/cart';
import type { Cart, TimeWanted } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { useAppStore } from '@henhouse/kit/state/store';
import { Chips, Segmented } from '@henhouse/kit/ui/controls/choices';

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

  const asapWhyNot = data.asap_available
    ? undefined
    : (data.notice ?? "ASAP isn't available: the restaurant is closed right now.");
  const modes = [
    { value: 'asap' as const, label: 'ASAP', disabled: !data.asap_available, hint: asapWhyNot },
    {
      value: 'later' as const,
      label: 'Later',
      disabled: !data.later_available,
      hint: data.later_available ? undefined : 'No more times today. Select date and time instead.',
    },
    { value: 'advance' as const, label: 'Select date and time' },
  ];
  // A mode the edge does not offer now is not shown as chosen.
  const shown = modes.find((m) => m.value === mode && !m.disabled)?.value ?? null;
  const chosenAt = cart.time.at && slots.some((s) => s.at === cart.time.at) ? cart.time.at : null;

  return (
    <div className="hh-time">
      <p className="hh-time__earliest">
        Earliest available: <strong>{data.earliest_label}</strong>
      </p>
      <Segmented<Mode>
        legend="When you want your order"
        legendHidden
        name={`${id}-t`}
        value={shown}
        size="lg"
        options={modes}
        onChange={(m) => {
          setMode(m);
          if (m === 'asap') void save({ mode: 'asap' });
        }}
      />
      {(mode === 'advance' || (mode === 'later' && data.later_available)) && (
        <div className="hh-time__pickers">
          {mode === 'advance' && (
            <Chips<string>
              legend="Select Date"
              name={`${id}-date`}
              value={date || null}
              options={data.days.map((d) => ({ value: d.date, label: d.label }))}
              onChange={setDate}
            />
          )}
          {slots.length > 0 ? (
            <Chips<string>
              legend="Select Time"
              name={`${id}-time`}
              value={chosenAt}
              options={slots.map((s) => ({ value: s.at, label: s.label }))}
              onChange={(at) => void save({ mode, at })}
            />
          ) : (
            <p className="hh-note">No times left on this day. Choose another day.</p>
          )}
          {/* Times are not held (docs/checkout.md, "Time slots"): the rule is said here. */}
          <p className="hh-field-hint">
            A time is not held for you until you place your order. If it fills up first, we show you the next free
            times.
          </p>
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
