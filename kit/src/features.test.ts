import { setBootstrap, type Bootstrap } from '@henhouse/kit/bootstrap';
import { featureOn } from './features';

afterEach(() => setBootstrap(null));

test('a feature is off only when the bootstrap says false', () => {
  setBootstrap({ config: { features: { badges: false, giftCards: true } } } as unknown as Bootstrap);
  expect(featureOn('badges')).toBe(false);
  expect(featureOn('giftCards')).toBe(true);
  expect(featureOn('favorites')).toBe(true);
});

test('a page without a bootstrap offers every feature', () => {
  expect(featureOn('badges')).toBe(true);
});
