// /locations: find a location on the map or in the list, choose how to get the order, and
// start an order there (docs/locations.md).
import { startTransition, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import type { Address, HandoffMode, Location } from '@henhouse/kit/api/types';
import { ApiError } from '@henhouse/kit/api/client';
import { findDeliveryLocations } from '@henhouse/kit/api/locations';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { brandName } from '@henhouse/kit/brand';
import { LocationMap } from '../map/LocationMap';
import { INITIAL_CENTER, SEARCH_FIELD } from '../map/constants';
import { SearchBox } from '../search/SearchBox';
import { checkQuery, useLocationSearch, searchMessages } from '../search/useLocationSearch';
import { alreadyShared, currentPosition, PositionError } from '../search/position';
import { countLabel } from '../search/state';
import { useStartOrder, type HandoffChoice } from '../order/useStartOrder';
import { scrollBehavior } from '../lib/motion';
import { nextTask } from '../lib/nextTask';
import { HandoffPanel, type FormState, type Vehicle } from '../search/HandoffPanel';
import '../locations.css';

const mapCentre = { lat: INITIAL_CENTER[0], lng: INITIAL_CENTER[1] };

// The results list, the actions on each result and the ordering dialogs come in a file of
// their own, fetched when the first search starts: the first render shows the search and
// the handoff choice, and a search's results wait for the edge anyway.
const loadResults = () => import(/* webpackChunkName: "search-results" */ '../search/SearchResults');
type ResultsModule = Awaited<ReturnType<typeof loadResults>>;

export default function Search({ query }: ScreenProps) {
  const search = useLocationSearch();
  const { state } = search;
  const order = useStartOrder();
  // The results' file, requested with the first search; a failed fetch is thrown from the
  // render, so the screen's error boundary says the page didn't load (and reloads it once).
  const [results, setResults] = useState<{ module?: ResultsModule; error?: unknown }>({});
  if (results.error) throw results.error;
  const [mode, setMode] = useState<HandoffMode>('pickup');
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [delivery, setDelivery] = useState<{ address: Address; notes?: string } | null>(null);
  const [deliveryForm, setDeliveryForm] = useState<FormState>({});
  const [prompt, setPrompt] = useState<string | null>(null);
  const handoffForm = useRef<HTMLDivElement>(null);
  const mapBox = useRef<HTMLDivElement>(null);

  // The map searches on load: what the address bar asks for (a search sent without
  // JavaScript), else near the guest when the browser already shares their position, else
  // around the map's first centre.
  const searchOnLoad = useEffectEvent((still: () => boolean) => {
    const q = query[SEARCH_FIELD];
    if (q) return void search.searchText(q);
    const centre = () => void search.searchNear(mapCentre, 'near the centre of the map', 'nearby');
    void alreadyShared().then((shared) => {
      if (!still()) return;
      if (!shared) return centre();
      currentPosition().then(
        (p) => still() && void search.searchNear(p, 'near you'),
        () => still() && centre(),
      );
    });
  });
  useEffect(() => {
    let live = true;
    searchOnLoad(() => live);
    // The results' file (with what it needs of the kit: six files) is asked for in a task
    // after the screen's first effects, which already start the search and the map: each
    // file a page asks for costs the main thread a few milliseconds on a slow phone.
    void nextTask().then(
      () =>
        live &&
        loadResults().then(
          // The list first renders when its file arrives, most often after the search's
          // answer: a transition, so React renders it in slices, not one task
          // (docs/locations.md).
          (module) => live && startTransition(() => setResults({ module })),
          (error: unknown) => live && setResults({ error }),
        ),
    );
    return () => {
      live = false;
    };
  }, []);

  const useMyLocation = () => {
    currentPosition().then(
      (p) => {
        forgetAddress();
        void search.searchNear(p, 'near you');
      },
      (e: unknown) =>
        search.fail({
          kind: 'error',
          text: e instanceof PositionError && e.denied ? searchMessages.positionDenied : searchMessages.noPosition,
        }),
    );
  };

  // A search by address is kept in the address bar (replacing the entry), so Back from the
  // menu, a reload or a shared link shows the same search; other searches drop it.
  const navigate = useNavigate();
  const forgetAddress = () => {
    if (query[SEARCH_FIELD]) navigate({ search: '' }, { replace: true });
  };
  const onSearch = (q: string, place: Parameters<typeof search.searchText>[1]) => {
    if (!checkQuery(q)) navigate({ search: `?${SEARCH_FIELD}=${encodeURIComponent(q.trim())}` }, { replace: true });
    void search.searchText(q, place);
  };
  const fieldError = state.notice?.kind === 'invalid' ? state.notice.text : null;

  /** Puts the guest in the handoff form with what it still needs. */
  const ask = (text: string) => {
    setPrompt(text);
    search.announce(text);
    const box = handoffForm.current;
    const first = box?.querySelector<HTMLElement>('input, select, textarea') ?? box;
    first?.focus();
    box?.scrollIntoView?.({ block: 'center', behavior: scrollBehavior() });
  };

  const handoff = (): HandoffChoice | null => {
    if (mode === 'curbside') return vehicle ? { mode, vehicle } : null;
    if (mode === 'delivery')
      return delivery ? { mode, address: delivery.address, delivery_notes: delivery.notes || undefined } : null;
    return { mode: 'pickup' };
  };
  const choose = (l: Location) => {
    const h = handoff();
    if (!h) {
      ask(
        mode === 'curbside'
          ? "Enter your vehicle's make, model and color first, so the location knows who to bring the order to."
          : 'Enter your delivery address first, to see which locations deliver there.',
      );
      return;
    }
    setPrompt(null);
    void order.start(l, h);
  };

  const changeMode = (m: HandoffMode) => {
    setMode(m);
    setPrompt(null);
    order.clearFailure();
  };

  const saveVehicle = (v: Vehicle) => {
    setVehicle(v);
    setPrompt(null);
    order.clearFailure();
    search.announce(`Curbside for your ${v.color} ${v.make} ${v.model}. Choose a location.`);
  };

  // The delivery check: only the locations whose delivery area reaches the address are listed;
  // an address none reaches is a message at the address, and the list stays.
  const checkAddress = async (address: Address, notes?: string) => {
    setDeliveryForm({ busy: true });
    setPrompt(null);
    order.clearFailure();
    try {
      const r = await findDeliveryLocations(address);
      setDelivery({ address, notes });
      setDeliveryForm({});
      forgetAddress();
      search.show(r.locations, r.center, `delivering to ${address.street}`, 'delivery');
    } catch (e) {
      const fields = e instanceof ApiError && e.fields && Object.keys(e.fields).length ? e.fields : undefined;
      setDeliveryForm({ errors: fields, formError: fields ? undefined : messageFor(e) });
      search.announce(messageFor(e));
    }
  };

  const showOnMap = (l: Location) => {
    search.select(l.id, 'list');
    // On a phone the map is above the list: bring it into view.
    const box = mapBox.current;
    if (box && box.getBoundingClientRect().bottom < 0)
      box.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() });
  };

  const markers = useMemo(
    () => state.results.map((l) => ({ id: l.id, lat: l.lat, lng: l.lng, label: l.name })),
    [state.results],
  );
  const n = state.results.length;
  const List = results.module?.SearchResults;
  const Dialogs = results.module?.OrderDialogs;
  // Results are counted once they can be listed.
  const heading =
    n > 0 && List ? `${countLabel(n)} ${state.label}` : state.pending || n > 0 ? 'Searching…' : 'Locations';

  return (
    <ScreenFrame name="mf-locations/Search" title={`Find a ${brandName()}`}>
      <div className="hh-loc-layout">
        <div className="hh-loc-layout__panel">
          <SearchBox
            defaultValue={query[SEARCH_FIELD] ?? ''}
            error={fieldError}
            errorKey={state.announcement.seq}
            onSearch={onSearch}
            onUseMyLocation={useMyLocation}
          />
          <HandoffPanel
            mode={mode}
            onMode={changeMode}
            vehicle={vehicle}
            onVehicle={saveVehicle}
            vehicleForm={{ errors: mode === 'curbside' ? order.failure?.fields : undefined }}
            address={delivery?.address ?? null}
            onAddress={(a, notes) => void checkAddress(a, notes)}
            deliveryForm={
              mode === 'delivery' && order.failure?.fields
                ? { ...deliveryForm, errors: order.failure.fields }
                : deliveryForm
            }
            prompt={prompt}
            formRef={handoffForm}
          />
          {state.notice && state.notice.kind !== 'invalid' && (
            <p className="hh-loc-notice" data-kind={state.notice.kind}>
              {state.notice.text}
            </p>
          )}
          <p className="hh-loc-alllink">
            <Link to="/locations/all">See every location by state</Link>
          </p>
        </div>
        <div ref={mapBox} className="hh-loc-layout__map">
          <LocationMap
            label={`Map of ${state.label ? `locations ${state.label}` : 'locations'}`}
            markers={markers}
            view={state.view}
            selected={state.selected ? { id: state.selected.id, pan: state.selected.by === 'list' } : null}
            onSelect={(id) => search.select(id, 'map')}
            // The first results before the map: held until the results' file is here
            // and the first search has ended (found, found nothing, or failed).
            hold={!List || (n === 0 && !state.origin && !state.notice)}
          />
        </div>
        <section
          className="hh-loc-layout__results"
          aria-labelledby="loc-results-heading"
          aria-busy={!!state.pending || (n > 0 && !List)}
        >
          <h3 id="loc-results-heading" className="hh-loc-results__heading">
            {heading}
          </h3>
          <p className="visually-hidden" role="status">
            {state.announcement.text}
            {state.announcement.seq % 2 ? '\u00a0' : ''}
          </p>
          {List ? (
            <List
              label={heading}
              locations={state.results}
              selected={state.selected}
              mode={mode}
              order={order}
              onChoose={choose}
              onShowOnMap={showOnMap}
            />
          ) : (
            <ol className="hh-loc-results" aria-label={heading} />
          )}
        </section>
      </div>
      {Dialogs && <Dialogs order={order} />}
    </ScreenFrame>
  );
}
