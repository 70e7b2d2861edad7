// The question of docs/menu.md, "Choosing a location": a search (city, state or ZIP) and
// the nearest locations serving this menu. Loaded when first asked (./ChooseLocation.tsx).
import { useState, type FormEvent } from 'react';
import { Link } from '@henhouse/kit/router';
import { findLocations } from '@henhouse/kit/api/locations';
import type { Location } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { distanceLabel } from '@henhouse/kit/locations/format';
import { Dialog } from '@henhouse/kit/ui/Dialog';

type Found =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done'; locations: Location[] }
  | { status: 'error'; message: string };

/** The question: a search (city, state or ZIP) and the nearest locations serving this menu. */
export default function ChooseLocation({
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
