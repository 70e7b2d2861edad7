// STAND-IN until the kit's location card lands: name, address, distance, phone.
import type { ReactNode } from 'react';
import type { Location } from '@henhouse/kit/api/types';

interface Props {
  location: Location;
  showServices?: boolean;
  headingLevel?: 2 | 3 | 4;
  selected?: boolean;
  children?: ReactNode;
}

export function ResultCard({ location, headingLevel = 3, children }: Props) {
  const H = `h${headingLevel}` as const;
  return (
    <article className="hh-loc-card">
      <H>{location.name}</H>
      <p>
        {location.address.street}, {location.address.city}, {location.address.state} {location.address.zip}
        {typeof location.distance_miles === 'number' && ` • ${location.distance_miles.toFixed(1)} mi`}
      </p>
      <p>{location.open_now ? 'Open now' : 'Closed now'}</p>
      {children}
    </article>
  );
}
