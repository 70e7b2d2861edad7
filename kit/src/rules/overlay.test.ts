import { orderNowDestination, overlayHidden } from './overlay';

describe('site overlay hide rules', () => {
  it.each([
    ['/account/signin', true],
    ['/account/signin/', true],
    ['/account/signup', true],
    ['/account/signup/', true],
    ['/account/forgot', true],
    ['/account/forgot/', true],
    ['/account/confirmed', true],
    ['/account/confirmed/', true],
    ['/locations', true],
    ['/locations/ky/louisville', true],
    ['/menu', true],
    ['/menu/m1/product/p1', true],
    ['/order/checkout', true],
    ['/order/confirm/o1', true],
    ['/checkout/order', true],
    ['/', false],
    ['/account', false],
    ['/account/settings', false],
    ['/catering', false],
    ['/rewards', false],
    ['/contact', false],
  ])('%s hidden=%p', (path, hidden) => {
    expect(overlayHidden(path)).toBe(hidden);
  });
});

describe('"Order Now" destination (rules in order)', () => {
  it.each([
    ['cart with products', { menu_id: 'm1', products: [{}] }, { menu_id: 'm9' }, '/checkout/order'],
    ['empty cart', { menu_id: 'm1', products: [] }, { menu_id: 'm9' }, '/menu/m1'],
    ['no cart, location selected', null, { menu_id: 'm9' }, '/menu/m9'],
    ['nothing', null, null, '/locations'],
  ])('%s → %s', (_name, cart, location, want) => {
    expect(orderNowDestination(cart, location)).toBe(want);
  });
});
