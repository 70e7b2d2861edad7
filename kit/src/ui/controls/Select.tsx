// A labelled native <select> styled as the kit's text fields (48 px, 2 px border, the
// kit's radius and focus ring), with its hint and error tied to it. The arrow is drawn
// with CSS, so no picture is fetched.
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import { describedBy, FieldError } from '@henhouse/kit/ui/forms/Field';
import './select.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** The choices; children (<option>, <optgroup>) may be given instead. */
  options?: SelectOption[];
  ref?: Ref<HTMLSelectElement>;
}

export function Select({
  label,
  error,
  hint,
  options,
  id,
  className,
  children,
  'aria-describedby': extra,
  ...select
}: SelectProps) {
  const auto = useId();
  const fid = id ?? `s${auto}`;
  const hintId = hint ? `${fid}-hint` : undefined;
  const errId = error ? `${fid}-error` : undefined;
  return (
    <div data-hh-control="select" className={['hh-form-field', 'hh-ctl-select', className].filter(Boolean).join(' ')}>
      <label htmlFor={fid} className="hh-form-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="hh-form-field__hint">
          {hint}
        </p>
      )}
      <span className="hh-ctl-select__box">
        <select
          id={fid}
          className="hh-form-input hh-ctl-select__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errId, hintId, extra)}
          {...select}
        >
          {options?.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
      </span>
      <FieldError id={errId} message={error} />
    </div>
  );
}
