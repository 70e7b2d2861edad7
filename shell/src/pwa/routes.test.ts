import { NAVIGATION_DENYLIST, isHashedAsset, isModuleFile, isPageNavigation, neverCached } from './routes';

describe('service worker routes', () => {
  test.each([
    ['/assets/391.c680d74e.js', true],
    ['/assets/898.b74c7176.css', true],
    ['/assets/logo.0a1b2c3d.svg', true],
    ['/assets/main.9de59a89.js', true], // the entry is content-hashed too
    ['/assets/main.js', false], // no hash: never cache first
    ['/assets/391.c680d74e.js.map', false],
    ['/assets/391.c680d74e.js.LICENSE.txt', false],
    ['/assets/mf-manifest.json', false],
    ['/static/icons/icon.svg', false],
  ])('hashed asset %s → %s', (path, want) => {
    expect(isHashedAsset(path)).toBe(want);
  });

  test.each([
    ['/modules/mf-menu/1.0.0/remoteEntry.js', true],
    ['/modules/mf-menu/1.0.0/391.c680d74e.js', true],
    ['/modules/mf-menu/1.2.3-canary.1/assets/hero.0a1b2c3d.svg', true],
    ['/modules/mf-menu/1.0.0/mf-manifest.json', false],
    ['/modules/mf-menu/1.0.0/mf-stats.json', false],
    ['/modules/mf-menu/1.0.0/remoteEntry.js.map', false],
    ['/modules/mf-menu/latest/remoteEntry.js', false],
    ['/modules/mf-menu/remoteEntry.js', false],
  ])('module file %s → %s', (path, want) => {
    expect(isModuleFile(path)).toBe(want);
  });

  test.each([
    '/api',
    '/api/',
    '/api/ordering/cart',
    '/payments/2.8.0/fields',
    '/modules/mf-menu/1.0.0/mf-manifest.json',
    '/sw.js',
  ])('%s is never cached', (path) => {
    expect(neverCached(path)).toBe(true);
    expect(isHashedAsset(path) || isModuleFile(path)).toBe(false);
  });

  test.each([
    ['/', true],
    ['/menu/m-louisville', true],
    ['/app/checkout', true],
    ['/apiary', true],
    ['/api/session', false],
    ['/api', false],
    ['/assets/main.js', false],
    ['/modules/mf-menu/1.0.0/remoteEntry.js', false],
    ['/static/offline.html', false],
    ['/sw.js', false],
    ['/healthz', false],
    ['/payments/2.8.0/fields', false], // the card processor's frame
  ])('navigation to %s handled → %s', (path, want) => {
    expect(isPageNavigation(path)).toBe(want);
    expect(NAVIGATION_DENYLIST.some((re) => re.test(path))).toBe(!want);
  });
});
