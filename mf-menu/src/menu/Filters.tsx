// Search and filters (docs/menu.md, "Search and filters"): one bar, the search and a
// "Filters" button that counts the filters on, so a phone's first screen is the menu's
// products. The button opens a sheet with the filters and the marker legend; the sheet
// loads when first opened (the menu's first load stays within its budget).
import { lazy, Suspense, useId, useState } from 'react';
import type { MenuFilter } from '@henhouse/kit/menu/filter';
import { buttonClass } from '@henhouse/kit/ui/controls/Button';

const FiltersSheet = lazy(() => import('./FiltersSheet'));

/** How many filters are on: each diet and each allergen left out. */
export const activeFilters = (f: MenuFilter) => f.diet.length + f.exclude.length;

/** Search and dietary filters; every change is written to the URL by the caller. */
export function Filters({ filter, onChange }: { filter: MenuFilter; onChange: (f: MenuFilter) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // Once opened, the sheet stays mounted (closed), so closing it gives focus back.
  const [opened, setOpened] = useState(false);
  const n = activeFilters(filter);
  return (
    <div role="search" className="hh-menu-filters" aria-label="Search and filter the menu">
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Search the menu
      </label>
      <input
        id={`${id}-q`}
        type="search"
        maxLength={100}
        value={filter.q}
        placeholder="Search the menu"
        onChange={(e) => onChange({ ...filter, q: e.target.value })}
      />
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', className: 'hh-menu-filters__open' })}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {n > 0 ? `Filters (${n})` : 'Filters'}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <FiltersSheet open={open} filter={filter} onChange={onChange} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
