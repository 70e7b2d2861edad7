// The location selector (sign-up, saved locations): shows the chosen location on the site's
// location card with "Change"; changing searches by city, state or ZIP (GET /api/locations?q=),
// near the guest (?lat=&lng=) or lists every location (docs/api.md), each result on the
// same card with its choose button. The card lists no services here.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { findLocations, type LocationQuery } from '@henhouse/kit/api/locations';
import { FieldError, Status, TextField } from '@henhouse/kit/ui/forms/Field';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { LocationCard } from '@henhouse/kit/locations/LocationCard';
import type { Location } from '@henhouse/kit/api/types';

interface Props {
  legend: string;
  value: Location | null;
  onChange: (loc: Location) => void;
  error?: string;
  /** Gets whichever control should take focus when the choice is invalid (a callback ref,
   *  as a form library's field gives, so the selector hands it each element without
   *  writing into an object it does not own). */
  focusRef?: (el: HTMLElement | null) => void;
  /** Label of the choose buttons ("Choose" by default). */
  chooseLabel?: string;
}

export function LocationSelector({ legend, value, onChange, error, focusRef, chooseLabel = 'Choose' }: Props) {
  const id = useId();
  const [changing, setChanging] = useState(!value);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Location[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  // Which control takes focus after the next render; a new object each time, so asking
  // for the same control twice focuses it twice.
  const [focusNext, setFocusNext] = useState<{ to: 'change' | 'search' } | null>(null);
  const changeRef = useRef<HTMLButtonElement | null>(null);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const errId = error ? `${id}-error` : undefined;

  // Without a location the selector is choosing one, and stays so until one is chosen
  // (adjusted while rendering: it follows from the props, no effect needs to set it).
  if (!value && !changing) setChanging(true);
  useEffect(() => {
    if (focusNext?.to === 'change') changeRef.current?.focus();
    if (focusNext?.to === 'search') searchRef.current?.focus();
  }, [focusNext]);

  const load = async (query: LocationQuery, what: string) => {
    setBusy(true);
    setSearchError(null);
    setStatus(null);
    try {
      const r = await findLocations(query);
      setResults(r.locations);
      const n = r.locations.length;
      setStatus(n === 0 ? `No locations found ${what}.` : `${n} ${n === 1 ? 'location' : 'locations'} found ${what}.`);
    } catch (e) {
      setResults(null);
      setSearchError(messageFor(e));
    } finally {
      setBusy(false);
    }
  };
  // Drawn at build time (no navigator: the sign-up page's prerendered copy), "Use my
  // location" is there, as in every browser the site supports, so the form does not move
  // down under it when the screen takes the copy's place.
  const canLocate = typeof navigator === 'undefined' || 'geolocation' in navigator;
  const search = () => {
    const q = query.trim();
    if (!q) {
      setSearchError('Enter a city, state or ZIP code to search');
      searchRef.current?.focus();
      return;
    }
    void load({ q, limit: 10 }, `near ${q}`);
  };
  const nearMe = () => {
    if (!navigator.geolocation) return;
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (p) =>
        void load(
          { lat: Number(p.coords.latitude.toFixed(4)), lng: Number(p.coords.longitude.toFixed(4)), limit: 10 },
          'near you',
        ),
      () => {
        setBusy(false);
        setSearchError("We couldn't get your location. Search by city, state or ZIP code instead.");
      },
      { timeout: 10000, maximumAge: 300000 },
    );
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // The selector sits inside another form: Enter searches instead of submitting it.
    if (e.key === 'Enter') {
      e.preventDefault();
      search();
    }
  };
  const choose = (loc: Location) => {
    onChange(loc);
    setChanging(false);
    setFocusNext({ to: 'change' });
  };

  return (
    <fieldset className="hh-acct-loc" data-invalid={error ? true : undefined} aria-describedby={errId}>
      <legend className="hh-form-field__label">{legend}</legend>
      {value && !changing ? (
        <LocationCard location={value}>
          <button
            type="button"
            className="hh-acct-btn hh-acct-btn--outline hh-acct-btn--small"
            ref={(el) => {
              changeRef.current = el;
              focusRef?.(el);
            }}
            onClick={() => {
              setChanging(true);
              setFocusNext({ to: 'search' });
            }}
          >
            Change<span className="visually-hidden"> {legend.toLowerCase()}</span>
          </button>
        </LocationCard>
      ) : (
        <>
          <div className="hh-acct-loc__search">
            <TextField
              label="City, state or ZIP code"
              name="location-search"
              type="search"
              enterKeyHint="search"
              autoComplete="postal-code"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onKey}
              error={searchError ?? undefined}
              aria-describedby={errId}
              ref={(el) => {
                searchRef.current = el;
                focusRef?.(el);
              }}
            />
            <button type="button" className="hh-acct-btn hh-acct-btn--secondary" onClick={search} disabled={busy}>
              Search
            </button>
          </div>
          <div className="hh-acct-row">
            {canLocate && (
              <button type="button" className="hh-acct-link" onClick={nearMe} disabled={busy}>
                Use my location
              </button>
            )}
            <button type="button" className="hh-acct-link" onClick={() => void load({}, 'in all')} disabled={busy}>
              Show all locations
            </button>
            {value && (
              <button
                type="button"
                className="hh-acct-link"
                onClick={() => {
                  setChanging(false);
                  setFocusNext({ to: 'change' });
                }}
              >
                Keep {value.name}
              </button>
            )}
          </div>
          <Status message={busy ? 'Searching…' : status} />
          {results && results.length > 0 && (
            <ul className="hh-acct-loc__results" aria-label="Locations found">
              {results.map((loc) => (
                <li key={loc.id} className="hh-acct-loc__result">
                  <LocationCard location={loc}>
                    <button
                      type="button"
                      className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--small"
                      onClick={() => choose(loc)}
                    >
                      {chooseLabel}
                      <span className="visually-hidden"> {loc.name}</span>
                    </button>
                  </LocationCard>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <FieldError id={errId} message={error} />
    </fieldset>
  );
}
