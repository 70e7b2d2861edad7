import { safeReturn } from './returnPath';

describe('safeReturn', () => {
  it.each([
    ['/order/checkout', '/order/checkout'],
    ['/account?section=user-info', '/account?section=user-info'],
    ['/menu/m-1#top', '/menu/m-1#top'],
    ['/app/subscribe', '/app/subscribe'],
  ])('keeps the same-site path %s', (given, want) => expect(safeReturn(given)).toBe(want));

  it.each([
    [undefined],
    [''],
    ['https://evil.example/'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['account'],
    ['/account/signin'],
    ['/account/signin/?return=/account/signin'],
    ['/app/code?code=x'],
    ['/api/auth/logout'],
    ['/a\nb'],
  ])('refuses %p', (given) => expect(safeReturn(given)).toBe('/account'));

  it('gives the fallback the caller names', () => {
    expect(safeReturn('//evil.example', '/order/checkout')).toBe('/order/checkout');
    expect(safeReturn(null, '')).toBe('');
  });
});
