// /locations/all: every location grouped by state, then city, as plain links to the
// browse pages: crawlable, and usable without the map.
import { Link } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { findLocations, locationStates } from '@henhouse/kit/api/locations';
import type { Location, LocationState } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { cityPath, locationPath, slug, stateName, statePath } from '../lib/places';
import { countLabel } from '../search/state';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import '../locations.css';

export interface StateGroup {
  code: string;
  name: string;
  count: number;
  cities: { name: string; slug: string; count: number; locations: Location[] }[];
}

/** groupByState puts each location under its state and city: states by name, cities as the
 *  edge orders them (by name), locations by name. */
export function groupByState(states: LocationState[], locations: Location[]): StateGroup[] {
  return states
    .map((s) => ({
      code: s.code,
      name: stateName(s.code),
      count: s.count,
      cities: s.cities.map((c) => ({
        ...c,
        locations: locations
          .filter((l) => l.address.state === s.code && slug(l.address.city) === c.slug)
          .sort((a, b) => a.name.localeCompare(b.name)),
      })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export default function All(_props: ScreenProps) {
  const data = useLoad('all-locations', async (signal) => {
    const [states, all] = await Promise.all([locationStates(signal), findLocations({}, signal)]);
    return groupByState(states.states, all.locations);
  });

  return (
    <ScreenFrame name="mf-locations/All" title="All Locations" loading={data.status === 'loading'}>
      {data.status === 'loading' && <Loading className="hh-loc-loading" what="every location" />}
      {data.status === 'error' && <LoadFailed className="hh-loc-notice" error={data.error} retry={data.retry} />}
      {data.status === 'ready' && (
        <>
          <p>
            {countLabel(data.data.reduce((n, s) => n + s.count, 0))} in {data.data.length} states.{' '}
            <Link to="/locations" className="hh-loc-actions__link">
              Search near an address
            </Link>
          </p>
          <div className="hh-loc-all">
            {data.data.map((s) => (
              <section key={s.code} className="hh-loc-all__state" aria-labelledby={`loc-state-${s.code}`}>
                <h3 id={`loc-state-${s.code}`}>
                  <Link to={statePath(s.code)}>{s.name}</Link> <span className="hh-loc-all__count">({s.count})</span>
                </h3>
                {s.cities.map((c) => (
                  <div key={c.slug}>
                    <h4>
                      <Link to={cityPath(s.code, c.name)}>{c.name}</Link>
                    </h4>
                    <ul>
                      {c.locations.map((l) => (
                        <li key={l.id}>
                          <Link to={locationPath(l)}>{l.name}</Link>
                          <span className="hh-loc-all__addr">{l.address.street}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
            ))}
          </div>
        </>
      )}
    </ScreenFrame>
  );
}
