// City names on the offline map (docs/locations.md, "The offline base layer"): the US
// cities of 100,000 people or more (us-cities.json, made from GeoNames by
// scripts/us-cities.mjs), in a chunk of their own that loads after the state shapes. Each
// view labels the biggest cities first and skips any name that would overlap one already
// placed, so a name never covers another; a closer view shows smaller cities. The names
// are quiet text under the markers, hidden from screen readers (the list names every
// location; the map region is a picture of them).
import * as L from 'leaflet';

/** [name, longitude, latitude, population] */
export type City = readonly [string, number, number, number];

/** Credited in the map's corner with the state shapes (baseLayer.ts). */
export const CITIES_ATTRIBUTION = 'GeoNames (CC BY 4.0)';

/** The smallest city named at a zoom: at the country's view only the largest. */
export function minPopulation(zoom: number): number {
  if (zoom < 5) return 1_000_000;
  if (zoom < 6) return 500_000;
  if (zoom < 7) return 250_000;
  return 0;
}

/** A label's box around its point, in CSS pixels: about 7 px a letter at the labels' size. */
export const labelBox = (name: string) => ({ w: name.length * 7 + 8, h: 18 });

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * placeLabels chooses the cities to name in a view of `size` pixels: those big enough for
 * the zoom, inside the view, biggest first, each only if its box overlaps none already
 * chosen (nor that of a bigger city in view whose name would cross the edge). `project` gives a city's point in the view's pixels; `cities` are biggest first.
 */
export function placeLabels(
  cities: readonly City[],
  zoom: number,
  size: { x: number; y: number },
  project: (lat: number, lng: number) => { x: number; y: number },
): City[] {
  const min = minPopulation(zoom);
  const placed: Box[] = [];
  const out: City[] = [];
  for (const city of cities) {
    if (city[3] < min) break;
    const p = project(city[2], city[1]);
    const { w, h } = labelBox(city[0]);
    const box = { x: p.x - w / 2, y: p.y - h / 2, w, h };
    if (placed.some((b) => overlaps(b, box))) continue;
    if (box.x < 0 || box.y < 0 || box.x + w > size.x || box.y + h > size.y) {
      // A city in view whose name would cross the edge is not named, but keeps its place:
      // a smaller neighbour is not named for it (Brooklyn beside an unnamed New York City).
      if (p.x >= 0 && p.y >= 0 && p.x <= size.x && p.y <= size.y) placed.push(box);
      continue;
    }
    placed.push(box);
    out.push(city);
  }
  return out;
}

/** The pane of the names: over the state shapes (300), under the searched place and the
 *  markers (overlay 400, markers 600). */
export const PLACES_PANE = 'placesPane';

/** addCityLabels names the cities of each view of the map until it is removed. */
export function addCityLabels(map: L.Map, cities: readonly City[]): void {
  const pane = map.createPane(PLACES_PANE);
  pane.style.zIndex = '350';
  pane.style.pointerEvents = 'none';
  pane.setAttribute('aria-hidden', 'true');
  const layer = L.layerGroup().addTo(map);
  const draw = () => {
    layer.clearLayers();
    const chosen = placeLabels(cities, map.getZoom(), map.getSize(), (lat, lng) =>
      map.latLngToContainerPoint([lat, lng]),
    );
    for (const [name, lng, lat] of chosen) {
      const { w, h } = labelBox(name);
      // An element, not HTML text for Leaflet to parse.
      const text = document.createElement('span');
      text.textContent = name;
      L.marker([lat, lng], {
        pane: PLACES_PANE,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'hh-loc-city', html: text, iconSize: [w, h] }),
      }).addTo(layer);
    }
  };
  draw();
  map.on('zoomend moveend resize', draw);
}
