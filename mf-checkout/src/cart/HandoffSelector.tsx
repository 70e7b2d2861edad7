import { useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { setHandoff, type HandoffInput } from '@henhouse/kit/api/cart';
import type { Cart, HandoffMode, Location } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { DeliveryAddressForm, VehicleForm } from '@henhouse/kit/handoff/forms';
import { HandoffModePicker } from '@henhouse/kit/handoff/modes';
import { useAppStore } from '@henhouse/kit/state/store';

/** HandoffSelector picks delivery, pickup in-store or curbside, with the address or
 *  vehicle the mode needs, and saves it to the cart: pickup at once, delivery and
 *  curbside when their form is sent. */
export function HandoffSelector({ cart, location }: { cart: Cart; location: Location | null }) {
  const [mode, setMode] = useState<HandoffMode>(cart.handoff.mode);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const offered = (m: HandoffMode) => !location || location.services[m];

  const save = async (body: HandoffInput) => {
    setSaving(true);
    setError(null);
    try {
      const r = await setHandoff(body);
      useAppStore.getState().set({ cart: r.cart });
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };
  const choose = (m: HandoffMode) => {
    setMode(m);
    setError(null);
    if (m === 'pickup') void save({ mode: 'pickup' });
  };
  const fields = error instanceof ApiError ? error.fields : undefined;
  const message = error ? messageFor(error) : null;
  const h = cart.handoff;

  return (
    <div className="hh-handoff">
      <HandoffModePicker value={mode} onChange={choose} offered={offered} />
      {mode === 'delivery' && (
        <DeliveryAddressForm
          defaultValue={{ ...h.address, notes: h.delivery_notes }}
          showNotes
          submitLabel="Deliver here"
          busy={saving}
          errors={fields}
          formError={message}
          onSubmit={(address, notes) => save({ mode, address, deliveryNotes: notes })}
        />
      )}
      {mode === 'curbside' && (
        <VehicleForm
          defaultValue={h.vehicle}
          submitLabel="Save car details"
          busy={saving}
          errors={fields}
          formError={message}
          onSubmit={(vehicle) => save({ mode, vehicle })}
        />
      )}
      {mode === 'pickup' && message && (
        <p role="alert" className="hh-field__error">
          {message}
        </p>
      )}
    </div>
  );
}
