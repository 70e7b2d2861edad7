// Allergen and diet markers (docs/menu.md, "Markers"): each is a small lettered icon
// with its words for screen readers, explained by the legend.
import type { Marker } from '@henhouse/kit/api/types';
import { DIETS, MARKERS } from '@henhouse/kit/menu/rules';
import './markers.css';

export const MARKER_INFO: Record<Marker, { label: string; abbr: string }> = {
  cashew: { label: 'Cashew', abbr: 'Ca' },
  dairy: { label: 'Dairy', abbr: 'D' },
  egg: { label: 'Egg', abbr: 'E' },
  fish: { label: 'Fish', abbr: 'F' },
  gluten: { label: 'Gluten', abbr: 'G' },
  milk: { label: 'Milk', abbr: 'M' },
  nuts: { label: 'Tree nuts', abbr: 'N' },
  peanut: { label: 'Peanut', abbr: 'P' },
  sesame: { label: 'Sesame', abbr: 'Se' },
  shellfish: { label: 'Shellfish', abbr: 'Sh' },
  soy: { label: 'Soy', abbr: 'So' },
  vegan: { label: 'Vegan', abbr: 'V' },
  walnuts: { label: 'Walnuts', abbr: 'W' },
  wheat: { label: 'Wheat', abbr: 'Wh' },
};

const isDiet = (m: Marker) => DIETS.includes(m);

/** markerText is what the icon says: "Contains gluten", or the diet ("Vegan"). */
export const markerText = (m: Marker) =>
  isDiet(m) ? MARKER_INFO[m].label : `Contains ${MARKER_INFO[m].label.toLowerCase()}`;

export function MarkerIcon({ marker }: { marker: Marker }) {
  const info = MARKER_INFO[marker];
  return (
    <span
      className={`hh-marker hh-marker--${marker}${isDiet(marker) ? ' hh-marker--diet' : ''}`}
      title={markerText(marker)}
    >
      <span aria-hidden="true">{info.abbr}</span>
      <span className="visually-hidden">{markerText(marker)}</span>
    </span>
  );
}

/** MarkerList shows a product's markers; none says so in words. */
export function MarkerList({ markers, empty }: { markers: readonly Marker[]; empty?: string }) {
  if (markers.length === 0) return empty ? <p className="hh-markers__none">{empty}</p> : null;
  return (
    <ul className="hh-markers" aria-label="Allergens and diet">
      {MARKERS.filter((m) => markers.includes(m)).map((m) => (
        <li key={m}>
          <MarkerIcon marker={m} />
        </li>
      ))}
    </ul>
  );
}

/** MarkerLegend explains every icon. */
export function MarkerLegend({ id }: { id?: string }) {
  return (
    <dl className="hh-marker-legend" id={id}>
      {MARKERS.map((m) => (
        <div key={m}>
          <dt>
            <span className={`hh-marker hh-marker--${m}${isDiet(m) ? ' hh-marker--diet' : ''}`} aria-hidden="true">
              {MARKER_INFO[m].abbr}
            </span>
          </dt>
          <dd>{markerText(m)}</dd>
        </div>
      ))}
    </dl>
  );
}
