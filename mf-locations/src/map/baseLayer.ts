// The map's base layer. With a tile URL in the site's settings (MAP_TILE_URL on the edge,
// docs/locations.md) it is that raster tile server; without one it is drawn from data the
// site ships, so the map works with no outside service: the US state shapes of us-atlas
// (US Census Bureau cartographic boundaries, unprojected longitude/latitude), in a chunk of
// their own that loads after the map is on screen.
import * as L from 'leaflet';
import type { MapConfig } from '@henhouse/kit/bootstrap';
import { readBootstrap } from '@henhouse/kit/bootstrap';

/** Shown in the corner of the offline map: where its shapes come from. */
export const OFFLINE_ATTRIBUTION = 'States: US Census Bureau (us-atlas)';

/** The map settings of the page, or none (the offline layer). */
export function mapConfig(): MapConfig | null {
  try {
    return readBootstrap().config.map ?? null;
  } catch {
    return null;
  }
}

/** Light land with darker state borders; the map's own background (locations.css) is the rest of the world. */
const stateStyle: L.PathOptions = {
  color: '#a89d93',
  weight: 1,
  fillColor: '#fffdf8',
  fillOpacity: 1,
};

/**
 * addBaseLayer puts the base layer under the markers. It returns at once; the offline shapes
 * arrive a moment later and are dropped if the map was removed meanwhile.
 */
export function addBaseLayer(map: L.Map, config: MapConfig | null = mapConfig()): void {
  if (config?.tileUrl) {
    L.tileLayer(config.tileUrl, {
      attribution: config.attribution,
      maxZoom: config.maxZoom > 0 ? config.maxZoom : 19,
    }).addTo(map);
    return;
  }
  map.attributionControl.addAttribution(OFFLINE_ATTRIBUTION);
  void Promise.all([
    import(/* webpackChunkName: "us-states" */ 'us-atlas/states-10m.json'),
    import(/* webpackChunkName: "us-states" */ 'topojson-client'),
  ])
    .then(([atlas, topojson]) => {
      const topology = atlas.default;
      const states = topojson.feature(topology, topology.objects.states);
      // The map may have been removed (the guest left the page) while the shapes loaded.
      if (!map.getContainer().isConnected) return;
      L.geoJSON(states, { style: stateStyle, interactive: false }).addTo(map).bringToBack();
    })
    .catch(() => {
      // Without the shapes the markers still show on the plain background: nothing to tell.
    });
}
