import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { setHandoff, type HandoffInput } from '@henhouse/kit/api/cart';
import type { Cart, HandoffMode, Location } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';

/** Handoff modes: key, mobile label, desktop label; pickup has the
 *  sub-modes In-store (key pickup) and Curbside (key curbside). */
export const handoffModes = [
  { key: 'delivery', mobile: 'Delivery', desktop: 'Delivery', sub_handoff_modes: [] as string[] },
  {
    key: 'pickup',
    mobile: 'Pickup',
    desktop: 'Pickup',
    sub_handoff_modes: ['In-store', 'Curbside'],
    sub_handoff_modes_keys: ['pickup', 'curbside'],
  },
] as const;

type Mode = HandoffMode;

function Label({ mobile, desktop }: { mobile: string; desktop: string }) {
  if (mobile === desktop) return <>{desktop}</>;
  return (
    <>
      <span className="hh-only-desktop">{desktop}</span>
      <span className="hh-only-mobile">{mobile}</span>
    </>
  );
}

/** HandoffSelector picks delivery, pickup in-store or curbside, with the address or
 *  vehicle the mode needs, and saves it to the cart. */
export function HandoffSelector({ cart, location }: { cart: Cart; location: Location | null }) {
  const [mode, setMode] = useState<Mode>(cart.handoff.mode);
  const [error, setError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const offered = (m: Mode) => !location || location.services[m === 'pickup' ? 'pickup' : m];

  const save = async (body: HandoffInput) => {
    setSaving(true);
    setError(null);
    try {
      const r = await setHandoff(body);
      useAppStore.getState().set({ cart: r.cart });
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'unknown', String(e)));
    } finally {
      setSaving(false);
    }
  };
  const choose = (m: Mode) => {
    setMode(m);
    setError(null);
    if (m === 'pickup') void save({ mode: 'pickup' });
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    if (mode === 'curbside') void save({ mode, vehicle: { make: f.make, model: f.model, color: f.color } });
    else
      void save({
        mode,
        address: { street: f.street, unit: f.unit, city: f.city, state: f.state, zip: f.zip },
        deliveryNotes: f.notes,
      });
  };
  const field = (name: string) => error?.fields?.[name];
  const input = (name: string, label: string, path: string, def?: string, autoComplete?: string) => (
    <div className="hh-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        defaultValue={def}
        autoComplete={autoComplete}
        aria-invalid={!!field(path)}
        aria-describedby={field(path) ? `${id}-${name}-err` : undefined}
      />
      {field(path) && (
        <p id={`${id}-${name}-err`} className="hh-field__error">
          {field(path)}
        </p>
      )}
    </div>
  );

  return (
    <div className="hh-handoff">
      <fieldset className="hh-choice-group">
        <legend className="visually-hidden">How you'll get your order</legend>
        <label className="hh-choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'delivery'}
            disabled={!offered('delivery')}
            onChange={() => choose('delivery')}
          />
          <Label mobile={handoffModes[0].mobile} desktop={handoffModes[0].desktop} />
        </label>
        <label className="hh-choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'pickup'}
            disabled={!offered('pickup')}
            onChange={() => choose('pickup')}
          />
          <Label mobile="In-store" desktop="Pickup In-store" />
        </label>
        <label className="hh-choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'curbside'}
            disabled={!offered('curbside')}
            onChange={() => choose('curbside')}
          />
          <Label mobile="Curbside" desktop="Pickup Curbside" />
        </label>
      </fieldset>
      {mode !== 'pickup' && (
        <form className="hh-handoff__form" onSubmit={submit} noValidate>
          {mode === 'curbside' ? (
            <>
              {input('make', 'Car make', 'vehicle.make', cart.handoff.vehicle?.make)}
              {input('model', 'Car model', 'vehicle.model', cart.handoff.vehicle?.model)}
              {input('color', 'Car colour', 'vehicle.color', cart.handoff.vehicle?.color)}
            </>
          ) : (
            <>
              {input('street', 'Street address', 'address.street', cart.handoff.address?.street, 'address-line1')}
              {input(
                'unit',
                'Apartment or suite (optional)',
                'address.unit',
                cart.handoff.address?.unit,
                'address-line2',
              )}
              {input('city', 'City', 'address.city', cart.handoff.address?.city, 'address-level2')}
              {input('state', 'State', 'address.state', cart.handoff.address?.state, 'address-level1')}
              {input('zip', 'ZIP code', 'address.zip', cart.handoff.address?.zip, 'postal-code')}
              {input('notes', 'Notes for the driver (optional)', 'deliveryNotes', cart.handoff.delivery_notes)}
            </>
          )}
          <button type="submit" className="hh-button hh-button--secondary" disabled={saving}>
            {mode === 'curbside' ? 'Save car details' : 'Deliver here'}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="hh-field__error">
          {error.message}
        </p>
      )}
    </div>
  );
}
