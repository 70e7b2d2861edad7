// Choice cards (a radio or a checkbox with a label, a right-aligned detail such as a
// price, a description and a picture), the fieldset that groups them, and a plain
// checkbox. Each is a native input inside its visible label: the input is the accessible
// element, the card shows its state (./controls.css).
import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import { describedBy, FieldError } from '@henhouse/kit/ui/forms/Field';
import './controls.css';
import './cards.css';
import './check.css';

export interface ChoiceCardProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  /** Controlled: the card's state. Leave it out for a field a form reads itself
   *  (`inputProps` from its `register`). */
  checked?: boolean;
  onChange?(checked: boolean): void;
  /** What a form library gives the input (name, ref, onChange, onBlur): the card is then
   *  uncontrolled and the form reads its value, as with a plain input. */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  label: ReactNode;
  /** Price, calories: shown right-aligned, part of the name. */
  detail?: ReactNode;
  /** A line under the label, read as the input's description (also why it is disabled). */
  description?: ReactNode;
  disabled?: boolean;
  /** A picture beside the label. */
  media?: ReactNode;
  className?: string;
}

export function ChoiceCard({
  type,
  name,
  value,
  checked,
  onChange,
  label,
  detail,
  description,
  disabled,
  media,
  className,
  inputProps,
}: ChoiceCardProps) {
  const id = useId();
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    inputProps?.onChange?.(e);
    onChange?.(e.currentTarget.checked);
  };
  const descId = description ? `${id}-desc` : undefined;
  const detailId = detail ? `${id}-detail` : undefined;
  return (
    <label
      data-hh-control="choice-card"
      className={['hh-ctl-card', `hh-ctl-card--${type}`, className].filter(Boolean).join(' ')}
    >
      <input
        {...inputProps}
        className="hh-ctl-native"
        type={type}
        name={name}
        value={value}
        {...(checked === undefined ? {} : { checked })}
        disabled={disabled}
        // The visible label holds the description too: the name is the label and the
        // detail (price), the description is read as such.
        aria-labelledby={describedBy(`${id}-label`, detailId)}
        aria-describedby={descId}
        onChange={change}
      />
      <span className="hh-ctl-card__face">
        <span className="hh-ctl-card__mark" aria-hidden="true" />
        {media && <span className="hh-ctl-card__media">{media}</span>}
        <span className="hh-ctl-card__text">
          <span id={`${id}-label`} className="hh-ctl-card__label">
            {label}
          </span>
          {description && (
            <span id={descId} className="hh-ctl-card__description">
              {description}
            </span>
          )}
        </span>
        {detail && (
          <span id={detailId} className="hh-ctl-card__detail">
            {detail}
          </span>
        )}
      </span>
    </label>
  );
}

export interface ChoiceGroupProps {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** ChoiceGroup is the fieldset around ChoiceCards; its hint and error describe the group. */
export function ChoiceGroup({ legend, hint, error, children, className }: ChoiceGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={['hh-ctl-group', className].filter(Boolean).join(' ')}
      aria-describedby={describedBy(errId, hintId)}
      aria-invalid={error ? true : undefined}
    >
      <legend className="hh-ctl-legend">{legend}</legend>
      {hint && (
        <p id={hintId} className="hh-form-field__hint">
          {hint}
        </p>
      )}
      <div className="hh-ctl-group__cards">{children}</div>
      <FieldError id={errId} message={error} />
    </fieldset>
  );
}

export interface CheckboxProps {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** Checkbox is a single yes/no choice ("Email me offers"): a box with a check mark and its label. */
export function Checkbox({ name, checked, onChange, label, description, disabled, className }: CheckboxProps) {
  const id = useId();
  const descId = description ? `${id}-desc` : undefined;
  return (
    <label data-hh-control="checkbox" className={['hh-ctl-check', className].filter(Boolean).join(' ')}>
      <input
        className="hh-ctl-native"
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={descId}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <span className="hh-ctl-check__box" aria-hidden="true" />
      <span className="hh-ctl-check__text">
        <span id={`${id}-label`} className="hh-ctl-check__label">
          {label}
        </span>
        {description && (
          <span id={descId} className="hh-ctl-check__description">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
