// The search's results with what can be done at each location, and the dialogs that
// choosing one can raise. Not part of the screen's first load: every search waits for the
// edge, so Search fetches this file when it starts its first search and both arrive
// together (docs/locations.md, "Where the list's code loads").
import type { HandoffMode, Location } from '@henhouse/kit/api/types';
import { ResultsList } from './ResultsList';
import type { Selection } from './state';
import { LocationActions } from '../order/LocationActions';
import { useFavorites } from '../order/useFavorites';
import type { StartOrder } from '../order/useStartOrder';
import { locationPath } from '../lib/places';

export { OrderDialogs } from '../order/OrderDialogs';

interface Props {
  /** The list's accessible name: the results heading. */
  label: string;
  locations: Location[];
  selected: Selection | null;
  mode: HandoffMode;
  order: StartOrder;
  onChoose: (location: Location) => void;
  onShowOnMap: (location: Location) => void;
}

export function SearchResults({ label, locations, selected, mode, order, onChoose, onShowOnMap }: Props) {
  // A member's favorites load with the list, the only place they show.
  const favorites = useFavorites();
  return (
    <ResultsList
      label={label}
      locations={locations}
      selected={selected}
      actions={(l) => (
        <LocationActions
          location={l}
          mode={mode}
          order={order}
          favorites={favorites}
          onChoose={onChoose}
          detailsHref={locationPath(l)}
          onShowOnMap={onShowOnMap}
        />
      )}
    />
  );
}
