import { Link } from '@henhouse/kit/router';
import type { Cart, Location } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { clockAt } from '../ui/time';

const MODE: Record<string, string> = { pickup: 'Pickup', curbside: 'Curbside', delivery: 'Delivery' };

/** handoffSummary: how and when, as the cart has it ("Pickup, as soon as possible"). A
 *  closed location takes no ASAP order (the edge's `open_now`): the guest is asked to
 *  choose a time instead. */
export function handoffSummary(cart: Cart | null, location: Location): string {
  const asap = location.open_now ? 'as soon as possible' : 'choose a time (closed now)';
  if (!cart) return `Pickup, ${asap}`;
  const mode = MODE[cart.handoff.mode] ?? cart.handoff.mode;
  const when = cart.time.mode === 'asap' || !cart.time.at ? asap : `at ${clockAt(cart.time.at, location)}`;
  return `${mode}, ${when}`;
}

/** The location the menu is for, with "Change", and the handoff and time with theirs. */
export function MenuHeader({
  menuName,
  location,
  cart,
  cartKnown = true,
  onChoose,
}: {
  menuName: string;
  /** null: no location chosen yet (a menu opened by a link), and the guest is asked. */
  location: Location | null;
  cart: Cart | null;
  /** false while the visitor's cart is being fetched: the handoff line waits for it. */
  cartKnown?: boolean;
  onChoose?: () => void;
}) {
  const setUi = useAppStore((s) => s.setUi);
  if (!location)
    return (
      <header className="hh-menu-header">
        <h2 className="hh-menu-header__title">{menuName}</h2>
        <div className="hh-menu-header__row">
          <p>
            <strong>No location chosen yet.</strong> Choose where to order from before adding items.
          </p>
          <button type="button" className="hh-link-button" onClick={onChoose}>
            Choose a location
          </button>
        </div>
      </header>
    );
  const a = location.address;
  return (
    <header className="hh-menu-header">
      <h2 className="hh-menu-header__title">{menuName}</h2>
      <div className="hh-menu-header__row">
        <p>
          Ordering from <strong>{location.name}</strong>
          <span className="hh-menu-header__addr">
            {a.street}, {a.city}, {a.state}
          </span>
        </p>
        <Link className="hh-link-button" to="/locations" aria-label={`Change location (now ${location.name})`}>
          Change
        </Link>
      </div>
      <div className="hh-menu-header__row">
        {cartKnown ? (
          <p>{handoffSummary(cart, location)}</p>
        ) : (
          <p className="hh-skeleton-line" aria-busy="true">
            <span className="visually-hidden">Loading your cart…</span>
          </p>
        )}
        <button
          type="button"
          className="hh-link-button"
          aria-label="Change pickup or delivery and time"
          onClick={() => setUi({ cartOpen: true })}
        >
          Change
        </button>
      </div>
    </header>
  );
}
