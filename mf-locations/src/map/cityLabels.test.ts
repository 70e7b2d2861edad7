// Which cities the offline map names in a view: big enough for the zoom, inside the view,
// biggest first, never two names overlapping.
import { usCities as all } from './usCities';
import { labelBox, minPopulation, placeLabels } from './cityLabels';

// A plain projection for the test: 100 px a degree, the view's corner at 50°N 125°W.
const project = (lat: number, lng: number) => ({ x: (lng + 125) * 100, y: (50 - lat) * 100 });

describe('city labels', () => {
  it('ships US cities, biggest first', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all[0][0]).toBe('New York City');
    for (let i = 1; i < all.length; i++) expect(all[i][3]).toBeLessThanOrEqual(all[i - 1][3]);
    expect(all.some(([name]) => name === 'Louisville')).toBe(true);
  });

  it('names only the largest cities at the country view, more closer in', () => {
    const country = placeLabels(all, 5.2, { x: 6000, y: 2600 }, project);
    expect(country.every((c) => c[3] >= minPopulation(5.2))).toBe(true);
    expect(country.map((c) => c[0])).toEqual(expect.arrayContaining(['New York City', 'Chicago', 'Los Angeles']));
    const closer = placeLabels(all, 9, { x: 6000, y: 2600 }, project);
    expect(closer.length).toBeGreaterThan(country.length);
  });

  it('never places two names over each other, and keeps the bigger city', () => {
    const chosen = placeLabels(all, 9, { x: 6000, y: 2600 }, (lat, lng) => ({
      x: (lng + 125) * 10,
      y: (50 - lat) * 10,
    }));
    const boxes = chosen.map(([name, lng, lat]) => {
      const { w, h } = labelBox(name);
      return { x: (lng + 125) * 10 - w / 2, y: (50 - lat) * 10 - h / 2, w, h };
    });
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
      }
    // New York City is placed before Brooklyn, a few kilometres away.
    expect(chosen.map((c) => c[0])).toContain('New York City');
    expect(chosen.map((c) => c[0])).not.toContain('Brooklyn');
  });

  it("keeps the place of a city in view whose name would cross the edge: its neighbours aren't named for it", () => {
    // New York City's point 10 px from the view's right edge: its name would cross it.
    const nyc = project(40.714, -74.006);
    const chosen = placeLabels(all, 9, { x: nyc.x + 10, y: 2600 }, (lat, lng) => {
      const p = project(lat, lng);
      return { x: nyc.x + (p.x - nyc.x) / 10, y: nyc.y + (p.y - nyc.y) / 10 };
    });
    const names = chosen.map((c) => c[0]);
    expect(names).not.toContain('New York City');
    expect(names).not.toContain('Brooklyn');
  });

  it('leaves out a name that would cross the edge of the view', () => {
    const chosen = placeLabels(all, 9, { x: 500, y: 500 }, project);
    for (const [name, lng, lat] of chosen) {
      const p = project(lat, lng);
      const { w, h } = labelBox(name);
      expect(p.x - w / 2).toBeGreaterThanOrEqual(0);
      expect(p.y + h / 2).toBeLessThanOrEqual(500);
    }
  });
});
