// /locations/{state}/{city?}/{address?}: the locations of a state or a city with the map
// fitted to them, or one location's own page. A path that matches no location is the
// not-found page (the edge answers such a first request with status 404 itself).
import { useMemo, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { browseLocations } from '@henhouse/kit/api/locations';
import type { Location } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { NotFound } from '@henhouse/kit/ui/NotFound';
import { LocationMap } from '../map/LocationMap';
import { ResultsList } from '../search/ResultsList';
import { countLabel, type Selection } from '../search/state';
import { useStartOrder } from '../order/useStartOrder';
import { useFavorites } from '../order/useFavorites';
import { OrderDialogs } from '../order/OrderDialogs';
import { LocationActions } from '../order/LocationActions';
import { LocationPage } from '../browse/LocationPage';
import { cityPath, locationPath, slug, stateName, statePath } from '../lib/places';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import '../locations.css';

interface Crumb {
  label: string;
  href?: string;
}

/** Breadcrumbs: All locations › Kentucky › Louisville › the location; the last is this page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="hh-loc-crumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={`${i}:${c.label}`}>
            {c.href && i < crumbs.length - 1 ? (
              <Link to={c.href}>{c.label}</Link>
            ) : (
              <span aria-current="page">{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A city named by its slug, until the locations say how it is written. */
const unslug = (s: string) => s.replace(/-+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/** A stable number for a path, so each page frames its map once. */
function viewKey(s: string): number {
  let h = 7;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return Math.abs(h) + 1;
}

export default function Browse({ params }: ScreenProps) {
  const state = (params.state ?? '').toUpperCase();
  const city = params.city || undefined;
  const address = params.address || undefined;
  const key = [state, city, address].filter(Boolean).join('/');
  const data = useLoad(`browse:${key}`, (signal) =>
    browseLocations({ state, city, address }, signal).then((r) => r.locations),
  );
  const order = useStartOrder();
  const favorites = useFavorites();
  const [picked, setPicked] = useState<(Selection & { on: string }) | null>(null);
  const selected = picked?.on === key ? picked : null;

  const locations = useMemo(() => (data.status === 'ready' ? data.data : []), [data.status, data.data]);
  const markers = useMemo(
    () => locations.map((l) => ({ id: l.id, lat: l.lat, lng: l.lng, label: l.name })),
    [locations],
  );
  const view = useMemo(() => ({ key: viewKey(key), kind: 'results' as const }), [key]);
  if (data.status === 'ready' && locations.length === 0) return <NotFound />;

  const name = stateName(state);
  const cityName = city ? (locations[0]?.address.city ?? unslug(city)) : undefined;
  const location = address ? locations[0] : undefined;
  const title = location ? location.name : cityName ? `${cityName}, ${state}` : address ? 'Location' : name;
  const crumbs: Crumb[] = [
    { label: 'All locations', href: '/locations/all' },
    { label: name, href: statePath(state) },
    ...(cityName && city ? [{ label: cityName, href: cityPath(state, city) }] : []),
    ...(address ? [{ label: location?.name ?? 'Location' }] : []),
  ];
  const cities = city
    ? []
    : [...new Map(locations.map((l) => [slug(l.address.city), l.address.city])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1]),
      );
  const select = (id: string, by: Selection['by']) => setPicked({ id, by, on: key });

  // The breadcrumbs lead into the page, above its title.
  return (
    <>
      <Breadcrumbs crumbs={crumbs} />
      <ScreenFrame name="mf-locations/Browse" title={title} loading={data.status === 'loading'}>
        {data.status === 'loading' && <Loading className="hh-loc-loading" what="locations" />}
        {data.status === 'error' && <LoadFailed className="hh-loc-notice" error={data.error} retry={data.retry} />}
        {data.status === 'ready' && (
          <div className="hh-loc-browse">
            <div className="hh-loc-browse__map">
              <LocationMap
                className={location ? 'hh-loc-map--short' : undefined}
                label={`Map of ${location ? location.name : `locations in ${cityName ? `${cityName}, ${state}` : name}`}`}
                markers={markers}
                view={view}
                selected={selected ? { id: selected.id, pan: selected.by === 'list' } : null}
                onSelect={(id) => select(id, 'map')}
              />
            </div>
            {location ? (
              <LocationPage location={location} order={order} favorites={favorites} />
            ) : (
              <>
                {cities.length > 0 && (
                  <nav aria-label={`Cities in ${name}`}>
                    <ul className="hh-loc-cities">
                      {cities.map(([citySlug, cityLabel]) => (
                        <li key={citySlug}>
                          <Link to={cityPath(state, cityLabel)}>{cityLabel}</Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
                <section aria-labelledby="loc-browse-heading">
                  <h3 id="loc-browse-heading" className="hh-loc-results__heading">
                    {countLabel(locations.length)} in {cityName ? `${cityName}, ${state}` : name}
                  </h3>
                  <ResultsList
                    label={`Locations in ${cityName ? `${cityName}, ${state}` : name}`}
                    locations={locations}
                    selected={selected}
                    actions={(l: Location) => (
                      <LocationActions
                        location={l}
                        order={order}
                        favorites={favorites}
                        onChoose={(x) => void order.start(x)}
                        detailsHref={locationPath(l)}
                        onShowOnMap={(x) => select(x.id, 'list')}
                      />
                    )}
                  />
                </section>
              </>
            )}
          </div>
        )}
        <OrderDialogs order={order} />
      </ScreenFrame>
    </>
  );
}
