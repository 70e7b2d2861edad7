// The map as the screens use it: Leaflet and its stylesheet load in their own chunk the
// first time a map is shown, so a screen without a map (/locations/all) never fetches them.
// It is fetched after the first render (once the page's first screen is shown), and on
// the search page after the first search's results are listed: the list does everything
// the map does, so it is not part of the first load (docs/shell.md, "First-load budget")
// and must not delay the results (docs/locations.md, "The first results come first"). The
// placeholder keeps the map's place meanwhile. A map behind an open dialog (the welcome
// popup of a first visit) waits for it to close: nothing behind a modal can be used, and
// the map's code and drawing would only keep the dialog's buttons from answering
// (docs/locations.md, "Where the map's code loads").
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { firstScreen } from '@henhouse/kit/ui/firstScreen';
import { whenUncovered } from '@henhouse/kit/ui/uncovered';
import { nextTask } from '../lib/nextTask';
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

/** True once the page's first screen has been painted, the screen no longer holds the
 *  map back and no dialog covers the page; it stays true. */
function useMapReady(hold: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (hold || ready) return;
    let live = true;
    void firstScreen
      .then(() => new Promise((painted) => requestAnimationFrame(painted)))
      // The task after the frame: the frame's own task already lays out the whole screen.
      .then(nextTask)
      .then(() => whenUncovered())
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
  }, [hold, ready]);
  return ready;
}

export function LocationMap({ hold = false, ...props }: LocationMapProps) {
  const ready = useMapReady(hold);
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
