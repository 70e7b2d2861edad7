// One location's page: its card, the week's hours, services, phone and directions, and
// "Order here".
import type { Location } from '@henhouse/kit/api/types';
import { ResultCard } from '../search/ResultCard';
import { LocationActions } from '../order/LocationActions';
import type { StartOrder } from '../order/useStartOrder';
import type { Favorites } from '../order/useFavorites';

export function LocationPage({
  location,
  order,
  favorites,
}: {
  location: Location;
  order: StartOrder;
  favorites: Favorites;
}) {
  return (
    <div className="hh-loc-page">
      <ResultCard location={location} headingLevel={3} showServices>
        <LocationActions
          location={location}
          order={order}
          favorites={favorites}
          onChoose={(l) => void order.start(l)}
        />
      </ResultCard>
    </div>
  );
}
