import { matchPath, MAX_PATH_LENGTH } from './match';
import { pageHeading, pathHeading } from './heading';
import type { RouteEntry } from '../bootstrap';

// The edge's compiled table, written by edge/internal/routes/fixture_test.go.
import table from '../../../edge/internal/routes/testdata/routes.json';

const routes = table as RouteEntry[];

describe('matchPath', () => {
  it.each([
    ['/', 'home', {}],
    ['/henhouse-new-york-jobs', 'jobs', { brand: 'henhouse', city: 'new-york' }],
    ['/other-city-jobs', 'content', { slug: 'other-city-jobs' }],
    ['/checkout/order', 'checkout-alias', {}],
    ['/app/code', 'app-code', {}],
    ['/404', 'not-found', {}],
    ['/locations/ky', 'locations-browse', { state: 'ky' }],
    ['/locations/ky/louisville/1-main', 'locations-browse', { state: 'ky', city: 'louisville', address: '1-main' }],
    ['/menu/category/c2', 'menu-category', { cid: 'c2' }],
    ['/menu/m1/category/c2/', 'menu-category', { mid: 'm1', cid: 'c2' }],
    ['/menu/m%201', 'menu', { mid: 'm 1' }],
    ['/nutrition-and-allergen/', 'content', { slug: 'nutrition-and-allergen' }],
  ])('%s → %s', (path, id, params) => {
    const m = matchPath(routes, path);
    expect(m?.route.id).toBe(id);
    expect(m?.params).toEqual(params);
  });

  it.each(['/menu/%zz', '//x', 'nope', '/' + 'a'.repeat(MAX_PATH_LENGTH)])('%s is not found', (p) => {
    expect(matchPath(routes, p)).toBeNull();
  });

  it('marks the pages whose parameters the edge checks against a provider', () => {
    expect(routes.filter((r) => r.content).map((r) => r.id)).toEqual(['content']);
    expect(routes.filter((r) => r.locations).map((r) => r.id)).toEqual(['locations-browse']);
    expect(matchPath(routes, '/locations/all')?.route.locations).toBeUndefined();
    expect(matchPath(routes, '/locations/zz')?.route.locations).toBe(true);
  });
});

describe('page heading', () => {
  it('uses the path rule', () => {
    expect(pathHeading('/')).toBe('Page home');
    expect(pathHeading('/account/signin/')).toBe('Page account signin');
  });
  it('names the location, product and category', () => {
    expect(pageHeading('menu', '/menu/m1', { locationName: 'Louisville Bardstown Rd' })).toBe(
      'Menu page: Louisville Bardstown Rd',
    );
    expect(pageHeading('product', '/menu/m1/product/p1', { productName: 'Classic Tenders' })).toBe(
      'Product page: Classic Tenders',
    );
    expect(pageHeading('category', '/menu/m1/category/c1', { categoryName: 'Sides' })).toBe('Category page: Sides');
  });
  it('falls back to the path rule while a name is unknown', () => {
    expect(pageHeading('menu', '/menu/m1', {})).toBe('Page menu m1');
  });
});
