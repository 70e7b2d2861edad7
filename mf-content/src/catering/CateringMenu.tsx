// The catering menu (docs/catering.md): the packages of the guest's location, its
// occasions, and a search by text, occasion and headcount through GET /api/catering/search.
// Each card shows the package's price: a catering order is planned by its cost (the menu's
// product cards leave prices out, catering pages do not).
import { useEffect, useId, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import { searchCatering } from '@henhouse/kit/api/menu';
import type { Catering } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import { MarkerList } from '@henhouse/kit/menu/markers';
import { useAppStore } from '@henhouse/kit/state/store';
import { LoadFailed } from '@henhouse/kit/ui/Status';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { Chips } from '@henhouse/kit/ui/controls/choices';
import { addPackages, leadNote } from './addToCart';

const PLACEHOLDER = '/static/img/products/placeholder.webp';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function CateringMenu({
  title,
  text,
  catering,
  menuId,
}: {
  title?: string;
  text?: string;
  catering: Catering;
  menuId: string;
}) {
  const id = useId();
  const location = useAppStore((s) => s.location);
  const [q, setQ] = useState('');
  const [occasion, setOccasion] = useState('');
  const [guests, setGuests] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announce, setAnnounce] = useState('');
  const chosen = catering.occasions.find((o) => o.id === occasion);
  const query = useDebounced({ q: q.trim(), occasion, guests: guests.trim() }, 300);
  const headcount = Number(query.guests);
  const badGuests =
    query.guests !== '' &&
    (!Number.isInteger(headcount) || headcount < catering.min_headcount || headcount > catering.max_headcount);
  const key = badGuests ? null : JSON.stringify([menuId, query]);
  const found = useLoad(key, (signal) =>
    searchCatering(
      {
        q: query.q || undefined,
        occasion: query.occasion || undefined,
        headcount: query.guests ? headcount : undefined,
        menu_id: menuId || undefined,
      },
      signal,
    ).then((r) => r.packages),
  );
  const canOrder = !!location && catering.packages.length > 0;

  async function add(pkg: { id: string; name: string; quantity: number }) {
    if (!location) return;
    setBusyId(pkg.id);
    setErrors((e) => ({ ...e, [pkg.id]: '' }));
    setAnnounce('');
    try {
      const qty = Math.max(1, pkg.quantity);
      const cart = await addPackages(location, [{ id: pkg.id, name: pkg.name, quantity: qty }]);
      setAnnounce(`Added ${qty} ${pkg.name} to your cart. ${cart.item_count} items in your cart.`);
    } catch (e) {
      setErrors((x) => ({ ...x, [pkg.id]: messageFor(e) }));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="hh-block hh-catering-menu" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title || 'Catering menu'}</h2>
      {text && <p>{text}</p>}
      {!location && (
        <p className="hh-catering-note">
          <Link to="/locations">Choose a location</Link> to see its catering prices and order.
        </p>
      )}
      {location && catering.packages.length === 0 && (
        <p className="hh-catering-note">
          {location.name} does not offer catering. <Link to="/locations">Choose another location</Link>.
        </p>
      )}
      {canOrder && <p className="hh-catering-note">{leadNote(catering.lead_hours)}</p>}

      <div role="search" aria-label="Search catering" className="hh-catering-search">
        <div className="hh-catering-field">
          <label htmlFor={`${id}-q`}>Search catering</label>
          <input
            id={`${id}-q`}
            type="search"
            maxLength={100}
            value={q}
            placeholder="Tray, wings, dessert…"
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <div className="hh-catering-field">
          <label htmlFor={`${id}-guests`}>Guests (optional)</label>
          <input
            id={`${id}-guests`}
            type="number"
            inputMode="numeric"
            min={catering.min_headcount}
            max={catering.max_headcount}
            value={guests}
            aria-invalid={badGuests || undefined}
            aria-describedby={badGuests ? `${id}-guests-err` : undefined}
            onChange={(e) => setGuests(e.target.value)}
          />
          {badGuests && (
            <p id={`${id}-guests-err`} className="hh-catering-error">
              Enter a number of guests from {catering.min_headcount} to {catering.max_headcount}.
            </p>
          )}
        </div>
        <Chips
          legend="Occasion"
          name={`${id}-occasion`}
          value={occasion}
          options={[
            { value: '', label: 'All occasions' },
            ...catering.occasions.map((o) => ({ value: o.id, label: o.name })),
          ]}
          onChange={setOccasion}
        >
          {chosen && <p className="hh-catering-hint">{chosen.description}</p>}
        </Chips>
      </div>

      <p role="status" className="hh-catering-count">
        {found.status === 'ready' ? `${found.data.length} ${found.data.length === 1 ? 'package' : 'packages'}` : ''}
      </p>
      {found.status === 'error' && <LoadFailed className="hh-catering-error" error={found.error} retry={found.retry} />}
      {found.status === 'ready' && (
        <ul className="hh-catering-grid">
          {found.data.map((p) => (
            <li key={p.id}>
              <article className="hh-catering-card">
                <img src={p.image || PLACEHOLDER} alt="" width={400} height={300} loading="lazy" />
                <div className="hh-catering-card__body">
                  <h3>{p.name}</h3>
                  <p className="hh-catering-card__price">
                    {money(p.price_cents)}
                    <span className="hh-catering-hint">
                      {' '}
                      · serves {p.serves} a {p.unit}
                    </span>
                  </p>
                  <p>{p.description}</p>
                  {p.quantity > 0 && (
                    <p className="hh-catering-card__qty">
                      {p.quantity} for {headcount} guests
                    </p>
                  )}
                  <MarkerList markers={p.markers} />
                  {canOrder && (
                    <Button
                      type="button"
                      variant="primary"
                      full
                      className="hh-catering-card__add"
                      aria-label={`Add${p.quantity > 1 ? ` ${p.quantity}` : ''}: ${p.name}`}
                      disabled={busyId === p.id}
                      onClick={() => add(p)}
                    >
                      {busyId === p.id ? 'Adding…' : p.quantity > 1 ? `Add ${p.quantity}` : 'Add'}
                    </Button>
                  )}
                  {errors[p.id] && (
                    <p role="alert" className="hh-catering-error">
                      {errors[p.id]}
                    </p>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </section>
  );
}
