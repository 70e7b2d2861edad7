// The base layer: the site's tile server when one is set, else the US states the site ships,
// drawn a few states per task. Leaflet itself is replaced (jsdom cannot draw a map); what is
// asked of it is checked.
import * as L from 'leaflet';
import atlas from 'us-atlas/states-10m.json';
import { addBaseLayer, maxZoom, OFFLINE_ATTRIBUTION, PIECE_POINTS, pieces, STATES_PANE } from './baseLayer';
import { SLICE_MS } from './slices';
import { nextTask } from '../lib/nextTask';

jest.mock('leaflet', () => {
  interface Layer {
    addTo: () => Layer;
    addData: (data: unknown) => Layer;
  }
  const layer = (): Layer => {
    const l: Layer = { addTo: jest.fn(() => l), addData: jest.fn(() => l) };
    return l;
  };
  return { tileLayer: jest.fn(layer), geoJSON: jest.fn(layer) };
});

// Each yield is recorded, so the test sees where the drawing gives the page a turn.
jest.mock('../lib/nextTask', () => ({ nextTask: jest.fn(() => new Promise((r) => setTimeout(r, 0))) }));

/** US states, DC and the territories in us-atlas states-10m. */
const STATE_COUNT = 56;
const states = atlas.objects.states.geometries;
const byName = (name: string) => states.find((s) => (s.properties as { name?: string } | undefined)?.name === name)!;
/** The points of one polygon (its rings' arcs). */
const polygonPoints = (polygon: number[][]) =>
  polygon.flat().reduce((n, arc) => n + atlas.arcs[arc < 0 ? ~arc : arc].length, 0);
/** Features drawn in all: states of many polygons are drawn in pieces. */
const PIECE_COUNT = states.flatMap((s) => pieces(atlas, s)).length;

function fakeMap() {
  const container = document.createElement('div');
  document.body.append(container);
  const panes = new Map<string, HTMLElement>();
  const unload: Array<() => void> = [];
  const map = {
    attributionControl: { addAttribution: jest.fn() },
    getContainer: () => container,
    createPane: jest.fn((name: string) => {
      const pane = document.createElement('div');
      panes.set(name, pane);
      container.append(pane);
      return pane;
    }),
    once: (type: string, fn: () => void) => {
      if (type === 'unload') unload.push(fn);
    },
  } as unknown as L.Map;
  return { container, map, panes, remove: () => unload.forEach((fn) => fn()) };
}

/** The state layer made by the last L.geoJSON call, and the names it was given so far. */
function stateLayer() {
  const made = (L.geoJSON as jest.Mock).mock.results.at(-1)!.value;
  const names = (made.addData as jest.Mock).mock.calls.map(
    ([f]: [{ properties: { name: string } }]) => f.properties.name,
  );
  return { made, names };
}

/** performance.now advances by stepMs at each reading, as if each state took that long. */
function clockStepping(stepMs: number) {
  let t = 0;
  return jest.spyOn(performance, 'now').mockImplementation(() => (t += stepMs));
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.restoreAllMocks();
  (nextTask as jest.Mock).mockImplementation(() => new Promise((r) => setTimeout(r, 0)));
});

describe('base layer', () => {
  it("stops zooming in at the tile server's deepest zoom, or 19 without one", () => {
    expect(maxZoom({ tileUrl: 'https://t.example/{z}/{x}/{y}.png', attribution: '', maxZoom: 16 })).toBe(16);
    expect(maxZoom({ tileUrl: 'https://t.example/{z}/{x}/{y}.png', attribution: '', maxZoom: 0 })).toBe(19);
    expect(maxZoom({ tileUrl: '', attribution: '', maxZoom: 12 })).toBe(19);
    expect(maxZoom(null)).toBe(19);
  });

  it('uses the tile server of the settings, with its attribution and deepest zoom', async () => {
    const { map } = fakeMap();
    await addBaseLayer(map, {
      tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Tiles',
      maxZoom: 18,
    });
    expect(L.tileLayer).toHaveBeenCalledWith('https://tiles.example.com/{z}/{x}/{y}.png', {
      attribution: '© Tiles',
      maxZoom: 18,
    });
    expect(L.geoJSON).not.toHaveBeenCalled();
    expect(map.attributionControl.addAttribution).not.toHaveBeenCalled();
  });

  it('without a tile URL draws every shipped state, credited, in a pane under the overlays', async () => {
    const { map, panes } = fakeMap();
    const drawn = addBaseLayer(map, { tileUrl: '', attribution: '', maxZoom: 0 });
    expect(L.tileLayer).not.toHaveBeenCalled();
    expect(map.attributionControl.addAttribution).toHaveBeenCalledWith(OFFLINE_ATTRIBUTION);
    expect(map.attributionControl.addAttribution).toHaveBeenCalledWith('GeoNames (CC BY 4.0)');
    await drawn;
    expect(L.geoJSON).toHaveBeenCalledTimes(1);
    const [, options] = (L.geoJSON as jest.Mock).mock.calls[0];
    expect(options).toMatchObject({ interactive: false, pane: STATES_PANE });
    const { made, names } = stateLayer();
    expect(made.addTo).toHaveBeenCalledWith(map);
    expect(names).toHaveLength(PIECE_COUNT);
    expect(new Set(names).size).toBe(STATE_COUNT);
    expect(names).toEqual(expect.arrayContaining(['Kentucky', 'Ohio', 'Texas', 'Alaska', 'Hawaii']));
    const first = (made.addData as jest.Mock).mock.calls[0][0];
    expect(first.type).toBe('Feature');
    expect(first.geometry.coordinates.flat(3).every((n: number) => Math.abs(n) <= 180)).toBe(true); // longitude/latitude, not projected
    // Shown once whole, between the tile pane (200) and the overlay pane (400).
    const pane = panes.get(STATES_PANE)!;
    expect(pane.hidden).toBe(false);
    expect(Number(pane.style.zIndex)).toBeGreaterThan(200);
    expect(Number(pane.style.zIndex)).toBeLessThan(400);
  });

  it('draws a slice of states per task, yielding before the first and between slices', async () => {
    clockStepping(1);
    const { map } = fakeMap();
    await addBaseLayer(map, null);
    // Yields and states in the order they happened.
    const yields = (nextTask as jest.Mock).mock.invocationCallOrder.map((n) => [n, 'yield']);
    const states = (stateLayer().made.addData as jest.Mock).mock.invocationCallOrder.map((n) => [n, 'state']);
    const seq = [...yields, ...states].sort((x, y) => Number(x[0]) - Number(y[0])).map(([, what]) => what);
    // The chunk's own task draws nothing.
    expect(seq[0]).toBe('yield');
    const slices = seq
      .join(' ')
      .split('yield')
      .map((run) => run.trim().split(' ').filter(Boolean).length)
      .filter((n) => n > 0);
    expect(slices.reduce((x, y) => x + y, 0)).toBe(PIECE_COUNT);
    // A slice ends once SLICE_MS have passed: at 1 ms a piece, SLICE_MS pieces at most.
    expect(Math.max(...slices)).toBe(SLICE_MS);
    expect(slices.length).toBe(Math.ceil(PIECE_COUNT / SLICE_MS));
  });

  it('drops the shapes when the map is gone before they arrive', async () => {
    const { map, container } = fakeMap();
    const drawn = addBaseLayer(map, null);
    container.remove();
    await drawn;
    expect(L.geoJSON).not.toHaveBeenCalled();
    expect(map.createPane).not.toHaveBeenCalled();
  });

  it('stops drawing when the map is removed part way, and never shows the part drawn', async () => {
    clockStepping(SLICE_MS); // one state per slice
    const { map, panes, remove } = fakeMap();
    const drawn = addBaseLayer(map, null);
    // The map is removed while the third state is drawn.
    (nextTask as jest.Mock).mockImplementation(() => {
      if ((L.geoJSON as jest.Mock).mock.results.length && stateLayer().names.length === 3) remove();
      return new Promise((r) => setTimeout(r, 0));
    });
    await drawn;
    expect(stateLayer().names).toHaveLength(3);
    expect(panes.get(STATES_PANE)!.hidden).toBe(true);
  });

  it('cuts a state of many polygons into pieces of whole polygons, small enough for a slice', () => {
    const alaska = byName('Alaska');
    if (alaska.type !== 'MultiPolygon') throw new Error('Alaska is a MultiPolygon in us-atlas');
    const cut = pieces(atlas, alaska);
    expect(cut.length).toBeGreaterThan(1);
    // Every polygon once, in order, each piece a MultiPolygon named Alaska.
    expect(cut.flatMap((p) => (p.type === 'MultiPolygon' ? p.arcs : []))).toEqual(alaska.arcs);
    for (const p of cut) {
      expect(p).toMatchObject({ type: 'MultiPolygon', id: alaska.id, properties: { name: 'Alaska' } });
      const arcs = p.type === 'MultiPolygon' ? p.arcs : [];
      const size = arcs.reduce((n, polygon) => n + polygonPoints(polygon), 0);
      // Over the limit only when a single polygon is (the mainland).
      if (size > PIECE_POINTS) expect(arcs).toHaveLength(1);
    }
    // A state of one polygon, or a few small ones, stays whole.
    const ohio = byName('Ohio');
    expect(pieces(atlas, ohio)).toEqual([ohio]);
  });
});
