// How the guest gets the order: delivery, or pickup in the store (key pickup) or at the
// curb (key curbside). One picker for the cart drawer, the checkout and the location search.
import { useId } from 'react';
import type { HandoffMode } from '@henhouse/kit/api/types';
import { Segmented } from '@henhouse/kit/ui/controls/choices';
import './handoff.css';

/** The handoff modes with their mobile and desktop labels; pickup has the sub-modes
 *  "In-store" (key pickup) and "Curbside" (key curbside). */
export const handoffModes = [
  {
    key: 'delivery',
    mobile: 'Delivery',
    desktop: 'Delivery',
    icon: 'delivery',
    classes: 'hh-handoff-mode--delivery',
    sub_handoff_modes: [],
    sub_handoff_modes_keys: [],
  },
  {
    key: 'pickup',
    mobile: 'Pickup',
    desktop: 'Pickup',
    icon: 'pickup',
    classes: 'hh-handoff-mode--pickup',
    sub_handoff_modes: ['In-store', 'Curbside'],
    sub_handoff_modes_keys: ['pickup', 'curbside'],
  },
] as const satisfies readonly {
  key: HandoffMode;
  mobile: string;
  desktop: string;
  icon: IconName;
  classes: string;
  sub_handoff_modes: readonly string[];
  sub_handoff_modes_keys: readonly HandoffMode[];
}[];

/** The pickup sub-modes with their own labels and icons. */
export const pickupSubModes = [
  { key: 'pickup', mobile: 'In-store', desktop: 'In-store pickup', icon: 'store' },
  { key: 'curbside', mobile: 'Curbside', desktop: 'Curbside pickup', icon: 'car' },
] as const satisfies readonly { key: HandoffMode; mobile: string; desktop: string; icon: IconName }[];

export interface HandoffChoice {
  key: HandoffMode;
  mobile: string;
  desktop: string;
}

/** One choice per key, as a summary names it: "Delivery", "In-store pickup", "Curbside pickup". */
export const handoffChoices: readonly HandoffChoice[] = [
  { key: 'delivery', mobile: 'Delivery', desktop: 'Delivery' },
  ...pickupSubModes.map(({ key, mobile, desktop }) => ({ key, mobile, desktop })),
];

type IconName = 'delivery' | 'pickup' | 'store' | 'car';

// Simple line icons, drawn in the text color; the label beside each names the mode.
const icons: Record<IconName, string> = {
  delivery:
    'M3 6h11v9H3zM14 9h4l3 3v3h-7M6.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  pickup: 'M6 8h12l-1 12H7L6 8zM9 8V6a3 3 0 0 1 6 0v2',
  store: 'M4 10h16M5 10l1-5h12l1 5M6 10v9h12v-9M10 19v-5h4v5',
  car: 'M4 15l2-6h12l2 6v3H4zM7 18.5v1M17 18.5v1M7.5 14h.01M16.5 14h.01',
};

export function HandoffIcon({ name }: { name: IconName }) {
  return (
    <svg className="hh-handoff-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={icons[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

function ModeLabel({
  mobile,
  desktop,
  icon,
  classes,
}: {
  mobile: string;
  desktop: string;
  icon: IconName;
  classes?: string;
}) {
  return (
    <span className={['hh-handoff-modes__label', classes].filter(Boolean).join(' ')}>
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

export interface HandoffModePickerProps {
  value: HandoffMode;
  onChange: (mode: HandoffMode) => void;
  /** Whether the location offers a mode; a mode it does not offer cannot be chosen. All by default. */
  offered?: (mode: HandoffMode) => boolean;
  /** The group's name for screen readers; "How you'll get your order" by default. */
  legend?: string;
}

/**
 * HandoffModePicker: Delivery or Pickup, and for Pickup its sub-modes In-store and
 * Curbside. Each level is a radio group of the kit (Segmented): Tab reaches it, the
 * arrow keys choose. Choosing
 * Pickup picks In-store, or Curbside where the location has no in-store pickup.
 */
export function HandoffModePicker({
  value,
  onChange,
  offered = () => true,
  legend = "How you'll get your order",
}: HandoffModePickerProps) {
  const name = useId();
  const top = value === 'delivery' ? 'delivery' : 'pickup';
  const pickupOffered = offered('pickup') || offered('curbside');
  return (
    <Segmented
      className="hh-handoff-modes"
      legend={legend}
      legendHidden
      name={`${name}-mode`}
      value={top}
      options={handoffModes.map((m) => ({
        value: m.key,
        label: <ModeLabel mobile={m.mobile} desktop={m.desktop} icon={m.icon} classes={m.classes} />,
        disabled: m.key === 'delivery' ? !offered('delivery') : !pickupOffered,
      }))}
      onChange={(key) => onChange(key === 'delivery' ? 'delivery' : offered('pickup') ? 'pickup' : 'curbside')}
    >
      {top === 'pickup' && (
        <Segmented
          className="hh-handoff-modes--sub"
          legend="Pickup"
          legendHidden
          name={`${name}-pickup`}
          value={value === 'delivery' ? null : value}
          options={pickupSubModes.map((m) => ({
            value: m.key,
            label: <ModeLabel mobile={m.mobile} desktop={m.desktop} icon={m.icon} />,
            disabled: !offered(m.key),
          }))}
          onChange={onChange}
        />
      )}
    </Segmented>
  );
}
