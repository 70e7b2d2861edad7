// The filters' sheet (docs/menu.md, "Search and filters"): the diet and the allergens to
// leave out, with the kit's checkboxes, and what the allergen icons mean. The kit's
// Dialog takes focus in, closes on Escape or "Show results", and gives focus back.
import type { Marker } from '@henhouse/kit/api/types';
import type { MenuFilter } from '@henhouse/kit/menu/filter';
import { MARKER_INFO, MarkerLegend } from '@henhouse/kit/menu/markers';
import { ALLERGENS, DIETS } from '@henhouse/kit/menu/rules';
import { Button, Checkbox } from '@henhouse/kit/ui/controls';
import { Dialog } from '@henhouse/kit/ui/Dialog';

const flip = (list: Marker[], m: Marker) => (list.includes(m) ? list.filter((x) => x !== m) : [...list, m]);

export default function FiltersSheet({
  open,
  filter,
  onChange,
  onClose,
}: {
  open: boolean;
  filter: MenuFilter;
  onChange: (f: MenuFilter) => void;
  onClose: () => void;
}) {
  const on = filter.diet.length + filter.exclude.length > 0;
  return (
    <Dialog
      open={open}
      title="Filters"
      onCancel={onClose}
      actions={
        <>
          <Button variant="secondary" disabled={!on} onClick={() => onChange({ ...filter, diet: [], exclude: [] })}>
            Clear filters
          </Button>
          <Button variant="primary" onClick={onClose}>
            Show results
          </Button>
        </>
      }
    >
      <div className="hh-filters-sheet">
        <fieldset className="hh-filters-sheet__set">
          <legend>Diet</legend>
          {DIETS.map((m) => (
            <Checkbox
              key={m}
              name="diet"
              checked={filter.diet.includes(m)}
              onChange={() => onChange({ ...filter, diet: flip(filter.diet, m) })}
              label={`${MARKER_INFO[m].label} only`}
            />
          ))}
        </fieldset>
        <fieldset className="hh-filters-sheet__set">
          <legend>Leave out allergens</legend>
          {ALLERGENS.map((m) => (
            <Checkbox
              key={m}
              name="exclude"
              checked={filter.exclude.includes(m)}
              onChange={() => onChange({ ...filter, exclude: flip(filter.exclude, m) })}
              label={`No ${MARKER_INFO[m].label.toLowerCase()}`}
            />
          ))}
        </fieldset>
        <details className="hh-filters-sheet__legend">
          <summary>What the allergen icons mean</summary>
          <MarkerLegend />
        </details>
      </div>
    </Dialog>
  );
}
