// The map as the screens use it: Leaflet and its stylesheet load in their own chunk the
// first time a map is shown, so a screen without a map (/locations/all) never fetches them.
// It is fetched after the first render (once the page's first screen is shown): the list
// does everything the map does, so it is not part of the first load (docs/shell.md,
// "First-load budget"); the placeholder keeps the map's place meanwhile.
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { firstScreen } from '@henhouse/kit/ui/firstScreen';
import { nextTask } from './nextTask';
import type { LocationMapProps } from './types';

const loadLeafletMap = () => import(/* webpackChunkName: "leaflet-map" */ './LeafletMap');
const LeafletMap = lazy(loadLeafletMap);

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

/** True once the page's first screen has been painted. */
function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void firstScreen
      .then(() => new Promise((painted) => requestAnimationFrame(painted)))
      // The task after the frame: the frame's own task already lays out the whole screen.
      .then(nextTask)
      .then(() => {
        if (!live) return;
        // The chunks are requested here rather than in the render that shows the map, which
        // is long enough with the screen's other updates. A failed load fails the lazy
        // component too, and the boundary below says so.
        loadLeafletMap().catch(() => undefined);
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

export function LocationMap(props: LocationMapProps) {
  const ready = useAfterFirstScreen();
  const placeholder = <div className="hh-loc-map__canvas hh-loc-map__canvas--loading" />;
  return (
    <div className={['hh-loc-map', props.className].filter(Boolean).join(' ')}>
      <MapBoundary>
        {ready ? (
          <Suspense fallback={placeholder}>
            <LeafletMap {...props} className={undefined} />
          </Suspense>
        ) : (
          placeholder
        )}
      </MapBoundary>
    </div>
  );
}
