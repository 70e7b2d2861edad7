// The search box: a labelled field named formattedAddress with place suggestions as the
// guest types (the kit's ARIA combobox with a listbox, kit/src/ui/combobox.ts: arrows
// move, Enter picks, Escape closes),
// Search, and "Use my location". Without JavaScript it is a plain GET form to /locations.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { suggestPlaces } from '@henhouse/kit/api/locations';
import type { Place } from '@henhouse/kit/api/types';
import { useCombobox, useTypedSearch } from '@henhouse/kit/ui/combobox';
import { Button } from '@henhouse/kit/ui/controls';
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
  const [picked, setPicked] = useState<Place | null>(null);

  const q = typed.trim();
  const places = q.length >= SUGGEST_MIN_CHARS && found.for === q ? found.places : [];

  useEffect(() => {
    if (error) input.current?.focus();
  }, [error, errorKey]);

  // Suggestions for what was typed, after a pause; a newer key stroke cancels the request.
  useTypedSearch(
    q.length >= SUGGEST_MIN_CHARS ? q : '',
    (asked, signal) => {
      suggestPlaces(asked, signal).then(
        (r) => setFound({ for: asked, places: r.places }),
        () => setFound({ for: asked, places: [] }), // suggestions are a help: a failure just offers none
      );
    },
    SUGGEST_DELAY_MS,
  );

  const combo = useCombobox({
    id: listId,
    items: places,
    onSelect: (p) => {
      setValue(p.label);
      setTyped('');
      setPicked(p);
      onSearch(p.label, p);
    },
    onInputChange: (t) => {
      setValue(t);
      setTyped(t);
      setPicked(null);
    },
    onClear: () => {
      setValue('');
      setTyped('');
      setPicked(null);
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    combo.close();
    onSearch(value, picked && picked.label === value.trim() ? picked : null);
  };

  // Drawn at build time (no navigator: the page's prerendered copy), the button is there,
  // as in every browser the site supports, so the screen does not move it in when it
  // takes the copy's place.
  const canLocate = typeof navigator === 'undefined' || 'geolocation' in navigator;

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
        <div className="hh-combo hh-loc-combo">
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
            {...combo.inputProps}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errId : null, hintId].filter(Boolean).join(' ')}
            value={value}
          />
          <ul {...combo.listProps} aria-label="Suggested places" className="hh-combo__list">
            {places.map((p, i) => (
              <li
                key={`${p.kind}:${p.label}`}
                {...combo.optionProps(i)}
                className={
                  i === combo.active
                    ? 'hh-combo__option hh-combo__option--active hh-loc-combo__option'
                    : 'hh-combo__option hh-loc-combo__option'
                }
              >
                {p.label}
              </li>
            ))}
          </ul>
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
      <FieldError id={error ? errId : undefined} message={error ?? undefined} />
      {canLocate && (
        <button type="button" className="hh-loc-link-button" onClick={onUseMyLocation}>
          <span aria-hidden="true">◎ </span>Use my location
        </button>
      )}
      <p className="visually-hidden" role="status">
        {combo.expanded ? `${places.length} ${places.length === 1 ? 'suggestion' : 'suggestions'}.` : ''}
      </p>
    </form>
  );
}
