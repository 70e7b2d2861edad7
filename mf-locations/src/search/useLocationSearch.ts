// The location search as a hook: by what the guest typed (or a suggestion they picked),
// by coordinates (their device's position, or the map's first centre) and the delivery
// check's answer, each through the reducer in ./state. A new search aborts the one in flight.
import { startTransition, useCallback, useReducer, useRef } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { findLocations } from '@henhouse/kit/api/locations';
import type { LatLng, Location, Place } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { MAX_QUERY_LENGTH, NEARBY_LIMIT } from '../map/constants';
import { initialSearch, searchReducer, type Notice, type Origin, type SearchState } from './state';

/** The words a guest reads when a search cannot be sent or finds nothing. */
export const searchMessages = {
  empty: 'Enter an address, city, state or ZIP code to search.',
  tooLong: `Search for at most ${MAX_QUERY_LENGTH} characters: shorten what you typed and try again.`,
  notFound: (q: string) =>
    `We couldn't find “${shorten(q)}”. Check the spelling, or search for a city, state or ZIP code.`,
  noPosition: "We couldn't get your location. Search by address, city, state or ZIP code instead.",
  positionDenied:
    'Your browser is not sharing your location with this site. Search by address, city, state or ZIP code instead.',
};

function shorten(q: string): string {
  const chars = [...q];
  return chars.length > 40 ? chars.slice(0, 40).join('') + '…' : q;
}

/** checkQuery says why a search cannot be sent, or null when it can. */
export function checkQuery(raw: string): Notice | null {
  const q = raw.trim();
  if (!q) return { kind: 'invalid', text: searchMessages.empty };
  if (q.length > MAX_QUERY_LENGTH) return { kind: 'invalid', text: searchMessages.tooLong };
  // Nothing to look up: no letter and no digit (only emoji or punctuation).
  if (!/[\p{L}\p{N}]/u.test(q)) return { kind: 'no-match', text: searchMessages.notFound(q) };
  return null;
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

/** noticeFor turns a failed search into words: an address the geocoder does not know is "no match". */
export function noticeFor(err: unknown, q?: string): Notice {
  if (err instanceof ApiError && q !== undefined && (err.code === 'address_not_found' || err.status === 404))
    return { kind: 'no-match', text: searchMessages.notFound(q) };
  if (err instanceof ApiError && err.fields?.q) return { kind: 'invalid', text: err.message };
  return { kind: 'error', text: messageFor(err) };
}

export interface LocationSearch {
  state: SearchState;
  /** Search what the guest typed, or the suggestion they picked (placed already, no second look-up). */
  searchText: (q: string, place?: Place | null) => Promise<void>;
  /** Nearest first around a point. */
  searchNear: (point: LatLng, label: string, origin?: Origin) => Promise<void>;
  /** Show results found elsewhere (the delivery check). */
  show: (locations: Location[], center: LatLng | null, label: string, origin: Origin) => void;
  fail: (notice: Notice) => void;
  /** Say something through the live region only (the message is shown elsewhere, in a form). */
  announce: (text: string) => void;
  select: (id: string, by: 'list' | 'map') => void;
}

export function useLocationSearch(init: SearchState = initialSearch): LocationSearch {
  const [state, dispatch] = useReducer(searchReducer, init);
  const inFlight = useRef<AbortController | null>(null);

  const run = useCallback(
    async (
      label: string,
      origin: Origin,
      q: string | undefined,
      load: (signal: AbortSignal) => ReturnType<typeof findLocations>,
    ) => {
      inFlight.current?.abort();
      const ctl = new AbortController();
      inFlight.current = ctl;
      dispatch({ type: 'started', label });
      try {
        const r = await load(ctl.signal);
        if (ctl.signal.aborted) return;
        // The results' render is a transition: React renders the list in slices of a few
        // milliseconds instead of one task (≈ 12 ms here, 50 on a phone four times slower),
        // and a search started meanwhile still shows at once (docs/locations.md).
        startTransition(() =>
          dispatch({ type: 'found', locations: r.locations, center: r.center ?? null, label, origin }),
        );
      } catch (e) {
        if (ctl.signal.aborted || isAbort(e)) return;
        dispatch({ type: 'failed', notice: noticeFor(e, q) });
      }
    },
    [],
  );

  const searchText = useCallback(
    async (raw: string, place?: Place | null) => {
      const q = raw.trim();
      const bad = checkQuery(q);
      if (bad) {
        inFlight.current?.abort();
        dispatch({ type: 'failed', notice: bad });
        return;
      }
      if (place && place.label === q) {
        return run(`near ${place.label}`, 'query', q, (signal) =>
          findLocations({ lat: place.lat, lng: place.lng, limit: NEARBY_LIMIT }, signal),
        );
      }
      return run(`near ${q}`, 'query', q, (signal) => findLocations({ q, limit: NEARBY_LIMIT }, signal));
    },
    [run],
  );

  const searchNear = useCallback(
    (p: LatLng, label: string, origin: Origin = 'coords') =>
      run(label, origin, undefined, (signal) =>
        findLocations({ lat: round(p.lat), lng: round(p.lng), limit: NEARBY_LIMIT }, signal),
      ),
    [run],
  );

  const show = useCallback((locations: Location[], center: LatLng | null, label: string, origin: Origin) => {
    inFlight.current?.abort();
    dispatch({ type: 'found', locations, center, label, origin });
  }, []);
  const fail = useCallback((notice: Notice) => dispatch({ type: 'failed', notice }), []);
  const announce = useCallback((text: string) => dispatch({ type: 'announce', text }), []);
  const select = useCallback((id: string, by: 'list' | 'map') => dispatch({ type: 'select', id, by }), []);

  return { state, searchText, searchNear, show, fail, announce, select };
}

/** Four decimals (about 11 m) are enough to find the nearest restaurant and say less about the guest. */
const round = (n: number) => Math.round(n * 1e4) / 1e4;
