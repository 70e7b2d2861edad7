// The handoff panel's stand-in for the search screen's tests: buttons that choose a mode and
// send an address or a vehicle, and what the screen gives the forms (errors, prompt) as text.
import type { HandoffPanelProps } from '../search/HandoffPanel';

export const outsideAddress = { street: '1 Far Away Rd', city: 'Louisville', state: 'KY', zip: '40299' };
export const homeAddress = { street: '100 W Main St', city: 'Louisville', state: 'KY', zip: '40202' };
export const redCivic = { make: 'Honda', model: 'Civic', color: 'Red' };

export function FakeHandoff({ formRef, ...p }: HandoffPanelProps) {
  return (
    <section aria-label="Handoff">
      <p data-testid="mode">{p.mode}</p>
      {(['pickup', 'curbside', 'delivery'] as const).map((m) => (
        <button key={m} type="button" onClick={() => p.onMode(m)}>
          Mode {m}
        </button>
      ))}
      <div ref={formRef} tabIndex={-1} data-testid="handoff-form">
        {p.prompt && <p data-testid="prompt">{p.prompt}</p>}
        {p.mode === 'delivery' && (
          <>
            <button type="button" onClick={() => p.onAddress(homeAddress, 'Ring twice')}>
              Send home address
            </button>
            <button type="button" onClick={() => p.onAddress(outsideAddress)}>
              Send far address
            </button>
          </>
        )}
        {p.mode === 'curbside' && (
          <button type="button" onClick={() => p.onVehicle(redCivic)}>
            Send vehicle
          </button>
        )}
        <output data-testid="form-errors">
          {JSON.stringify({
            delivery: p.deliveryForm.errors ?? null,
            deliveryForm: p.deliveryForm.formError ?? null,
            vehicle: p.vehicleForm.errors ?? null,
            busy: !!p.deliveryForm.busy,
          })}
        </output>
      </div>
    </section>
  );
}
