// The map's base layer. With a tile URL in the site's settings (MAP_TILE_URL on the edge,
// docs/locations.md) it is that raster tile server; without one it is drawn from data the
// site ships, so the map works with no outside service: the US state shapes of us-atlas
// (US Census Bureau cartographic boundaries, unprojected longitude/latitude), in a chunk of
// their own that loads after the map is on screen and is drawn a few states per task.
import * as L from 'leaflet';
import type { MapConfig } from '@henhouse/kit/bootstrap';
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { nextTask } from '../lib/nextTask';
import { inSlices } from './slices';
import { addCityLabels, CITIES_ATTRIBUTION } from './cityLabels';

/** Shown in the corner of the offline map: where its shapes come from. */
export const OFFLINE_ATTRIBUTION = 'US Census Bureau';

/** The map settings of the page, or none (the offline layer). */
export function mapConfig(): MapConfig | null {
  try {
    return readBootstrap().config.map ?? null;
  } catch {
    return null;
  }
}

/** The deepest zoom of the map: the tile server's, or 19 (OpenStreetMap's), offline too,
 *  where the shapes have no limit but markers close together need one to stop at (the
 *  clusters open into separate markers there). */
export function maxZoom(config: MapConfig | null = mapConfig()): number {
  return config?.tileUrl && config.maxZoom > 0 ? config.maxZoom : 19;
}

/** Light land with darker state borders; the map's own background (locations.css) is the rest of the world. */
const stateStyle: L.PathOptions = {
  color: '#a89d93',
  weight: 1,
  fillColor: '#fffdf8',
  fillOpacity: 1,
};

/** The pane of the state shapes: over the base (tile) pane, under the overlay pane, so the
 *  searched place's dot lies on the land however late the shapes arrive. */
export const STATES_PANE = 'statesPane';
const STATES_PANE_Z = '300';

/**
 * addBaseLayer puts the base layer under the markers. It returns at once; the offline shapes
 * arrive a moment later and are dropped if the map was removed meanwhile. The promise it
 * answers settles once the shapes are drawn or dropped.
 */
export function addBaseLayer(map: L.Map, config: MapConfig | null = mapConfig()): Promise<void> {
  if (config?.tileUrl) {
    L.tileLayer(config.tileUrl, {
      attribution: config.attribution,
      maxZoom: maxZoom(config),
    }).addTo(map);
    return Promise.resolve();
  }
  map.attributionControl.addAttribution(OFFLINE_ATTRIBUTION);
  // Credited from the start, with the states: the names come a moment later.
  map.attributionControl.addAttribution(CITIES_ATTRIBUTION);
  let removed = false;
  map.once('unload', () => {
    removed = true;
  });
  // The map may be removed (the guest left the page) while the shapes load or are drawn.
  const gone = () => removed || !map.getContainer().isConnected;
  return (
    Promise.all([
      import(/* webpackChunkName: "us-states" */ 'us-atlas/states-10m.json'),
      import(/* webpackChunkName: "us-states" */ 'topojson-client'),
    ])
      .then(([atlas, topojson]) => drawStates(map, atlas.default, topojson.feature, gone))
      // The city names come after the land they stand on.
      .then(() => import(/* webpackChunkName: "us-cities" */ './usCities'))
      .then(({ usCities }) => {
        if (!gone()) addCityLabels(map, usCities);
      })
      .catch(() => {
        // Without the shapes the markers still show on the plain background: nothing to tell.
      })
  );
}

type Topology = (typeof import('us-atlas/states-10m.json'))['default'];
type State = Topology['objects']['states']['geometries'][number];
type ToFeature = (topology: Topology, state: State) => GeoJSON.GeoJsonObject;

/** The most points a piece of a state holds, unless one polygon alone has more. Alaska is
 *  a quarter of all the points (its mainland 2,000, then 136 islands), too much for one
 *  slice; Texas, the next largest, stays whole. */
export const PIECE_POINTS = 700;

/**
 * pieces cuts a state of many polygons into pieces of whole polygons, each a feature with
 * the state's name, of at most PIECE_POINTS points. Polygons of one state never overlap, so
 * drawn alike the pieces look as the state drawn at once.
 */
export function pieces(topology: Topology, state: State): State[] {
  if (state.type !== 'MultiPolygon') return [state];
  const size = (polygon: number[][]) =>
    polygon.flat().reduce((n, arc) => n + topology.arcs[arc < 0 ? ~arc : arc].length, 0);
  const parts: number[][][][] = [[]];
  let points = 0;
  for (const polygon of state.arcs) {
    const n = size(polygon);
    if (parts[parts.length - 1].length > 0 && points + n > PIECE_POINTS) {
      parts.push([]);
      points = 0;
    }
    parts[parts.length - 1].push(polygon);
    points += n;
  }
  return parts.map((arcs) => ({ ...state, arcs }));
}

/**
 * drawStates converts and draws the states, in pieces, a slice at a time, each slice in a task of its
 * own, and stops when the map is gone. The pane stays hidden until every state is drawn, so
 * the land appears whole, as it would drawn in one go.
 */
async function drawStates(map: L.Map, topology: Topology, toFeature: ToFeature, gone: () => boolean) {
  const states = topology.objects.states.geometries.flatMap((state) => pieces(topology, state));
  // The chunk's own evaluation was one task; the drawing starts in the next.
  await nextTask();
  if (gone()) return;
  const pane = map.createPane(STATES_PANE);
  pane.style.zIndex = STATES_PANE_Z;
  pane.hidden = true;
  const layer = L.geoJSON(undefined, { style: stateStyle, interactive: false, pane: STATES_PANE }).addTo(map);
  // Shown only once every state is drawn; a map removed part way never shows its part.
  if (
    await inSlices(
      states,
      (state) => layer.addData(toFeature(topology, state)),
      () => !gone(),
    )
  )
    pane.hidden = false;
}
