// The map as the screens use it: Leaflet and its stylesheet load in their own chunk the
// first time a map is shown, so a screen without a map (/locations/all) never fetches them.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { LocationMapProps } from './types';

const LeafletMap = lazy(() => import(/* webpackChunkName: "leaflet-map" */ './LeafletMap'));

/** A map that fails to load leaves the list, which does everything the map does. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed)
      return (
        <p className="hh-loc-map__canvas hh-loc-map__canvas--failed">
          The map didn&rsquo;t load. Every location is in the list.
        </p>
      );
    return this.props.children;
  }
}

export function LocationMap(props: LocationMapProps) {
  return (
    <div className={['hh-loc-map', props.className].filter(Boolean).join(' ')}>
      <MapBoundary>
        <Suspense fallback={<div className="hh-loc-map__canvas hh-loc-map__canvas--loading" />}>
          <LeafletMap {...props} className={undefined} />
        </Suspense>
      </MapBoundary>
    </div>
  );
}
