// The one location card of the site (search results, cart drawer, sign-up and saved
// locations): the name, then the details separated by "•": address, phone, open or closed
// now with today's hours, the distance when there is one and, in search results only,
// the services. Actions (choose, change, favorite) come as children after the details.
import { Fragment, type ReactNode } from 'react';
import type { Location } from '@henhouse/kit/api/types';
import { addressLine } from '@henhouse/kit/locations/address';
import { distanceLabel, servicesOffered, telHref, todayStatus } from '@henhouse/kit/locations/format';
import './LocationCard.css';

export interface LocationCardProps {
  location: Location;
  /** List the services (pickup, curbside, delivery): search results only; the cart drawer
   *  and the account screens never list them. */
  showServices?: boolean;
  /** The name as a heading of this level; a paragraph without one. */
  headingLevel?: 2 | 3 | 4;
  /** The result the guest selected (on the map, say): highlighted and marked current. */
  selected?: boolean;
  /** The card's id; the name then has the id `${id}-name`, for aria-labelledby. */
  id?: string;
  className?: string;
  /** Actions, after the details. */
  children?: ReactNode;
}

/** A "•" between details: screen readers skip it (they would read "bullet"). */
function Sep() {
  return (
    <>
      {' '}
      <span className="hh-loc-card__sep" aria-hidden="true">
        •
      </span>{' '}
    </>
  );
}

function joined(parts: ReactNode[]) {
  return parts.map((p, i) => (
    <Fragment key={i}>
      {i > 0 && <Sep />}
      {p}
    </Fragment>
  ));
}

export function LocationCard({
  location: loc,
  showServices,
  headingLevel,
  selected,
  id,
  className,
  children,
}: LocationCardProps) {
  const status = todayStatus(loc);
  const distance = distanceLabel(loc.distance_miles);
  const services = showServices ? servicesOffered(loc.services) : [];
  const Name = headingLevel ? (`h${headingLevel}` as const) : 'p';
  const line2: ReactNode[] = [];
  if (loc.phone)
    line2.push(
      <a key="phone" className="hh-loc-card__phone" href={telHref(loc.phone)}>
        {loc.phone}
      </a>,
    );
  line2.push(
    <span key="status" className={`hh-loc-card__status hh-loc-card__status--${status.open ? 'open' : 'closed'}`}>
      {status.label}
    </span>,
  );
  if (status.hours)
    line2.push(
      <span key="hours" className="hh-loc-card__hours">
        {status.hours}
      </span>,
    );
  if (distance)
    line2.push(
      <span key="distance" className="hh-loc-card__distance">
        {distance}
      </span>,
    );

  return (
    <div
      id={id}
      className={['hh-loc-card', selected && 'hh-loc-card--selected', className].filter(Boolean).join(' ')}
      aria-current={selected ? 'true' : undefined}
    >
      <Name id={id ? `${id}-name` : undefined} className="hh-loc-card__name">
        {loc.name}
      </Name>
      <p className="hh-loc-card__details">
        <span className="hh-loc-card__address">{addressLine(loc.address)}</span>
      </p>
      <p className="hh-loc-card__details">{joined(line2)}</p>
      {services.length > 0 && (
        <p className="hh-loc-card__details hh-loc-card__services">
          <span className="visually-hidden">Services: </span>
          {joined(services)}
        </p>
      )}
      {children != null && children !== false && <div className="hh-loc-card__actions">{children}</div>}
    </div>
  );
}
