import type { Cart, Location } from '@henhouse/kit/api/types';
import { handoffSummary } from './MenuHeader';

const loc = (open_now: boolean) => ({ open_now, time_zone: 'America/New_York' }) as Location;
const asapCart = { handoff: { mode: 'pickup' }, time: { mode: 'asap' } } as Cart;

test('a closed location is not ordered from as soon as possible', () => {
  expect(handoffSummary(null, loc(true))).toBe('Pickup, as soon as possible');
  expect(handoffSummary(asapCart, loc(true))).toBe('Pickup, as soon as possible');
  expect(handoffSummary(null, loc(false))).toBe('Pickup, choose a time (closed now)');
  expect(handoffSummary(asapCart, loc(false))).toBe('Pickup, choose a time (closed now)');
});
