// The city names of the offline map, typed: a module of its own so that the chunk it
// makes with its data (us-cities) has code, and so a source map, like every chunk.
import data from './us-cities.json';
import type { City } from './cityLabels';

// JSON rows are typed as arrays of strings and numbers: read each as [name, lng, lat, population].
export const usCities: readonly City[] = data.map(([name, lng, lat, population]) => [
  String(name),
  Number(lng),
  Number(lat),
  Number(population),
]);
