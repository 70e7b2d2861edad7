// The smaller parts of the checkout: coupon, tip, utensils, tax exemption and the
// location's own fields. Each saves to the cart at once; the edge prices the result.
import { useId, useState } from 'react';
import {
  applyCoupon,
  removeCoupon,
  setCustomFields,
  setTaxExemption,
  setTip,
  setUtensils,
} from '@henhouse/kit/api/checkout';
import type { Cart, Location } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { Checkbox } from '@henhouse/kit/ui/controls/cards';
import { Chips } from '@henhouse/kit/ui/controls/choices';
import { Problem } from './Problem';
import { customTipError, noTipAllowed, parseDollars, taxIdError, tipChoiceOf, tipNeeded } from './rules';
import { useCartCall } from './useCartCall';

/** Coupon: a code, applied or removed. Offers the edge turned into discounts show in the totals. */
export function Coupon({ cart, error: placeError }: { cart: Cart; error?: string | null }) {
  const [code, setCode] = useState('');
  const call = useCartCall();
  const id = useId();
  const applied = cart.coupon;
  const error = call.error ?? placeError ?? null;
  const discount = (cart.discounts ?? []).find((d) => d.kind === 'coupon');
  return (
    <section id="co-part-coupon" className="hh-checkout__part" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Coupon</h2>
      {applied ? (
        <div className="hh-checkout__row">
          <p>
            <strong>{applied}</strong> {discount ? `saves ${money(discount.amount_cents)}` : 'applied'}
          </p>
          <button
            type="button"
            className="hh-link-button"
            disabled={call.busy}
            onClick={() => void call.run(removeCoupon)}
          >
            Remove coupon {applied}
          </button>
        </div>
      ) : (
        <form
          className="hh-checkout__inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!code.trim()) {
              call.setError('Enter a coupon code.');
              return;
            }
            void call.run(() => applyCoupon(code.trim())).then((ok) => ok && setCode(''));
          }}
        >
          <div className="hh-field">
            <label htmlFor={`${id}-code`}>Coupon code</label>
            <input
              id={`${id}-code`}
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-err` : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button type="submit" className="hh-button hh-button--outline" disabled={call.busy}>
            {call.busy ? 'Applying…' : 'Apply'}
          </button>
        </form>
      )}
      <Problem id={`${id}-err`} message={error ?? undefined} />
      {(cart.warnings ?? [])
        .filter((w) => w.field === 'coupon')
        .map((w) => (
          <p key={w.code} className="hh-note">
            {w.message}
          </p>
        ))}
    </section>
  );
}

/** Tip: the percentages the edge offers (each with its amount on this cart), a custom amount
 *  where it takes one, and none unless the order needs a tip (`cart.tip_options`). */
export function Tip({ cart, error: placeError }: { cart: Cart; error?: string | null }) {
  const call = useCartCall();
  const id = useId();
  const choice = tipChoiceOf(cart);
  const [custom, setCustom] = useState(choice.kind === 'amount' ? (choice.cents / 100).toFixed(2) : '');
  const [customOpen, setCustomOpen] = useState(choice.kind === 'amount');
  const [customError, setCustomError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const error =
    customError ?? call.error ?? placeError ?? (touched && tipNeeded(cart) ? 'Choose a tip for your driver.' : null);
  const selected = customOpen
    ? 'custom'
    : choice.kind === 'percent'
      ? String(choice.percent)
      : choice.kind === 'none'
        ? 'none'
        : 'custom';
  const choose = (v: string) => {
    setTouched(true);
    setCustomError(null);
    if (v === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    void call.run(() => setTip({ percent: v === 'none' ? 0 : Number(v) }));
  };
  return (
    <section id="co-part-tip" className="hh-checkout__part" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Tip</h2>
      <p className="hh-checkout__hint">
        {cart.handoff.mode === 'delivery' ? 'Your tip goes to your driver.' : 'Your tip goes to the restaurant team.'}
      </p>
      <Chips<string>
        legend="Tip amount"
        legendHidden
        name={`${id}-tip`}
        value={selected}
        onChange={choose}
        options={[
          ...(noTipAllowed(cart) ? [{ value: 'none', label: 'No tip', disabled: call.busy }] : []),
          ...cart.tip_options.percents.map((p) => ({
            value: String(p.percent),
            label: (
              <>
                {p.percent}%<span className="hh-pill__sub"> {money(p.amount_cents)}</span>
              </>
            ),
            disabled: call.busy,
          })),
          ...(cart.tip_options.custom_allowed ? [{ value: 'custom', label: 'Custom', disabled: call.busy }] : []),
        ]}
      />
      {/* A delivery order needs a tip: said as a hint until the guest has touched the
          tip or tried to place the order, so nothing is wrong before they could act. */}
      {!error && tipNeeded(cart) && <p className="hh-checkout__hint">Choose a tip for your driver.</p>}
      {customOpen && cart.tip_options.custom_allowed && (
        <form
          className="hh-checkout__inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            const err = customTipError(custom, cart);
            setCustomError(err);
            if (!err) void call.run(() => setTip({ amount_cents: parseDollars(custom)! }));
          }}
        >
          <div className="hh-field">
            <label htmlFor={`${id}-amount`}>Tip amount ($)</label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={custom}
              aria-invalid={customError ? true : undefined}
              aria-describedby={customError ? `${id}-err` : undefined}
              onChange={(e) => setCustom(e.target.value)}
            />
          </div>
          <button type="submit" className="hh-button hh-button--outline" disabled={call.busy}>
            Set tip
          </button>
        </form>
      )}
      <Problem id={`${id}-err`} message={error ?? undefined} />
    </section>
  );
}

/** Utensils: off unless asked for (less waste). */
export function Utensils({ cart }: { cart: Cart }) {
  const call = useCartCall();
  const id = useId();
  return (
    <section className="hh-checkout__part" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Utensils</h2>
      <Checkbox
        name={`${id}-utensils`}
        checked={cart.utensils}
        disabled={call.busy}
        onChange={(on) => void call.run(() => setUtensils(on))}
        label="Include utensils and napkins"
      />
      <Problem message={call.error ?? undefined} />
    </section>
  );
}

/** Tax exemption: the ID on the guest's exemption certificate; the tax comes off once the edge accepts it. */
export function TaxExemption({ cart }: { cart: Cart }) {
  const call = useCartCall();
  const id = useId();
  const [open, setOpen] = useState(!!cart.tax_exempt_id);
  const [value, setValue] = useState(cart.tax_exempt_id ?? '');
  const [local, setLocal] = useState<string | null>(null);
  const error = local ?? call.fields.id ?? call.error;
  return (
    <section className="hh-checkout__part" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Tax exemption</h2>
      <Checkbox
        name={`${id}-exempt`}
        checked={open}
        onChange={(on) => {
          setOpen(on);
          setLocal(null);
          if (!on && cart.tax_exempt_id) void call.run(() => setTaxExemption(''));
        }}
        label="This order is tax-exempt"
      />
      {open && (
        <form
          className="hh-checkout__inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            const err = taxIdError(value);
            setLocal(err);
            if (!err) void call.run(() => setTaxExemption(value.trim().toUpperCase()));
          }}
        >
          <div className="hh-field">
            <label htmlFor={`${id}-id`}>Exemption ID</label>
            <p id={`${id}-hint`} className="hh-form-field__hint">
              As on your tax-exemption certificate: 6 to 20 letters, digits or dashes. Bring the certificate when you
              collect.
            </p>
            <input
              id={`${id}-id`}
              value={value}
              maxLength={20}
              autoCapitalize="characters"
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? `${id}-err` : '', `${id}-hint`].filter(Boolean).join(' ')}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          <button type="submit" className="hh-button hh-button--outline" disabled={call.busy}>
            {cart.tax_exempt_id ? 'Update' : 'Apply'}
          </button>
        </form>
      )}
      {cart.tax_exempt_id && (
        <p className="hh-note">Tax exemption {cart.tax_exempt_id} applied: no tax on this order.</p>
      )}
      <Problem id={`${id}-err`} message={error ?? undefined} />
    </section>
  );
}

/** A field a location asks for at checkout (a table number, a company name). */
type CustomFieldSpec = NonNullable<Location['custom_fields']>[number];

/** CustomFields: the location's configured fields, saved to the cart when the guest leaves each one. */
export function CustomFields({
  cart,
  specs,
  error: placeError,
}: {
  cart: Cart;
  specs: CustomFieldSpec[];
  error?: string | null;
}) {
  const call = useCartCall();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(cart.custom_fields ?? {});
  if (specs.length === 0) return null;
  const save = (next: Record<string, string>) => {
    const same = specs.every((s) => (next[s.name] ?? '') === (cart.custom_fields?.[s.name] ?? ''));
    if (!same) void call.run(() => setCustomFields(next));
  };
  return (
    <section id="co-part-custom_fields" className="hh-checkout__part" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>More about your order</h2>
      <div className="hh-checkout__grid">
        {specs.map((s) => {
          const err = call.fields[s.name] ?? call.fields[`fields.${s.name}`];
          return (
            <div key={s.name} className="hh-field">
              <label htmlFor={`${id}-${s.name}`}>
                {s.label}
                {!s.required && ' (optional)'}
              </label>
              {s.hint && (
                <p id={`${id}-${s.name}-hint`} className="hh-form-field__hint">
                  {s.hint}
                </p>
              )}
              <input
                id={`${id}-${s.name}`}
                value={values[s.name] ?? ''}
                maxLength={s.max_length}
                required={s.required}
                aria-invalid={err ? true : undefined}
                aria-describedby={
                  [err ? `${id}-${s.name}-err` : '', s.hint ? `${id}-${s.name}-hint` : ''].filter(Boolean).join(' ') ||
                  undefined
                }
                onChange={(e) => setValues({ ...values, [s.name]: e.target.value })}
                onBlur={() => save(values)}
              />
              <Problem id={`${id}-${s.name}-err`} message={err} />
            </div>
          );
        })}
      </div>
      <Problem message={(Object.keys(call.fields).length ? undefined : call.error) ?? placeError ?? undefined} />
    </section>
  );
}
