// The base layer: the site's tile server when one is set, else the US states the site ships.
// Leaflet itself is replaced (jsdom cannot draw a map); what is asked of it is checked.
import * as L from 'leaflet';
import { addBaseLayer, OFFLINE_ATTRIBUTION } from './baseLayer';

jest.mock('leaflet', () => {
  interface Layer {
    addTo: () => Layer;
    bringToBack: () => Layer;
  }
  const layer = (): Layer => {
    const l: Layer = { addTo: jest.fn(() => l), bringToBack: jest.fn(() => l) };
    return l;
  };
  return { tileLayer: jest.fn(layer), geoJSON: jest.fn(layer) };
});

function fakeMap() {
  const container = document.createElement('div');
  document.body.append(container);
  return {
    container,
    map: {
      attributionControl: { addAttribution: jest.fn() },
      getContainer: () => container,
    } as unknown as L.Map,
  };
}

beforeEach(() => jest.clearAllMocks());

describe('base layer', () => {
  it('uses the tile server of the settings, with its attribution and deepest zoom', () => {
    const { map } = fakeMap();
    addBaseLayer(map, { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Tiles', maxZoom: 18 });
    expect(L.tileLayer).toHaveBeenCalledWith('https://tiles.example.com/{z}/{x}/{y}.png', {
      attribution: '© Tiles',
      maxZoom: 18,
    });
    expect(L.geoJSON).not.toHaveBeenCalled();
    expect(map.attributionControl.addAttribution).not.toHaveBeenCalled();
  });

  it('without a tile URL draws the shipped state shapes, credited', async () => {
    const { map } = fakeMap();
    addBaseLayer(map, { tileUrl: '', attribution: '', maxZoom: 0 });
    expect(L.tileLayer).not.toHaveBeenCalled();
    expect(map.attributionControl.addAttribution).toHaveBeenCalledWith(OFFLINE_ATTRIBUTION);
    await new Promise((r) => setTimeout(r, 50));
    expect(L.geoJSON).toHaveBeenCalledTimes(1);
    const [states, options] = (L.geoJSON as jest.Mock).mock.calls[0];
    expect(states.type).toBe('FeatureCollection');
    const names = states.features.map((f: { properties: { name: string } }) => f.properties.name);
    expect(names).toEqual(expect.arrayContaining(['Kentucky', 'Ohio', 'Texas', 'Alaska']));
    expect(states.features[0].geometry.coordinates.flat(3).every((n: number) => Math.abs(n) <= 180)).toBe(true); // longitude/latitude, not projected
    expect(options).toMatchObject({ interactive: false });
  });

  it('drops the shapes when the map is gone before they arrive', async () => {
    const { map, container } = fakeMap();
    addBaseLayer(map, null);
    container.remove();
    await new Promise((r) => setTimeout(r, 50));
    expect(L.geoJSON).not.toHaveBeenCalled();
  });
});
