// "Which location is it about?": a search-as-you-type field over the restaurants, the kit's
// ARIA combobox with a listbox (kit/src/ui/combobox.ts: arrows move, Enter or a click
// picks, Escape closes, then clears). What the guest types goes to the location search
// (GET /api/locations?q=, the nearest restaurants to a city, ZIP or address) after a pause
// of the kit's fetch delay; a newer key stroke cancels the request before it is sent.
import { useId, useState } from 'react';
import { findLocations } from '@henhouse/kit/api/locations';
import type { Location } from '@henhouse/kit/api/types';
import { addressLine } from '@henhouse/kit/locations/address';
import { useCombobox, useTypedSearch } from '@henhouse/kit/ui/combobox';
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

  const q = value && text === value.name ? '' : text.trim();
  const searched = q.length >= MIN_CHARS && found.for === q;
  const options = searched ? found.locations : [];

  useTypedSearch(q.length >= MIN_CHARS ? q : '', (asked, signal) => {
    findLocations({ q: asked, limit: MAX_OPTIONS }, signal).then(
      (r) => setFound({ for: asked, locations: r.locations.slice(0, MAX_OPTIONS), failed: false }),
      // A place the search does not know ("Qwx") is no error of the form: it lists none.
      (e: unknown) => {
        if ((e as Error)?.name !== 'AbortError') setFound({ for: asked, locations: [], failed: true });
      },
    );
  });

  const combo = useCombobox({
    id: listId,
    items: options,
    // The popup shows from the first searched length on: the restaurants, or "none found".
    available: q.length >= MIN_CHARS,
    // Enter picks the highlighted restaurant; it never sends the form from this field.
    enterSubmits: false,
    onSelect: (loc) => {
      setText(loc.name);
      onChange(loc);
      onTypedChange?.(false);
    },
    onInputChange: (t) => {
      setText(t);
      if (value) onChange(null);
      onTypedChange?.(t.trim() !== '');
    },
    onClear: () => {
      setText('');
      if (value) onChange(null);
      onTypedChange?.(false);
    },
  });

  let status = '';
  if (combo.open && searched)
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
      <div className="hh-combo hh-contact-combo">
        <input
          id={inputId}
          name="location"
          className="hh-form-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          {...combo.inputProps}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errId, hintId)}
          value={text}
        />
        <ul {...combo.listProps} aria-label="Restaurants" className="hh-combo__list">
          {options.map((loc, i) => (
            <li
              key={loc.id}
              {...combo.optionProps(i)}
              className={
                i === combo.active
                  ? 'hh-combo__option hh-combo__option--active hh-contact-combo__option'
                  : 'hh-combo__option hh-contact-combo__option'
              }
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
      {combo.open && searched && options.length === 0 && (
        <p className="hh-form-field__hint" aria-hidden="true">
          {status}
        </p>
      )}
    </div>
  );
}
