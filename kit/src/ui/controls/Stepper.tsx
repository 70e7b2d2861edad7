// A count with − and + buttons ("Quantity of 8 Nuggets"). The buttons stay focusable at
// the ends of the range (aria-disabled, not disabled), so focus is not lost to the page
// when the count reaches its minimum or maximum; a press there changes nothing. The new
// count is announced politely after a press (kit/src/ui/announce.ts), since the buttons'
// names do not change.
import { useEffect, useRef } from 'react';
import { announce } from '@henhouse/kit/ui/announce';
import type { ControlSize } from '@henhouse/kit/ui/controls/Button';
import './stepper.css';

export interface StepperProps {
  /** What is counted, e.g. "Quantity of 8 Nuggets": the group's name and the buttons'. */
  label: string;
  value: number;
  min?: number;
  max?: number;
  onChange(n: number): void;
  size?: ControlSize;
  disabled?: boolean;
  className?: string;
}

// "Quantity of 8 Nuggets" reads "Decrease quantity of 8 Nuggets"; a name that starts
// with a proper noun or an acronym ("NFL box") keeps its capitals.
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label);

export function Stepper({ label, value, min = 0, max, onChange, size = 'md', disabled, className }: StepperProps) {
  const atMin = value <= min;
  const atMax = max !== undefined && value >= max;
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    announce(`${label}: ${value}`);
  }, [value, label]);
  const step = (by: number, blocked: boolean) => {
    if (disabled || blocked) return;
    pressed.current = true;
    onChange(value + by);
  };
  const name = inSentence(label);
  return (
    <div
      data-hh-control="stepper"
      role="group"
      aria-label={label}
      className={['hh-ctl-stepper', `hh-ctl-stepper--${size}`, className].filter(Boolean).join(' ')}
    >
      <button
        type="button"
        className="hh-ctl-stepper__button"
        aria-label={`Decrease ${name}`}
        aria-disabled={disabled || atMin || undefined}
        onClick={() => step(-1, atMin)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="hh-ctl-stepper__value">{value}</span>
      <button
        type="button"
        className="hh-ctl-stepper__button"
        aria-label={`Increase ${name}`}
        aria-disabled={disabled || atMax || undefined}
        onClick={() => step(1, atMax)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
