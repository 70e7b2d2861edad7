// The results as a list: the accessible path through the search. Each result is the kit's
// location card with what can be done there; everything a marker does is here too.
import { useEffect, useRef, type ReactNode } from 'react';
import type { Location } from '@henhouse/kit/api/types';
import { scrollBehavior } from '../lib/motion';
import { LocationCard } from '@henhouse/kit/locations/LocationCard';
import type { Selection } from './state';

interface Props {
  locations: Location[];
  selected: Selection | null;
  /** The list's accessible name. */
  label: string;
  /** Services (pickup, curbside, delivery) on each card. */
  showServices?: boolean;
  headingLevel?: 2 | 3 | 4;
  actions: (location: Location, index: number) => ReactNode;
}

export const resultId = (id: string) => `loc-result-${id}`;

export function ResultsList({ locations, selected, label, showServices = true, headingLevel = 3, actions }: Props) {
  const list = useRef<HTMLOListElement>(null);

  // A marker chosen on the map brings its result into view (without taking focus from where
  // the guest is).
  useEffect(() => {
    if (selected?.by !== 'map') return;
    const el = list.current?.ownerDocument.getElementById(resultId(selected.id));
    el?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [selected]);

  return (
    <ol ref={list} className="hh-loc-results" aria-label={label}>
      {locations.map((l, i) => {
        const on = selected?.id === l.id;
        return (
          <li
            key={l.id}
            id={resultId(l.id)}
            className={on ? 'hh-loc-results__item hh-loc-results__item--selected' : 'hh-loc-results__item'}
          >
            <span className="hh-loc-results__n" aria-hidden="true">
              {i + 1}
            </span>
            <LocationCard
              location={l}
              showServices={showServices}
              headingLevel={headingLevel}
              selected={on}
              className="hh-loc-results__card"
            >
              {actions(l, i)}
            </LocationCard>
          </li>
        );
      })}
    </ol>
  );
}
