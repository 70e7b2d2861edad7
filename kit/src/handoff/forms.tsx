// The delivery address form and the car form for curbside pickup: one form each for the
// cart drawer and the location search. Checked on submit by the edge's rules (./rules),
// each message tied to its field, the first problem focused; the edge's own field
// messages (`errors`, same keys) take their place when it answers.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Address, Vehicle } from '@henhouse/kit/api/types';
import { FieldError, FormAlert, TextField, describedBy } from '@henhouse/kit/ui/forms/Field';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { Select } from '@henhouse/kit/ui/controls/Select';
import { addressRules, usStates, validateAddress, validateVehicle, vehicleRules } from '@henhouse/kit/handoff/rules';
import './handoff.css';

type Errors = Record<string, string>;

/**
 * useChecked keeps the form's own messages and decides which show: the edge's (`server`)
 * until the guest submits again, then the form's. `order` lists the error keys in the
 * form's order, for focusing the first problem.
 */
function useChecked(order: readonly string[], server: Errors | undefined) {
  const uid = useId();
  const [own, setOwn] = useState<Errors>({});
  // The edge's messages the guest has submitted past: hidden until new ones come.
  const [seen, setSeen] = useState<Errors | undefined>(undefined);
  const [focusReq, setFocusReq] = useState<{ key: string } | null>(null);
  const fromServer = server && server !== seen ? server : undefined;
  const errors: Errors = { ...own, ...fromServer };
  const idFor = (key: string) => `${uid}-${key.replace(/\W/g, '-')}`;
  const first = (e: Errors | undefined) => order.find((k) => e?.[k]);

  useEffect(() => {
    const key = first(fromServer);
    if (key) document.getElementById(idFor(key))?.focus();
    // Only when the edge answers with new messages, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromServer]);
  useEffect(() => {
    if (focusReq) document.getElementById(idFor(focusReq.key))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusReq]);

  /** check runs the rules on submit: true when the form may be sent. */
  const check = (problems: Errors): boolean => {
    setOwn(problems);
    setSeen(server);
    const key = first(problems);
    if (key) setFocusReq({ key });
    return !key;
  };
  return { errors, idFor, check };
}

interface CommonProps {
  submitLabel: string;
  /** Saving: a second submit is ignored. */
  busy?: boolean;
  /** The edge's per-field messages, keyed as the edge keys them ("address.zip"). */
  errors?: Record<string, string>;
  /** The form-level message, shown as an alert. */
  formError?: string | null;
}

function Submit({ label, busy }: { label: string; busy?: boolean }) {
  return (
    <Button type="submit" variant="secondary" className="hh-handoff-form__submit" aria-disabled={busy}>
      {label}
    </Button>
  );
}

const str = (v: string | undefined) => v ?? '';

export interface DeliveryAddressFormProps extends CommonProps {
  defaultValue?: Partial<Address> & { notes?: string };
  /** Ask for notes for the driver (the cart drawer does; the location search does not). */
  showNotes?: boolean;
  onSubmit: (address: Address, notes?: string) => void | Promise<void>;
}

const addressOrder = ['street', 'unit', 'city', 'state', 'zip', 'notes'].map(
  (k) => addressRules[k as keyof typeof addressRules].key,
);

/** DeliveryAddressForm asks for the delivery address (and notes for the driver). */
export function DeliveryAddressForm({
  defaultValue,
  showNotes,
  submitLabel,
  busy,
  errors: server,
  formError,
  onSubmit,
}: DeliveryAddressFormProps) {
  const [v, setV] = useState(() => ({
    street: str(defaultValue?.street),
    unit: str(defaultValue?.unit),
    city: str(defaultValue?.city),
    state: str(defaultValue?.state).trim().toUpperCase(),
    zip: str(defaultValue?.zip),
    notes: str(defaultValue?.notes),
  }));
  const { errors, idFor, check } = useChecked(addressOrder, server);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const text = (k: 'street' | 'unit' | 'city' | 'zip', label: string, more: object) => {
    const key = addressRules[k].key;
    return (
      <TextField
        id={idFor(key)}
        label={label}
        name={k}
        value={v[k]}
        onChange={set(k)}
        error={errors[key]}
        optional={!addressRules[k].required}
        {...more}
      />
    );
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!check(validateAddress(showNotes ? v : { ...v, notes: undefined }))) return;
    const address: Address = {
      street: v.street.trim(),
      city: v.city.trim(),
      state: v.state.trim().toUpperCase(),
      zip: v.zip.trim(),
    };
    if (v.unit.trim()) address.unit = v.unit.trim();
    void onSubmit(address, showNotes ? v.notes.trim() : undefined);
  };

  const stateKey = addressRules.state.key;
  const known = usStates.some(([code]) => code === v.state);
  return (
    <form className="hh-handoff-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <FormAlert message={formError} />
      {text('street', 'Street address', { autoComplete: 'shipping address-line1' })}
      {text('unit', 'Apartment or suite', { autoComplete: 'shipping address-line2' })}
      <div className="hh-handoff-form__row">
        {text('city', 'City', { autoComplete: 'shipping address-level2' })}
        <Select
          id={idFor(stateKey)}
          label="State"
          error={errors[stateKey]}
          name="state"
          autoComplete="shipping address-level1"
          value={v.state}
          onChange={set('state')}
        >
          <option value="">Choose a state</option>
          {!known && v.state && <option value={v.state}>{v.state}</option>}
          {usStates.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
        {text('zip', 'ZIP code', { autoComplete: 'shipping postal-code', inputMode: 'numeric' })}
      </div>
      {showNotes && (
        <Labelled
          id={idFor(addressRules.notes.key)}
          label="Notes for the driver"
          optional
          error={errors.delivery_notes}
        >
          {(p) => (
            <textarea
              {...p}
              className="hh-form-input hh-handoff-form__notes"
              name="notes"
              rows={2}
              value={v.notes}
              onChange={set('notes')}
            />
          )}
        </Labelled>
      )}
      <Submit label={submitLabel} busy={busy} />
    </form>
  );
}

export interface VehicleFormProps extends CommonProps {
  defaultValue?: Partial<Vehicle>;
  onSubmit: (vehicle: Vehicle) => void | Promise<void>;
}

const vehicleOrder = [vehicleRules.make.key, vehicleRules.model.key, vehicleRules.color.key];

/** VehicleForm asks for the car the guest will wait in at the curb. */
export function VehicleForm({
  defaultValue,
  submitLabel,
  busy,
  errors: server,
  formError,
  onSubmit,
}: VehicleFormProps) {
  const [v, setV] = useState(() => ({
    make: str(defaultValue?.make),
    model: str(defaultValue?.model),
    color: str(defaultValue?.color),
  }));
  const { errors, idFor, check } = useChecked(vehicleOrder, server);
  const field = (k: keyof typeof v, label: string) => {
    const key = vehicleRules[k].key;
    return (
      <TextField
        id={idFor(key)}
        label={label}
        name={k}
        value={v[k]}
        onChange={(e) => setV({ ...v, [k]: e.target.value })}
        error={errors[key]}
        autoCapitalize="words"
      />
    );
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!check(validateVehicle(v))) return;
    void onSubmit({ make: v.make.trim(), model: v.model.trim(), color: v.color.trim() });
  };
  return (
    <form className="hh-handoff-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <FormAlert message={formError} />
      {field('make', 'Car make')}
      {field('model', 'Car model')}
      {field('color', 'Car color')}
      <Submit label={submitLabel} busy={busy} />
    </form>
  );
}

/** Labelled gives a textarea what TextField gives an input: the label, and the
 *  error tied to the control (aria-invalid, aria-describedby). */
function Labelled({
  id,
  label,
  optional,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  children: (p: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const errId = error ? `${id}-error` : undefined;
  return (
    <div className="hh-form-field">
      <label htmlFor={id} className="hh-form-field__label">
        {label}
        {optional && <span className="hh-form-field__optional"> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(errId) })}
      <FieldError id={errId} message={error} />
    </div>
  );
}
