import { mockApi, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, clientFirstRender } from '@henhouse/kit/prerender/test/compare';
import { renderScreens } from './prerender';
import Checkout from './screens/Checkout';
import Order from './screens/Order';

// The checkout's copy is what the screen renders first for a visitor the edge knows no
// cart of: the empty cart, without a loading state in between.
beforeEach(() => {
  resetStore();
  mockApi({ 'GET /cart': () => new Promise(() => {}), 'GET /orders/recent': () => new Promise(() => {}) });
});

it('draws the empty cart as the checkout first renders it, for a visitor with no cart', () => {
  const copy = renderScreens().screens.Checkout;
  expect(copy.when).toEqual(['noCart']);
  const html = copy.layouts.minimal ?? '';
  expect(html).toContain('Your cart is empty');
  expect(Object.keys(copy.layouts)).toEqual(['minimal']); // the app's checkout is another screen
  expect(
    clientFirstRender(
      <Checkout routeId="checkout" params={{}} query={{}} layout="minimal" />,
      '/order/checkout',
      'minimal',
    ),
  ).toBe(asPageHolds(html));
});

it('draws the order page with an empty cart, for a visitor with no cart and no order', () => {
  const copy = renderScreens().screens.Order;
  expect(copy.when).toEqual(['noCart', 'noOrders']);
  const html = copy.layouts.default ?? '';
  expect(html).toContain('Your cart is empty.');
  expect(html).toContain('Back to Menu');
  expect(html).not.toContain('data-screen=');
  expect(
    clientFirstRender(<Order routeId="order" params={{}} query={{}} layout="default" />, '/order', 'default'),
  ).toBe(asPageHolds(html));
});
