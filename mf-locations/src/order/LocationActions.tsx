// What can be done with one location in a list: order there, open its page, show it on the
// map, and (members) keep it as a favorite. A location that does not offer the chosen
// handoff says why instead of offering to order.
import { useId } from 'react';
import { Link } from '@henhouse/kit/router';
import { Button } from '@henhouse/kit/ui/controls';
import type { HandoffMode, Location } from '@henhouse/kit/api/types';
import type { StartOrder } from './useStartOrder';
import type { Favorites } from './useFavorites';

/** unavailableReason is why a location cannot take an order for `mode`, or null when it can. */
export function unavailableReason(location: Location, mode: HandoffMode | null): string | null {
  const s = location.services;
  if (mode === 'delivery' && !s.delivery) return "This location doesn't deliver.";
  if (mode === 'curbside' && !s.curbside) return "This location doesn't offer curbside pickup.";
  if (mode === 'pickup' && !s.pickup) return "This location doesn't offer in-store pickup.";
  return null;
}

interface Props {
  location: Location;
  /** The handoff chosen on the page; none keeps the cart's (a location's own page). */
  mode?: HandoffMode | null;
  order: StartOrder;
  favorites?: Favorites;
  onChoose: (location: Location) => void;
  detailsHref?: string;
  onShowOnMap?: (location: Location) => void;
}

export function LocationActions({
  location: l,
  mode = null,
  order,
  favorites,
  onChoose,
  detailsHref,
  onShowOnMap,
}: Props) {
  const id = useId();
  const reason = unavailableReason(l, mode);
  const busy = order.busyId === l.id;
  const failure = order.failure?.location_id === l.id ? order.failure : null;
  const fav = favorites?.enabled ? favorites.has(l.id) : false;
  return (
    <div className="hh-loc-actions">
      <div className="hh-loc-actions__row">
        <Button
          type="button"
          variant="primary"
          className="hh-loc-actions__order"
          aria-disabled={reason || busy ? true : undefined}
          aria-describedby={reason ? `${id}-why` : failure ? `${id}-failed` : undefined}
          onClick={() => {
            if (!reason && !busy) onChoose(l);
          }}
        >
          {busy ? 'Starting your order…' : 'Order here'}
          <span className="visually-hidden"> at {l.name}</span>
        </Button>
        {detailsHref && (
          <Link className="hh-loc-actions__link" to={detailsHref}>
            Details<span className="visually-hidden"> for {l.name}</span>
          </Link>
        )}
        {onShowOnMap && (
          <button type="button" className="hh-loc-link-button" onClick={() => onShowOnMap(l)}>
            Show on map<span className="visually-hidden"> {l.name}</span>
          </button>
        )}
        {favorites?.enabled && (
          <button
            type="button"
            className="hh-loc-fav"
            aria-pressed={fav}
            aria-disabled={favorites.busy(l.id) ? true : undefined}
            onClick={() => {
              if (!favorites.busy(l.id)) void favorites.toggle(l);
            }}
          >
            <span aria-hidden="true">{fav ? '♥' : '♡'} </span>
            Favorite<span className="visually-hidden"> {l.name}</span>
          </button>
        )}
      </div>
      {reason && (
        <p id={`${id}-why`} className="hh-loc-actions__why">
          {reason}
        </p>
      )}
      {failure && (
        <p id={`${id}-failed`} className="hh-form-field__error" role="alert">
          <span aria-hidden="true">⚠ </span>
          {failure.message}
        </p>
      )}
    </div>
  );
}
