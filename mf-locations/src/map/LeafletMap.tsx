// The one module that uses Leaflet (docs/locations.md, "Map"). It draws what the screen
// holds, markers, the frame and the selection, and reports marker clicks; it keeps no state
// of its own. jsdom cannot lay out a map, so screen tests replace ./LocationMap.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
// The cluster plugin extends the `L` that Leaflet's bundle puts on window, so it comes after it.
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { addBaseLayer, maxZoom } from './baseLayer';
import { nextTask } from '../lib/nextTask';
import { inSlices } from './slices';
import { scrollBehavior } from '../lib/motion';
import {
  CLUSTER_RADIUS_PX,
  COUNTRY,
  FRAME_PADDING_BOTTOM_RIGHT,
  FRAME_PADDING_TOP_LEFT,
  INITIAL_CENTER,
  MARKER_OFFSET,
  MULTIPLE_RESULTS_MAX_ZOOM,
  RESULTS_ZOOM,
  SINGLE_RESULT_ZOOM,
  initialZoom,
} from './constants';
import type { LocationMapProps, MapMarker, MapPoint } from './types';

/** The round marker, drawn centred on its point (locations.css, .hh-loc-pin). */
const PIN_PX = 26;

function pinIcon(n: number, selected: boolean): L.DivIcon {
  // An element, not HTML text: Leaflet would parse the text for each marker (1–3 ms each
  // on a slow phone, in the task that places the markers).
  const number = document.createElement('span');
  number.setAttribute('aria-hidden', 'true');
  number.textContent = String(n);
  return L.divIcon({
    className: selected ? 'hh-loc-pin hh-loc-pin--selected' : 'hh-loc-pin',
    html: number,
    iconSize: [PIN_PX, PIN_PX],
    iconAnchor: [PIN_PX / 2, PIN_PX / 2],
    tooltipAnchor: [0, 0],
  });
}

const latLng = (p: MapPoint): L.LatLngTuple => [p.lat, p.lng];

/** A cluster's name: what it holds and what activating it does. */
export const clusterName = (n: number) => `${n} locations, zoom in`;

/** The round count of markers too close to tell apart, a button (Leaflet makes a marker's
 *  icon a focusable role="button" that answers Enter; the plugin zooms into the cluster
 *  on a click or Enter), 44 px so it is easy to tap. */
function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const n = cluster.getChildCount();
  const count = document.createElement('span');
  count.setAttribute('aria-hidden', 'true');
  count.textContent = String(n);
  const icon = L.divIcon({
    className: 'hh-loc-cluster',
    html: count,
    iconSize: [CLUSTER_PX, CLUSTER_PX],
    iconAnchor: [CLUSTER_PX / 2, CLUSTER_PX / 2],
  });
  const create = icon.createIcon.bind(icon);
  icon.createIcon = (old) => {
    const el = create(old);
    el.setAttribute('aria-label', clusterName(n));
    return el;
  };
  return icon;
}
const CLUSTER_PX = 44;

export default function LeafletMap({ markers, view, selected, onSelect, label, className }: LocationMapProps) {
  const el = useRef<HTMLDivElement>(null);
  // The map once it has its first view; the frame, the markers and the selection wait for it.
  const [map, setMap] = useState<L.Map | null>(null);
  const markerLayer = useRef<L.MarkerClusterGroup | null>(null);
  // The searched place's dot, never clustered.
  const placeLayer = useRef<L.LayerGroup | null>(null);
  const byId = useRef(new Map<string, { marker: L.Marker; n: number }>());
  // The markers once all are on the map; the selection waits for them.
  const [placed, setPlaced] = useState<readonly MapMarker[] | null>(null);
  // The marker drawn as selected now: a new icon is a new element, so only markers whose
  // selection changes get one.
  const drawnSelected = useRef<string | null>(null);
  const report = useEffectEvent((id: string) => onSelect(id));

  // The map is made once, with its base layer; it goes when the screen does. Made in one go
  // with its first view and markers it would be a long task (over 50 ms) on a slow phone, so
  // it takes three: the map with its controls; its first view (which measures the map) and
  // base layer; then, through `map`, the frame, the markers and the selection.
  useEffect(() => {
    if (!el.current) return;
    const made = L.map(el.current, {
      // Tenths of a zoom level, so the first view can be 5.2.
      zoomSnap: 0.1,
      zoomDelta: 1,
      // Clusters need to know where zooming in ends.
      maxZoom: maxZoom(),
      // A scroll over the page scrolls the page: the wheel zooms only while the map has
      // focus (a click or Tab puts it there), below. The zoom buttons, a double click, a
      // pinch or the keyboard (+/-) zoom the map at any time.
      scrollWheelZoom: false,
      // Reduced motion: zooms and fades happen at once.
      ...(scrollBehavior() === 'auto'
        ? { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false }
        : {}),
    });
    made.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    made.on('focus', () => made.scrollWheelZoom.enable());
    made.on('blur', () => made.scrollWheelZoom.disable());
    const ids = byId.current;
    // The layout changes the map's size (a phone turned, the two columns from 900 px).
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => made.invalidateSize()) : null;
    resized?.observe(el.current);
    let live = true;
    void (async () => {
      await nextTask();
      if (!live) return;
      // Layers wait for a view; the base layer's shapes are drawn as they arrive.
      made.setView([...INITIAL_CENTER], initialZoom(), { animate: false });
      void addBaseLayer(made);
      placeLayer.current = L.layerGroup().addTo(made);
      // Markers closer than a marker's width are one cluster (a count), so none hides another.
      markerLayer.current = L.markerClusterGroup({
        maxClusterRadius: CLUSTER_RADIUS_PX,
        showCoverageOnHover: false,
        iconCreateFunction: clusterIcon,
        // Reduced motion: clusters open and close at once.
        animate: scrollBehavior() === 'smooth',
      }).addTo(made);
      await nextTask();
      if (live) setMap(made);
    })();
    return () => {
      live = false;
      resized?.disconnect();
      made.remove();
      setMap(null);
      markerLayer.current = null;
      placeLayer.current = null;
      ids.clear();
    };
  }, []);

  // The frame: the country at first; then each new set of results.
  // It comes before the markers, so they are placed once, in the new frame. Setting a view
  // redraws every layer even when nothing moves, so a view the map already has is kept.
  useEffect(() => {
    if (!map) return;
    const show = (center: L.LatLngTuple, zoom: number) => {
      if (map.getZoom() === zoom && map.getCenter().equals(center)) return;
      map.setView(center, zoom, { animate: false });
    };
    if (view.kind === 'initial') {
      show([...INITIAL_CENTER], initialZoom());
      return;
    }
    const points = markers.map(latLng);
    if (points.length === 1 && !view.center) {
      show(points[0], SINGLE_RESULT_ZOOM);
    } else if (points.length === 0) {
      if (view.center) show(latLng(view.center), RESULTS_ZOOM);
    } else {
      if (view.center) points.push(latLng(view.center));
      const bounds = L.latLngBounds(points);
      if (points.length === 1 || bounds.getNorthEast().equals(bounds.getSouthWest())) {
        show(points[0], SINGLE_RESULT_ZOOM);
      } else {
        // Padded so no marker (nor the selected one's name) sits under the zoom buttons at
        // the top left, the credit line at the bottom right, or the map's edge.
        map.fitBounds(bounds, {
          paddingTopLeft: [...FRAME_PADDING_TOP_LEFT],
          paddingBottomRight: [...FRAME_PADDING_BOTTOM_RIGHT],
          maxZoom: MULTIPLE_RESULTS_MAX_ZOOM,
          animate: false,
        });
      }
    }
    // Only a new view frames again; new markers for the same view (a selection) do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, view.key]);

  // Markers: one per location, numbered as the list is, added as soon as the map exists,
  // a slice at a time (ten markers at once were a task of 20 ms on a slow machine).
  useEffect(() => {
    const layer = markerLayer.current;
    if (!map || !layer) return;
    layer.clearLayers();
    byId.current.clear();
    drawnSelected.current = null;
    let live = true;
    const place = (m: MapMarker, i: number) => {
      const marker = L.marker(latLng(m), {
        icon: pinIcon(i + 1, false),
        // The list below the map does everything a marker does, by keyboard and screen
        // reader; markers are for pointers and stay out of the tab order.
        keyboard: false,
        riseOnHover: true,
      })
        .bindTooltip(m.label, { direction: 'top', offset: [0, -MARKER_OFFSET] })
        .on('click', () => report(m.id));
      marker.addTo(layer);
      byId.current.set(m.id, { marker, n: i + 1 });
    };
    void inSlices(markers, place, () => live).then((all) => all && live && setPlaced(markers));
    return () => {
      live = false;
    };
  }, [map, markers]);

  // The searched place, a small dot under the markers.
  useEffect(() => {
    const layer = placeLayer.current;
    if (!map || !layer || !view.center) return;
    const dot = L.circleMarker(latLng(view.center), {
      radius: 6,
      color: '#fff',
      weight: 2,
      fillColor: '#1a5fb4',
      fillOpacity: 1,
      interactive: false,
    }).addTo(layer);
    dot.bringToBack();
    return () => {
      layer.removeLayer(dot);
    };
  }, [map, view.center, markers]);

  // The selection: the selected marker is drawn larger, on top, with its name showing.
  useEffect(() => {
    if (placed !== markers) return;
    const now = selected && byId.current.has(selected.id) ? selected.id : null;
    for (const [id, { marker, n }] of byId.current) {
      const on = id === now;
      if (on !== (id === drawnSelected.current)) {
        marker.setIcon(pinIcon(n, on));
        marker.setZIndexOffset(on ? 1000 : 0);
      }
      if (on) marker.openTooltip();
      else marker.closeTooltip();
    }
    drawnSelected.current = now;
    const hit = selected && byId.current.get(selected.id);
    if (map && hit && selected.pan) {
      const layer = markerLayer.current;
      // A marker in a cluster is shown first (the map zooms in until it is on its own).
      if (layer && layer.getVisibleParent(hit.marker) !== hit.marker) {
        layer.zoomToShowLayer(hit.marker, () => hit.marker.openTooltip());
      } else {
        map.panTo(hit.marker.getLatLng(), { animate: scrollBehavior() === 'smooth' });
      }
    }
  }, [map, selected, markers, placed]);

  return (
    <div
      ref={el}
      className={['hh-loc-map__canvas', className].filter(Boolean).join(' ')}
      role="region"
      aria-label={label}
      data-country={COUNTRY}
    />
  );
}
