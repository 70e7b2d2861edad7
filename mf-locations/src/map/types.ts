// The small interface between the screens and the map. The screens keep the state (what
// was found, which one is selected); the map only draws it and reports clicks, so the
// screens are tested in jsdom with a stand-in map and Leaflet stays in one module.

export interface MapPoint {
  lat: number;
  lng: number;
}

export interface MapMarker extends MapPoint {
  id: string;
  /** The location's name: the marker's label and accessible name. */
  label: string;
}

/** What the map should frame; a new `key` frames again (each new set of results). */
export interface MapView {
  key: number;
  /** 'initial': the first view of the country; 'results': the markers (and the searched place). */
  kind: 'initial' | 'results';
  /** The searched place, drawn as its own small dot and kept in the frame. */
  center?: MapPoint | null;
}

export interface LocationMapProps {
  markers: MapMarker[];
  view: MapView;
  /** The selected marker; `pan` moves the map to it (a result chosen in the list). */
  selected: { id: string; pan: boolean } | null;
  onSelect: (id: string) => void;
  /** The map's accessible name. */
  label: string;
  className?: string;
  /** True while the screen's own first content is still on its way (the first search's
   *  results): the map does not start loading until it is false, so Leaflet's download
   *  and set-up do not hold up the list. Once loaded, the map stays. Optional. Default:
   *  false (the map loads once the first screen is shown). */
  hold?: boolean;
}
