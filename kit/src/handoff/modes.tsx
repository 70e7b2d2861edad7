// How the guest gets the order: delivery, or pickup in the store (key pickup) or at the
// curb (key curbside). One picker for the cart drawer and the location search.
import { useId } from 'react';
import type { HandoffMode } from '@henhouse/kit/api/types';
import './handoff.css';

/** The handoff modes with their mobile and desktop labels; pickup has the sub-modes
 *  "In-store" (key pickup) and "Curbside" (key curbside). */
export const handoffModes = [
  { key: 'delivery', mobile: 'Delivery', desktop: 'Delivery', sub_handoff_modes: [], sub_handoff_modes_keys: [] },
  {
    key: 'pickup',
    mobile: 'Pickup',
    desktop: 'Pickup',
    sub_handoff_modes: ['In-store', 'Curbside'],
    sub_handoff_modes_keys: ['pickup', 'curbside'],
  },
] as const satisfies readonly {
  key: HandoffMode;
  mobile: string;
  desktop: string;
  sub_handoff_modes: readonly string[];
  sub_handoff_modes_keys: readonly HandoffMode[];
}[];

export interface HandoffChoice {
  key: HandoffMode;
  mobile: string;
  desktop: string;
}

/** The choices the picker offers, one per key: a mode without sub-modes as it is, a
 *  sub-mode on narrow screens by its own name ("In-store") and on wide ones with its
 *  mode's ("Pickup In-store"). */
export const handoffChoices: readonly HandoffChoice[] = handoffModes.flatMap((m): HandoffChoice[] =>
  m.sub_handoff_modes.length === 0
    ? [{ key: m.key, mobile: m.mobile, desktop: m.desktop }]
    : m.sub_handoff_modes.map((label, i) => ({
        key: m.sub_handoff_modes_keys[i],
        mobile: label,
        desktop: `${m.desktop} ${label}`,
      })),
);

function Label({ mobile, desktop }: { mobile: string; desktop: string }) {
  if (mobile === desktop) return <>{desktop}</>;
  // Only the visible one is in the radio's name (tokens.css hides the other).
  return (
    <>
      <span className="hh-only-desktop">{desktop}</span>
      <span className="hh-only-mobile">{mobile}</span>
    </>
  );
}

export interface HandoffModePickerProps {
  value: HandoffMode;
  onChange: (mode: HandoffMode) => void;
  /** Whether the location offers a mode; a mode it does not offer cannot be chosen. All by default. */
  offered?: (mode: HandoffMode) => boolean;
  /** The group's name for screen readers; "How you'll get your order" by default. */
  legend?: string;
}

/** HandoffModePicker is a radio group: Tab reaches it, the arrow keys choose. */
export function HandoffModePicker({
  value,
  onChange,
  offered = () => true,
  legend = "How you'll get your order",
}: HandoffModePickerProps) {
  const name = useId();
  return (
    <fieldset className="hh-handoff-modes">
      <legend className="visually-hidden">{legend}</legend>
      {handoffChoices.map((c) => (
        <label key={c.key} className="hh-handoff-modes__choice">
          <input
            type="radio"
            name={name}
            value={c.key}
            checked={value === c.key}
            disabled={!offered(c.key)}
            onChange={() => onChange(c.key)}
          />
          <Label mobile={c.mobile} desktop={c.desktop} />
        </label>
      ))}
    </fieldset>
  );
}
