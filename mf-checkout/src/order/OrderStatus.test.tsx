import type { Order } from '@henhouse/kit/api/checkout';
import { statusSentence } from './OrderStatus';

const order = (o: Partial<Order>) => ({ status: 'placed', handoff: { mode: 'pickup' }, ...o }) as Order;

test('an advance order says when the kitchen starts on it, as the edge writes it', () => {
  expect(statusSentence(order({ kitchen_starts: 'Mon 11:10 AM' }))).toBe(
    'Your order is placed. The kitchen starts on it Mon 11:10 AM.',
  );
  expect(statusSentence(order({}))).toBe('Your order is placed. The kitchen starts on it soon.');
});
