// "Which location is it about?": a search-as-you-type field over the restaurants, an ARIA
// combobox with a listbox (arrows move, Enter or a click picks, Escape closes, then
// clears). What the guest types goes to the location search (GET /api/locations?q=, the
// nearest restaurants to a city, ZIP or address) after a pause of the kit's fetch delay;
// a newer key stroke cancels the request before it is sent.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { findLocations } from '@henhouse/kit/api/locations';
import type { Location } from '@henhouse/kit/api/types';
import { addressLine } from '@henhouse/kit/locations/format';
import { timing } from '@henhouse/kit/tokens';
import { describedBy, FieldError } from '@henhouse/kit/ui/forms/Field';

/** Fewer characters than this are not searched for: no city or ZIP is that short. */
export const MIN_CHARS = 2;
/** How many restaurants the list offers. */
export const MAX_OPTIONS = 6;

interface Props {
  label: string;
  hint?: string;
  /** The picked location. The text starts as its name; remount (key) to show another. */
  value: Location | null;
  /** The picked location, or null once the text no longer names it. */
  onChange: (loc: Location | null) => void;
  /** Whether there is text that names no picked location (the form asks to pick or clear). */
  onTypedChange?: (typed: boolean) => void;
  error?: string;
  /** The input's id (a link or the form moves focus to it). */
  id?: string;
}

type Found = { for: string; locations: Location[]; failed: boolean };

export function LocationCombobox({ label, hint, value, onChange, onTypedChange, error, id: given }: Props) {
  const id = useId();
  const inputId = given ?? `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errId = `${id}-error`;
  const [text, setText] = useState(value?.name ?? '');
  const [found, setFound] = useState<Found>({ for: '', locations: [], failed: false });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const q = value && text === value.name ? '' : text.trim();
  const searched = q.length >= MIN_CHARS && found.for === q;
  const options = searched ? found.locations : [];
  const expanded = open && q.length >= MIN_CHARS;

  useEffect(() => {
    if (q.length < MIN_CHARS) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      findLocations({ q, limit: MAX_OPTIONS }, ctl.signal).then(
        (r) => setFound({ for: q, locations: r.locations.slice(0, MAX_OPTIONS), failed: false }),
        // A place the search does not know ("Qwx") is no error of the form: it lists none.
        (e: unknown) => {
          if ((e as Error)?.name !== 'AbortError') setFound({ for: q, locations: [], failed: true });
        },
      );
    }, timing.fetchDelayMs);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [q]);

  const pick = (loc: Location) => {
    setText(loc.name);
    setOpen(false);
    setActive(-1);
    onChange(loc);
    onTypedChange?.(false);
  };

  const type = (t: string) => {
    setText(t);
    setOpen(true);
    setActive(-1);
    if (value) onChange(null);
    onTypedChange?.(t.trim() !== '');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (options.length) setActive((a) => (a + 1) % options.length);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (options.length) setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
        break;
      case 'Enter':
        // Enter picks the highlighted restaurant; it never sends the form from this field.
        e.preventDefault();
        if (expanded && active >= 0 && options[active]) pick(options[active]);
        break;
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          type('');
        }
        break;
    }
  };

  let status = '';
  if (expanded && searched)
    status = options.length
      ? `${options.length} ${options.length === 1 ? 'restaurant' : 'restaurants'} found.`
      : `No restaurants found near “${q}”. Try a city, state or ZIP code.`;

  return (
    <div className="hh-form-field">
      <label htmlFor={inputId} className="hh-form-field__label">
        {label}
        <span className="hh-form-field__optional"> (optional)</span>
      </label>
      <p id={hintId} className="hh-form-field__hint">
        {hint ?? 'Type a city, state or ZIP code, then choose the restaurant.'}
      </p>
      <div className="hh-contact-combo">
        <input
          id={inputId}
          name="location"
          className="hh-form-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errId, hintId)}
          value={text}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Restaurants"
          className="hh-contact-combo__list"
          hidden={!(expanded && options.length > 0)}
        >
          {options.map((loc, i) => (
            <li
              key={loc.id}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={
                i === active ? 'hh-contact-combo__option hh-contact-combo__option--active' : 'hh-contact-combo__option'
              }
              // Keep focus in the field: a click picks without a blur closing the list first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(loc)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') pick(loc);
              }}
            >
              <span className="hh-contact-combo__name">{loc.name}</span>
              <span className="hh-contact-combo__address">{addressLine(loc.address)}</span>
            </li>
          ))}
        </ul>
      </div>
      <FieldError id={error ? errId : undefined} message={error} />
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {expanded && searched && options.length === 0 && (
        <p className="hh-form-field__hint" aria-hidden="true">
          {status}
        </p>
      )}
    </div>
  );
}
