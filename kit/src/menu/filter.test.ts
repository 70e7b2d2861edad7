import type { Category } from '@henhouse/kit/api/types';
import { setBootstrap } from '@henhouse/kit/bootstrap';
import { setFeatures } from '@henhouse/kit/test/harness';
import { applyFilter, filterQuery, parseFilter } from './filter';

const p = (id: string, name: string, markers: Category['products'][number]['markers']) => ({
  id,
  category_id: 'c',
  name,
  description: '',
  price_cents: 0,
  calories: 0,
  image: '',
  markers,
});
const cats: Category[] = [
  {
    id: 'sides',
    name: 'Sides',
    description: 'Made from scratch every morning.',
    products: [p('greens', 'Green Beans', ['vegan']), p('mac', 'Mac & Cheese', ['dairy', 'gluten', 'wheat'])],
  },
  {
    id: 'desserts',
    name: 'Desserts',
    description: 'The sweet finish.',
    products: [p('pie', 'Apple Pie', ['gluten', 'wheat'])],
  },
];

describe('menu filters (docs/menu.md, "Search and filters")', () => {
  it('reads only known markers from the query and writes them back', () => {
    const f = parseFilter({ q: ' pie ', diet: 'vegan,keto', exclude: 'gluten,vegan,EGG' });
    expect(f).toEqual({ q: ' pie ', diet: ['vegan'], exclude: ['gluten', 'egg'] });
    expect(filterQuery(f)).toBe('?q=pie&diet=vegan&exclude=gluten,egg');
    expect(filterQuery({ q: '', diet: [], exclude: [] })).toBe('');
  });
  it('excluding gluten hides those products and emptied categories', () => {
    const out = applyFilter(cats, parseFilter({ exclude: 'gluten' }));
    expect(out.map((c) => c.products.map((x) => x.id))).toEqual([['greens']]);
  });
  it('searches category descriptions', () => {
    expect(applyFilter(cats, parseFilter({ q: 'scratch' })).flatMap((c) => c.products.map((x) => x.id))).toEqual([
      'greens',
      'mac',
    ]);
    expect(applyFilter(cats, parseFilter({ q: 'sweet pie' })).flatMap((c) => c.products.map((x) => x.id))).toEqual([
      'pie',
    ]);
  });
  it('leaves category descriptions out with the searchByCategoryDescription flag off', () => {
    const ids = (q: string) => applyFilter(cats, parseFilter({ q })).flatMap((c) => c.products.map((x) => x.id));
    setFeatures({ searchByCategoryDescription: false });
    try {
      expect(ids('scratch')).toEqual([]);
      expect(ids('sides')).toEqual(['greens', 'mac']); // the category's name still counts
      setFeatures({ searchByCategoryDescription: true });
      expect(ids('scratch')).toEqual(['greens', 'mac']);
    } finally {
      setBootstrap(null);
    }
  });
  it('a diet keeps only products that carry it', () => {
    expect(applyFilter(cats, parseFilter({ diet: 'vegan' })).flatMap((c) => c.products.map((x) => x.id))).toEqual([
      'greens',
    ]);
  });
});
