import { choosePopup, popupApplies, readDismissed, type PopupContent } from './popups';

const welcome: PopupContent = {
  id: 'welcome',
  kind: 'welcome',
  version: 1,
  title: 'Welcome',
  text: '',
  show: 'no-user',
  paths: ['/'],
  exclude: ['/account', '/checkout'],
};
const site: PopupContent = {
  id: 'promo',
  kind: 'site',
  version: 2,
  title: 'Promo',
  text: '',
  show: 'all',
  exclude: ['/checkout'],
};

test('the welcome popup comes first, then the site popup once it is dismissed', () => {
  expect(choosePopup([site, welcome], '/', false, new Set())).toBe(welcome);
  expect(choosePopup([site, welcome], '/', false, new Set(['welcome@1']))).toBe(site);
  expect(choosePopup([site, welcome], '/', false, new Set(['welcome@1', 'promo@2']))).toBeNull();
});

test('a new version of a dismissed popup shows again', () => {
  expect(choosePopup([site], '/', false, new Set(['promo@1']))).toBe(site);
});

test('an undismissed welcome popup holds site popups back where it does not apply', () => {
  expect(choosePopup([welcome, site], '/account/signin', false, new Set())).toBeNull();
});

test('members never see a no-user popup; their site popup shows instead', () => {
  expect(popupApplies(welcome, '/', true)).toBe(false);
  expect(choosePopup([welcome, site], '/', true, new Set())).toBe(site);
  expect(choosePopup([site], '/', true, new Set())).toBe(site);
  expect(popupApplies({ ...site, show: 'user' }, '/', false)).toBe(false);
});

test('exclusions match whole path segments, with or without a trailing slash', () => {
  expect(popupApplies(site, '/checkout', false)).toBe(false);
  expect(popupApplies(site, '/checkout/', false)).toBe(false);
  expect(popupApplies(site, '/checkout/order', false)).toBe(false);
  expect(popupApplies(site, '/checkouts', false)).toBe(true);
  expect(popupApplies({ ...site, paths: ['/menu'] }, '/locations', false)).toBe(false);
  expect(popupApplies({ ...site, paths: ['/menu'] }, '/menu/m-standard', false)).toBe(true);
});

test('dismissals are read from storage, and bad storage reads as none', () => {
  expect([...readDismissed({ getItem: () => '["welcome@1", 3]' })]).toEqual(['welcome@1']);
  expect(readDismissed({ getItem: () => '{not json' }).size).toBe(0);
  expect(readDismissed({ getItem: () => null }).size).toBe(0);
});
