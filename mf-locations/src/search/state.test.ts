import { bowlingGreen, daytonLoc, lexington, louisville, loc } from '../test/fixtures';
import { initialSearch, orderResults, searchReducer, type SearchAction, type SearchState } from './state';

const run = (...actions: SearchAction[]): SearchState => actions.reduce(searchReducer, initialSearch);
const names = (s: SearchState) => s.results.map((l) => l.name);
const near = (label = 'near Louisville, KY'): SearchAction => ({
  type: 'found',
  locations: [bowlingGreen, louisville, lexington],
  center: { lat: 38.25, lng: -85.76 },
  label,
  origin: 'query',
});

describe('result order', () => {
  it('puts the nearest first, and results without a distance last in the order they came', () => {
    const far = loc({ id: 'x', name: 'No distance A', distance_miles: undefined });
    const far2 = loc({ id: 'y', name: 'No distance B', distance_miles: undefined });
    expect(orderResults([far, daytonLoc, far2, louisville, lexington]).map((l) => l.name)).toEqual([
      'Henhouse Louisville',
      'Henhouse Lexington',
      'Henhouse Dayton',
      'No distance A',
      'No distance B',
    ]);
  });

  it('keeps equal distances in the order the edge sent', () => {
    const a = loc({ id: 'a', name: 'A', distance_miles: 2 });
    const b = loc({ id: 'b', name: 'B', distance_miles: 2 });
    expect(orderResults([b, a]).map((l) => l.name)).toEqual(['B', 'A']);
  });
});

describe('search state', () => {
  it('lists what a search found nearest first, frames it on the map and announces the count', () => {
    const s = run({ type: 'started', label: 'near Louisville, KY' }, near());
    expect(names(s)).toEqual(['Henhouse Louisville', 'Henhouse Lexington', 'Henhouse Bowling Green']);
    expect(s.pending).toBeNull();
    expect(s.view).toEqual({ key: 1, kind: 'results', center: { lat: 38.25, lng: -85.76 } });
    expect(s.announcement.text).toBe('3 locations near Louisville, KY, nearest first.');
  });

  it('says "Searching" while a search is in flight', () => {
    const s = run({ type: 'started', label: 'near Louisville, KY' });
    expect(s.pending).toBe('near Louisville, KY');
    expect(s.announcement.text).toBe('Searching near Louisville, KY…');
  });

  it('keeps the first view of the country for the first search around the map centre', () => {
    const s = run({
      type: 'found',
      locations: [louisville],
      center: { lat: 39, lng: -85 },
      label: 'x',
      origin: 'nearby',
    });
    expect(s.view).toEqual({ key: 1, kind: 'initial' });
  });

  it('a search that finds nothing says so and keeps the previous results', () => {
    const s = run(
      near(),
      { type: 'started', label: 'near Nowhere' },
      {
        type: 'found',
        locations: [],
        center: null,
        label: 'near Nowhere',
        origin: 'query',
      },
    );
    expect(names(s)).toEqual(['Henhouse Louisville', 'Henhouse Lexington', 'Henhouse Bowling Green']);
    expect(s.label).toBe('near Louisville, KY');
    expect(s.notice).toEqual({ kind: 'no-match', text: "We couldn't find any locations near Nowhere." });
    expect(s.announcement.text).toBe(
      "We couldn't find any locations near Nowhere. The locations you had are still listed.",
    );
    expect(s.view.key).toBe(1); // the map stays where it was
  });

  it('a failed search keeps the previous results and the selection', () => {
    const s = run(
      near(),
      { type: 'select', id: 'ky-lexington', by: 'list' },
      {
        type: 'failed',
        notice: { kind: 'error', text: 'We could not reach Henhouse.' },
      },
    );
    expect(names(s)).toHaveLength(3);
    expect(s.selected).toEqual({ id: 'ky-lexington', by: 'list' });
    expect(s.notice?.kind).toBe('error');
  });

  it('the same message twice is announced twice', () => {
    const fail: SearchAction = { type: 'failed', notice: { kind: 'invalid', text: 'Enter an address.' } };
    const once = run(fail);
    const twice = searchReducer(once, fail);
    expect(twice.announcement.text).toBe(once.announcement.text);
    expect(twice.announcement.seq).not.toBe(once.announcement.seq);
  });

  it('selects only a listed location, and a new search clears the selection', () => {
    const s = run(near(), { type: 'select', id: 'ky-lexington', by: 'map' });
    expect(s.selected).toEqual({ id: 'ky-lexington', by: 'map' });
    expect(searchReducer(s, { type: 'select', id: 'nowhere', by: 'map' }).selected).toEqual(s.selected);
    expect(searchReducer(s, near('near Lexington, KY')).selected).toBeNull();
  });

  it('keeps the order of browse results (they are not nearest-first searches)', () => {
    const s = run({ type: 'found', locations: [lexington, louisville], label: 'in Kentucky', origin: 'browse' });
    expect(names(s)).toEqual(['Henhouse Lexington', 'Henhouse Louisville']);
    expect(s.announcement.text).toBe('2 locations in Kentucky.');
  });
});
