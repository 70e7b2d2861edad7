import { useId, useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { setHandoff, type HandoffInput } from '@henhouse/kit/api/cart';
import type { Cart, HandoffMode, Location } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { DeliveryAddressForm, VehicleForm } from '@henhouse/kit/handoff/forms';
import { HandoffIcon, handoffModes, pickupSubModes } from '@henhouse/kit/handoff/modes';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { Segmented } from '@henhouse/kit/ui/controls/choices';
import { useAppStore } from '@henhouse/kit/state/store';

function Label({
  icon,
  mobile,
  desktop,
}: {
  icon: Parameters<typeof HandoffIcon>[0]['name'];
  mobile: string;
  desktop: string;
}) {
  return (
    <span className="hh-handoff-choice">
      <HandoffIcon name={icon} />
      {mobile === desktop ? (
        desktop
      ) : (
        // Only the visible one is in the radio's name (tokens.css hides the other).
        <>
          <span className="hh-only-desktop">{desktop}</span>
          <span className="hh-only-mobile">{mobile}</span>
        </>
      )}
    </span>
  );
}

/** The address or car the cart has for its mode, in one line, or null when it has none. */
function savedDetails(h: Cart['handoff'], mode: HandoffMode): string | null {
  if (h.mode !== mode) return null;
  if (mode === 'delivery' && h.address?.street && h.address.city && h.address.state && h.address.zip)
    return [h.address.street, h.address.city, [h.address.state, h.address.zip].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
  if (mode === 'curbside' && h.vehicle?.make && h.vehicle.model && h.vehicle.color)
    return [h.vehicle.color, h.vehicle.make, h.vehicle.model].filter(Boolean).join(' ');
  return null;
}

/** HandoffSelector picks delivery, pickup in-store or curbside (the kit's choices), with
 *  the address or vehicle the mode needs, and saves it to the cart: pickup at once,
 *  delivery and curbside when their form is sent. A saved address or car is one line
 *  with **Change**, which opens its form again. */
export function HandoffSelector({ cart, location }: { cart: Cart; location: Location | null }) {
  const [mode, setMode] = useState<HandoffMode>(cart.handoff.mode);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState(false);
  const nid = useId();
  const offered = (m: HandoffMode) => !location || location.services[m];

  const save = async (body: HandoffInput) => {
    setSaving(true);
    setError(null);
    try {
      const r = await setHandoff(body);
      useAppStore.getState().set({ cart: r.cart });
      setEditing(false);
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };
  const choose = (m: HandoffMode) => {
    setMode(m);
    setEditing(false);
    setError(null);
    if (m === 'pickup') void save({ mode: 'pickup' });
  };
  const fields = error instanceof ApiError ? error.fields : undefined;
  const message = error ? messageFor(error) : null;
  const h = cart.handoff;
  const top = mode === 'delivery' ? 'delivery' : 'pickup';
  const pickupOffered = offered('pickup') || offered('curbside');
  const summary = editing ? null : savedDetails(h, mode);

  return (
    <div className="hh-handoff">
      <Segmented<'delivery' | 'pickup'>
        legend="How you'll get your order"
        legendHidden
        name={`${nid}-mode`}
        size="lg"
        value={top}
        options={handoffModes.map((m) => ({
          value: m.key,
          label: <Label icon={m.icon} mobile={m.mobile} desktop={m.desktop} />,
          disabled: m.key === 'delivery' ? !offered('delivery') : !pickupOffered,
        }))}
        onChange={(k) => choose(k === 'delivery' ? 'delivery' : offered('pickup') ? 'pickup' : 'curbside')}
      />
      {top === 'pickup' && (
        <Segmented<HandoffMode>
          legend="Pickup"
          legendHidden
          name={`${nid}-pickup`}
          value={mode}
          options={pickupSubModes.map((m) => ({
            value: m.key,
            label: <Label icon={m.icon} mobile={m.mobile} desktop={m.desktop} />,
            disabled: !offered(m.key),
          }))}
          onChange={choose}
        />
      )}
      {summary && (
        <div className="hh-handoff__summary">
          <p>
            {mode === 'delivery' ? 'Delivering to ' : 'Your car: '}
            <strong>{summary}</strong>
          </p>
          <Button
            variant="ghost"
            aria-label={mode === 'delivery' ? 'Change delivery address' : 'Change car details'}
            onClick={() => setEditing(true)}
          >
            Change
          </Button>
        </div>
      )}
      {mode === 'delivery' && !summary && (
        <DeliveryAddressForm
          defaultValue={{ ...h.address, notes: h.delivery_notes }}
          showNotes
          submitLabel="Deliver here"
          busy={saving}
          errors={fields}
          formError={message}
          onSubmit={(address, notes) => save({ mode, address, delivery_notes: notes })}
        />
      )}
      {mode === 'curbside' && !summary && (
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
