import { act, renderHook, waitFor } from '@testing-library/react';
import type { Order } from '@henhouse/kit/api/checkout';
import { mockApi } from '@henhouse/kit/test/harness';
import { useOrderStatus } from './useOrderStatus';

const order = (status: Order['status']) => ({ id: 'o_1', status }) as Order;

/** A stand-in EventSource the test drives. */
class FakeSource {
  static last: FakeSource | null = null;
  readyState = 0;
  onerror: (() => void) | null = null;
  closed = false;
  listeners: ((e: MessageEvent) => void)[] = [];
  constructor(public url: string) {
    FakeSource.last = this;
  }
  addEventListener(_type: string, fn: (e: MessageEvent) => void) {
    this.listeners.push(fn);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(o: Order) {
    this.readyState = 1;
    this.listeners.forEach((fn) => fn(new MessageEvent('order', { data: JSON.stringify({ order: o }) })));
  }
}
const ES = FakeSource as unknown as typeof EventSource;

test('follows the order on the event stream and closes it at the end', async () => {
  mockApi({ 'GET /orders/o_1': { body: { order: order('placed') } } });
  const { result } = renderHook(() => useOrderStatus('o_1', { EventSourceImpl: ES }));
  await waitFor(() => expect(result.current.order?.status).toBe('placed'));
  const src = FakeSource.last!;
  expect(src.url).toBe('/api/orders/o_1/events');
  act(() => src.emit(order('preparing')));
  expect(result.current.order?.status).toBe('preparing');
  act(() => src.emit(order('completed')));
  expect(result.current.order?.status).toBe('completed');
  expect(src.closed).toBe(true);
});

test('a stream that keeps failing gives way to asking every few seconds', async () => {
  const api = mockApi({ 'GET /orders/o_1': { body: { order: order('placed') } } });
  const { result } = renderHook(() => useOrderStatus('o_1', { EventSourceImpl: ES, pollMs: 20 }));
  await waitFor(() => expect(result.current.order?.status).toBe('placed'));
  const src = FakeSource.last!;
  act(() => src.onerror!()); // a dropped stream: the browser reconnects
  expect(src.closed).toBe(false);
  act(() => {
    src.onerror!();
    src.onerror!();
  });
  expect(src.closed).toBe(true);
  await waitFor(() => expect(result.current.status === 'ready' && result.current.live).toBe('polling'));
  await waitFor(() => expect(api.to('GET /orders/o_1').length).toBeGreaterThan(1));
});

test('without EventSource the page asks every few seconds', async () => {
  let status: Order['status'] = 'placed';
  mockApi({ 'GET /orders/o_1': () => ({ body: { order: order(status) } }) });
  const { result } = renderHook(() => useOrderStatus('o_1', { EventSourceImpl: undefined, pollMs: 20 }));
  await waitFor(() => expect(result.current.order?.status).toBe('placed'));
  status = 'ready';
  await waitFor(() => expect(result.current.order?.status).toBe('ready'));
});

test('an order that is not this visitor’s is an error the screen shows as not found', async () => {
  mockApi({
    'GET /orders/o_1': {
      status: 404,
      body: { error: { code: 'order_not_found', message: 'We couldn’t find that order.' } },
    },
  });
  const { result } = renderHook(() => useOrderStatus('o_1', { EventSourceImpl: ES }));
  await waitFor(() => expect(result.current.status).toBe('error'));
  expect(result.current.error?.status).toBe(404);
});
