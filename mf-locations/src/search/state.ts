// What the location search shows: the results, what they are for, the selected one, what
// the map frames, and the sentence the live region says. A search that finds nothing or
// fails says so in words and keeps the results the guest already had.
import type { LatLng, Location } from '@henhouse/kit/api/types';
import type { MapView } from '../map/types';

/** Where a set of results came from: nearby is the first search around the map's own
 *  centre; coords is near the guest's position. */
export type Origin = 'nearby' | 'query' | 'coords' | 'delivery' | 'browse';

export interface Notice {
  /** no-match: the search was understood and found nothing; invalid: it could not be sent;
   *  error: the edge or the browser failed. */
  kind: 'no-match' | 'invalid' | 'error';
  text: string;
}

export interface Selection {
  id: string;
  /** Where the guest selected it: from the list the map pans to the marker, from the map
   *  the list scrolls to the result. */
  by: 'list' | 'map';
}

export interface SearchState {
  results: Location[];
  center: LatLng | null;
  /** What the results are for, to end a sentence: "near Louisville, KY". */
  label: string;
  origin: Origin | null;
  /** The label of the search in flight, or null. */
  pending: string | null;
  notice: Notice | null;
  selected: Selection | null;
  view: MapView;
  /** The polite live region's sentence; `seq` grows with each one, so the same sentence
   *  twice in a row is still read out. */
  announcement: { text: string; seq: number };
}

export type SearchAction =
  | { type: 'started'; label: string }
  | { type: 'found'; locations: Location[]; center?: LatLng | null; label: string; origin: Origin }
  | { type: 'failed'; notice: Notice }
  | { type: 'select'; id: string; by: Selection['by'] }
  | { type: 'announce'; text: string }
  | { type: 'dismiss' };

export const initialSearch: SearchState = {
  results: [],
  center: null,
  label: '',
  origin: null,
  pending: null,
  notice: null,
  selected: null,
  view: { key: 0, kind: 'initial' },
  announcement: { text: '', seq: 0 },
};

const say = (state: SearchState, text: string) => ({ text, seq: state.announcement.seq + 1 });

/** orderResults puts the nearest first; results without a distance keep their order, last. */
export function orderResults(locations: Location[]): Location[] {
  const far = Number.POSITIVE_INFINITY;
  return locations
    .map((l, i) => ({ l, i, d: typeof l.distance_miles === 'number' ? l.distance_miles : far }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.l);
}

export const countLabel = (n: number) => `${n} ${n === 1 ? 'location' : 'locations'}`;

function foundSentence(n: number, label: string, origin: Origin): string {
  const nearest = origin === 'browse' || n === 1 ? '' : ', nearest first';
  return `${countLabel(n)} ${label}${nearest}.`;
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'started':
      return { ...state, pending: action.label, notice: null, announcement: say(state, `Searching ${action.label}…`) };
    case 'found': {
      if (action.locations.length === 0) {
        return searchReducer(state, {
          type: 'failed',
          notice: { kind: 'no-match', text: `We couldn't find any locations ${action.label}.` },
        });
      }
      const results = action.origin === 'browse' ? action.locations : orderResults(action.locations);
      return {
        ...state,
        results,
        center: action.center ?? null,
        label: action.label,
        origin: action.origin,
        pending: null,
        notice: null,
        selected: null,
        // The first search, around the map's own centre, keeps the first view: the country.
        view:
          action.origin === 'nearby'
            ? { key: state.view.key + 1, kind: 'initial' }
            : { key: state.view.key + 1, kind: 'results', center: action.center ?? null },
        announcement: say(state, foundSentence(results.length, action.label, action.origin)),
      };
    }
    case 'failed': {
      const kept = state.results.length > 0 ? ' The locations you had are still listed.' : '';
      return { ...state, pending: null, notice: action.notice, announcement: say(state, action.notice.text + kept) };
    }
    case 'select':
      if (!state.results.some((l) => l.id === action.id)) return state;
      return { ...state, selected: { id: action.id, by: action.by } };
    case 'announce':
      return { ...state, pending: null, announcement: say(state, action.text) };
    case 'dismiss':
      return { ...state, notice: null };
  }
}
