// One location's own page: where it is (with directions), its phone, whether it is open,
// "Order here", the week's hours and the services it offers. The page title already names
// it, so the details stand under headings of their own rather than in a second card.
import type { Location } from '@henhouse/kit/api/types';
import { addressLine } from '@henhouse/kit/locations/address';
import { directionsHref, servicesOffered, telHref, todayStatus, weekHours } from '@henhouse/kit/locations/format';
import { LocationActions } from '../order/LocationActions';
import type { StartOrder } from '../order/useStartOrder';
import type { Favorites } from '../order/useFavorites';

const serviceWords = { Pickup: 'In-store pickup', Curbside: 'Curbside pickup', Delivery: 'Delivery' } as const;

export function LocationPage({
  location: l,
  order,
  favorites,
}: {
  location: Location;
  order: StartOrder;
  favorites: Favorites;
}) {
  const status = todayStatus(l);
  const services = servicesOffered(l.services);
  return (
    <div className="hh-loc-page">
      <section aria-labelledby="loc-page-visit">
        <h3 id="loc-page-visit">Visit</h3>
        <p className="hh-loc-page__address">{addressLine(l.address)}</p>
        <p className={`hh-loc-page__status hh-loc-page__status--${status.open ? 'open' : 'closed'}`}>
          {status.label}
          {status.hours && (
            <>
              {' '}
              <span aria-hidden="true">•</span> {status.hours}
            </>
          )}
        </p>
        <p className="hh-loc-page__links">
          <a href={telHref(l.phone)}>
            <span className="visually-hidden">Call </span>
            {l.phone}
          </a>
          <a href={directionsHref(l)} target="_blank" rel="noopener noreferrer">
            Directions<span className="visually-hidden"> to {l.name} (opens in a new tab)</span>
          </a>
        </p>
        <LocationActions location={l} order={order} favorites={favorites} onChoose={(x) => void order.start(x)} />
      </section>
      <section aria-labelledby="loc-page-hours">
        <h3 id="loc-page-hours">Hours</h3>
        <table className="hh-loc-hours">
          <caption className="visually-hidden">Opening hours of {l.name}, in its local time</caption>
          <tbody>
            {weekHours(l).map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="loc-page-services">
        <h3 id="loc-page-services">Services</h3>
        <ul className="hh-loc-page__services">
          {services.map((s) => (
            <li key={s}>
              {serviceWords[s]}
              {s === 'Delivery' && l.services.delivery_radius_miles > 0 && (
                <> within {l.services.delivery_radius_miles} miles</>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
