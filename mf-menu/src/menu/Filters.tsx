import { useId } from 'react';
import type { Marker } from '@henhouse/kit/api/types';
import type { MenuFilter } from '@henhouse/kit/menu/filter';
import { MARKER_INFO, MarkerLegend } from '@henhouse/kit/menu/markers';
import { ALLERGENS, DIETS } from '@henhouse/kit/menu/rules';

/** Search and dietary filters; every change is written to the URL by the caller. */
export function Filters({ filter, onChange }: { filter: MenuFilter; onChange: (f: MenuFilter) => void }) {
  const id = useId();
  const flip = (list: Marker[], m: Marker) => (list.includes(m) ? list.filter((x) => x !== m) : [...list, m]);
  return (
    <div role="search" className="hh-menu-filters" aria-label="Search and filter the menu">
      <div className="hh-field">
        <label htmlFor={`${id}-q`}>Search the menu</label>
        <input
          id={`${id}-q`}
          type="search"
          maxLength={100}
          value={filter.q}
          placeholder="Tenders, spicy, dessert…"
          onChange={(e) => onChange({ ...filter, q: e.target.value })}
        />
      </div>
      <fieldset className="hh-menu-filters__set">
        <legend>Diet</legend>
        {DIETS.map((m) => (
          <label key={m} className="hh-check">
            <input
              type="checkbox"
              checked={filter.diet.includes(m)}
              onChange={() => onChange({ ...filter, diet: flip(filter.diet, m) })}
            />
            {MARKER_INFO[m].label} only
          </label>
        ))}
      </fieldset>
      <details className="hh-menu-filters__allergens" open={filter.exclude.length > 0 || undefined}>
        <summary>Leave out allergens{filter.exclude.length ? ` (${filter.exclude.length})` : ''}</summary>
        <fieldset className="hh-menu-filters__set">
          <legend className="visually-hidden">Leave out products containing</legend>
          {ALLERGENS.map((m) => (
            <label key={m} className="hh-check">
              <input
                type="checkbox"
                checked={filter.exclude.includes(m)}
                onChange={() => onChange({ ...filter, exclude: flip(filter.exclude, m) })}
              />
              No {MARKER_INFO[m].label.toLowerCase()}
            </label>
          ))}
        </fieldset>
      </details>
      <details className="hh-menu-filters__legend">
        <summary>What the allergen icons mean</summary>
        <MarkerLegend />
      </details>
    </div>
  );
}
