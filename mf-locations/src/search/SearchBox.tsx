// The search box: a labelled field named formattedAddress with place suggestions as the
// guest types (an ARIA combobox with a listbox: arrows move, Enter picks, Escape closes),
// Search, and "Use my location". Without JavaScript it is a plain GET form to /locations.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { suggestPlaces } from '@henhouse/kit/api/locations';
import type { Place } from '@henhouse/kit/api/types';
import { FieldError } from '@henhouse/kit/ui/forms/Field';
import { SEARCH_FIELD, SUGGEST_DELAY_MS, SUGGEST_MIN_CHARS } from '../map/constants';

interface Props {
  defaultValue?: string;
  /** A message about what was typed (empty, too long), tied to the field. */
  error?: string | null;
  onSearch: (q: string, place: Place | null) => void;
  onUseMyLocation: () => void;
  /** Changes with each message: a search that could not be sent puts the guest back in the field. */
  errorKey?: number;
}

export function SearchBox({ defaultValue = '', error, onSearch, onUseMyLocation, errorKey }: Props) {
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-places`;
  const hintId = `${id}-hint`;
  const errId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  // What suggestions are asked for: only what the guest typed, never a picked suggestion.
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<{ for: string; places: Place[] }>({ for: '', places: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<Place | null>(null);

  const q = typed.trim();
  const places = q.length >= SUGGEST_MIN_CHARS && found.for === q ? found.places : [];
  const expanded = open && places.length > 0;

  useEffect(() => {
    if (error) input.current?.focus();
  }, [error, errorKey]);

  // Suggestions for what was typed, after a pause; a newer key stroke cancels the request.
  useEffect(() => {
    if (q.length < SUGGEST_MIN_CHARS) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      suggestPlaces(q, ctl.signal).then(
        (r) => setFound({ for: q, places: r.places }),
        () => setFound({ for: q, places: [] }), // suggestions are a help: a failure just offers none
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [q]);

  const pick = (p: Place) => {
    setValue(p.label);
    setTyped('');
    setPicked(p);
    setOpen(false);
    setActive(-1);
    onSearch(p.label, p);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        if (places.length) setActive((a) => (a + 1) % places.length);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        if (places.length) setActive((a) => (a <= 0 ? places.length - 1 : a - 1));
        break;
      case 'Enter':
        if (expanded && active >= 0) {
          e.preventDefault();
          pick(places[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          e.preventDefault();
          setValue('');
          setTyped('');
          setPicked(null);
        }
        break;
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setOpen(false);
    setActive(-1);
    onSearch(value, picked && picked.label === value.trim() ? picked : null);
  };

  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  return (
    <form
      className="hh-loc-search"
      role="search"
      aria-label="Locations"
      action="/locations"
      method="get"
      noValidate
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="hh-form-field__label">
        Address, city, state or ZIP code
      </label>
      <p id={hintId} className="visually-hidden">
        Suggestions appear as you type: use the up and down arrows to move through them and Enter to search.
      </p>
      <div className="hh-loc-search__row">
        <div className="hh-loc-combo">
          <input
            ref={input}
            id={inputId}
            className="hh-form-input"
            name={SEARCH_FIELD}
            type="text"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errId : null, hintId].filter(Boolean).join(' ')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setTyped(e.target.value);
              setPicked(null);
              setActive(-1);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggested places"
            className="hh-loc-combo__list"
            hidden={!expanded}
          >
            {places.map((p, i) => (
              <li
                key={`${p.kind}:${p.label}`}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={i === active ? 'hh-loc-combo__option hh-loc-combo__option--active' : 'hh-loc-combo__option'}
                // Keep focus in the field: a click picks without a blur closing the list first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(p)}
                // Focus stays in the field; an assistive technology that focuses the option picks it with Enter.
                onKeyDown={(e) => {
                  if (e.key === 'Enter') pick(p);
                }}
              >
                {p.label}
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className="hh-button hh-button--secondary">
          Search
        </button>
      </div>
      <FieldError id={error ? errId : undefined} message={error ?? undefined} />
      {canLocate && (
        <button type="button" className="hh-loc-link-button" onClick={onUseMyLocation}>
          <span aria-hidden="true">◎ </span>Use my location
        </button>
      )}
      <p className="visually-hidden" role="status">
        {expanded ? `${places.length} ${places.length === 1 ? 'suggestion' : 'suggestions'}.` : ''}
      </p>
    </form>
  );
}
