// Choices among a few options, each a native radio inside a large visible label, so
// arrow keys move within the group and the form's value is the radio's, as HTML has
// it. Segmented: side-by-side buttons ("ASAP | Later"). Chips: wrapping rows of pills
// (days, times). The native input is the accessible element; the visible card shows
// its state (checked, focus, disabled) through ./controls.css.
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { ControlSize } from '@henhouse/kit/ui/controls/Button';
import './controls.css';
import './choices.css';

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export interface SegmentedProps<T extends string> {
  legend: ReactNode;
  /** The legend is read by screen readers but not shown (a heading above says the same). */
  legendHidden?: boolean;
  name: string;
  value: T | null;
  options: ChoiceOption<T>[];
  onChange(v: T): void;
  size?: ControlSize;
  className?: string;
  /** Shown inside the fieldset after the choices: a follow-up choice that belongs to
   *  the chosen one (pickup's In-store or Curbside), so it is read as part of the group. */
  children?: ReactNode;
}

function RadioSet<T extends string>({
  kind,
  legend,
  legendHidden,
  name,
  value,
  options,
  onChange,
  size = 'md',
  className,
  children,
}: SegmentedProps<T> & { kind: 'segmented' | 'chips' }) {
  const base = `hh-ctl-${kind}`;
  const id = useId();
  return (
    <fieldset data-hh-control={kind} className={[base, `${base}--${size}`, className].filter(Boolean).join(' ')}>
      <legend className={legendHidden ? 'visually-hidden' : 'hh-ctl-legend'}>{legend}</legend>
      <div className={`${base}__options`}>
        {options.map((o) => {
          const labelId = `${id}-${o.value}`;
          const hintId = o.hint ? `${labelId}-hint` : undefined;
          return (
            <label key={o.value} className={`${base}__option`}>
              <input
                className="hh-ctl-native"
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                disabled={o.disabled}
                // The visible label holds the hint too; the name is the label alone.
                aria-labelledby={labelId}
                aria-describedby={hintId}
                onChange={() => onChange(o.value)}
              />
              <span className={`${base}__face`}>
                {/* The check mark is drawn by CSS when checked; outside the label, so it is no part of the name. */}
                <span className={`${base}__label`}>
                  <span className={`${base}__check`} aria-hidden="true" />
                  <span id={labelId}>{o.label}</span>
                </span>
                {o.hint && (
                  <span id={hintId} className={`${base}__hint`}>
                    {o.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}

/** Segmented is a fieldset of large side-by-side choice buttons (native radios). */
export function Segmented<T extends string>(props: SegmentedProps<T>) {
  return <RadioSet kind="segmented" {...props} />;
}

/** Chips are wrapping rows of small pill choices (native radios): days, times. */
export function Chips<T extends string>(props: SegmentedProps<T>) {
  return <RadioSet kind="chips" {...props} />;
}
