// The one us-atlas file the map uses: a TopoJSON topology of the US states and the nation,
// unprojected (longitude, latitude), typed here instead of by reading the 115 KB file.
declare module 'us-atlas/states-10m.json' {
  import type { GeometryCollection, Topology } from 'topojson-specification';
  const topology: Topology<{
    states: GeometryCollection<{ name: string }>;
    nation: GeometryCollection;
  }>;
  export default topology;
}
