// How the guest wants the order, chosen before a location: pickup asks for nothing,
// curbside for the car, delivery for the address (checked against the locations' delivery
// areas). The picker, the forms and their rules are the kit's, the same as the cart drawer's.
//
// Most guests pick up, so the car and address forms are not part of the screen's first
// load: they are fetched once the first screen is shown (or at once, when the guest
// switches before that), and say they are loading meanwhile.
import { lazy, Suspense, useEffect, useState, type Ref } from 'react';
import type { Address, HandoffMode, Vehicle } from '@henhouse/kit/api/types';
import { HandoffModePicker } from '@henhouse/kit/handoff/modes';
import { firstScreen } from '@henhouse/kit/ui/firstScreen';

const forms = () => import('@henhouse/kit/handoff/forms');
const VehicleForm = lazy(() => forms().then((m) => ({ default: m.VehicleForm })));
const DeliveryAddressForm = lazy(() => forms().then((m) => ({ default: m.DeliveryAddressForm })));

export type { Vehicle };

export interface FormState {
  busy?: boolean;
  /** The edge's field messages, keyed as it keys them ("address.street", "vehicle.make"). */
  errors?: Record<string, string>;
  formError?: string;
}

export interface HandoffPanelProps {
  mode: HandoffMode;
  onMode: (mode: HandoffMode) => void;
  vehicle: Vehicle | null;
  onVehicle: (vehicle: Vehicle) => void;
  vehicleForm: FormState;
  address: Address | null;
  onAddress: (address: Address, notes?: string) => void;
  deliveryForm: FormState;
  /** Why the guest was sent to the form ("Enter your vehicle first…"). */
  prompt?: string | null;
  /** The box around the form, which the screen focuses and scrolls to. */
  formRef?: Ref<HTMLDivElement>;
}

export function HandoffPanel({ formRef, ...p }: HandoffPanelProps) {
  const [changingVehicle, setChangingVehicle] = useState(false);
  const vehicleSaved = p.vehicle && !changingVehicle && !p.vehicleForm.errors;
  useEffect(() => {
    void firstScreen.then(forms).catch(() => {
      // Fetched again when a form is first shown; a failure then reaches the screen.
    });
  }, []);
  return (
    <section className="hh-loc-handoff" aria-labelledby="loc-handoff-heading">
      <h3 id="loc-handoff-heading">How you&rsquo;ll get your order</h3>
      <HandoffModePicker value={p.mode} onChange={p.onMode} />
      <div ref={formRef} className="hh-loc-handoff__form" tabIndex={-1}>
        {p.prompt && (
          <p className="hh-loc-handoff__prompt">
            <span aria-hidden="true">➜ </span>
            {p.prompt}
          </p>
        )}
        <Suspense fallback={<p role="status">Loading the form…</p>}>
          {p.mode === 'curbside' &&
            (vehicleSaved ? (
              <p className="hh-loc-handoff__saved">
                Curbside pickup in your {p.vehicle!.color} {p.vehicle!.make} {p.vehicle!.model}.{' '}
                <button type="button" className="hh-loc-link-button" onClick={() => setChangingVehicle(true)}>
                  Change car
                </button>
              </p>
            ) : (
              <VehicleForm
                defaultValue={p.vehicle ?? undefined}
                submitLabel="Save car"
                busy={p.vehicleForm.busy}
                errors={p.vehicleForm.errors}
                formError={p.vehicleForm.formError}
                onSubmit={(v) => {
                  setChangingVehicle(false);
                  p.onVehicle(v);
                }}
              />
            ))}
          {p.mode === 'delivery' && (
            <DeliveryAddressForm
              defaultValue={p.address ?? undefined}
              submitLabel="Find locations that deliver"
              busy={p.deliveryForm.busy}
              errors={p.deliveryForm.errors}
              formError={p.deliveryForm.formError}
              onSubmit={p.onAddress}
            />
          )}
        </Suspense>
      </div>
    </section>
  );
}
