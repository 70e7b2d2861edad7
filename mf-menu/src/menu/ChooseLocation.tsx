// Choosing a location before the first item (docs/menu.md, "Choosing a location"): a menu
// opened by a link, with no location chosen and no cart, never starts a cart at a location
// picked for the guest. Adding asks which location, nearest first to what the guest types,
// and the item goes to the bag once the chosen location is shown on the page.
import { useState, type FormEvent } from 'react';
import { Link } from '@henhouse/kit/router';
import { ApiError } from '@henhouse/kit/api/client';
import { findLocations } from '@henhouse/kit/api/locations';
import type { Location } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { distanceLabel } from '@henhouse/kit/locations/format';
import { useAppStore } from '@henhouse/kit/state/store';
import { Dialog } from '@henhouse/kit/ui/Dialog';

/** What waits for a location: the item's name (for the question) and the add itself. */
interface Pending {
  what?: string;
  then?: (locationId: string) => void;
}

/** The chosen location when it sells mid: the guest's, from the store. */
const chosenFor = (mid: string) => (s: { location: Location | null }) =>
  s.location?.menu_id === mid ? s.location : null;

/**
 * useLocationChoice: the location an add goes to (the page's, else the one the guest
 * chose here), and withLocation, which runs an add at once when there is one and else
 * asks first. A refusal `location_required` from the edge asks too.
 */
export function useLocationChoice(mid: string, pageLocationId: string | undefined) {
  const chosen = useAppStore(chosenFor(mid));
  const [pending, setPending] = useState<Pending | null>(null);
  const locationId = pageLocationId ?? chosen?.id;
  const withLocation = (what: string | undefined, then: (locationId: string) => void) => {
    if (locationId) then(locationId);
    else setPending({ what, then });
  };
  const needsLocation = (e: unknown) => e instanceof ApiError && e.code === 'location_required';
  const dialog = (
    <ChooseLocation
      open={pending !== null}
      mid={mid}
      what={pending?.what}
      onCancel={() => setPending(null)}
      onChoose={(loc) => {
        useAppStore.getState().set({ location: loc });
        const then = pending?.then;
        setPending(null);
        then?.(loc.id);
      }}
    />
  );
  const ask = (what?: string, then?: (locationId: string) => void) => setPending({ what, then });
  return { locationId, chosen, withLocation, ask, needsLocation, dialog };
}

type Found =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done'; locations: Location[] }
  | { status: 'error'; message: string };

/** The question: a search (city, state or ZIP) and the nearest locations serving this menu. */
function ChooseLocation({
  open,
  mid,
  what,
  onChoose,
  onCancel,
}: {
  open: boolean;
  mid: string;
  what?: string;
  onChoose: (loc: Location) => void;
  onCancel: () => void;
}) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    setFound({ status: 'busy' });
    try {
      const r = await findLocations({ q: q.trim(), limit: 20 });
      // Only the locations that serve this menu can take this item.
      setFound({ status: 'done', locations: r.locations.filter((l) => l.menu_id === mid).slice(0, 5) });
    } catch (err) {
      setFound({ status: 'error', message: messageFor(err) });
    }
  };
  return (
    <Dialog
      open={open}
      title="Which location?"
      onCancel={onCancel}
      actions={
        <button type="button" className="hh-button hh-button--outline" onClick={onCancel}>
          Cancel
        </button>
      }
    >
      <p>
        {what ? `Choose the location that will make your ${what}.` : 'Choose the location to order from.'} Prices and
        times are the location&rsquo;s.
      </p>
      <form className="hh-choose-loc__search" role="search" onSubmit={(e) => void search(e)}>
        <div className="hh-field">
          <label htmlFor="hh-choose-loc-q">City, state or ZIP code</label>
          <input
            id="hh-choose-loc-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="postal-code"
          />
        </div>
        <button type="submit" className="hh-button hh-button--secondary" disabled={found.status === 'busy'}>
          Find locations
        </button>
      </form>
      <p role="status" className="hh-choose-loc__status">
        {found.status === 'busy'
          ? 'Finding locations…'
          : found.status === 'done'
            ? found.locations.length
              ? `${found.locations.length} nearest ${found.locations.length === 1 ? 'location serves' : 'locations serve'} this menu.`
              : 'None of the nearest locations serves this menu.'
            : ''}
      </p>
      {found.status === 'error' && (
        <p role="alert" className="hh-field__error">
          {found.message}
        </p>
      )}
      {found.status === 'done' && found.locations.length > 0 && (
        <ul className="hh-choose-loc__list">
          {found.locations.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                className="hh-button hh-button--outline hh-button--full"
                onClick={() => onChoose(l)}
              >
                Order from {l.name}
              </button>
              <span className="hh-choose-loc__addr">
                {l.address.street}, {l.address.city}, {l.address.state}
                {distanceLabel(l.distance_miles) ? ` · ${distanceLabel(l.distance_miles)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {found.status === 'done' && found.locations.length === 0 && (
        <p>
          <Link to="/locations">Find a location on the map</Link>
        </p>
      )}
    </Dialog>
  );
}
