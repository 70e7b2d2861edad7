import { mockApi, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, clientFirstRender } from '@henhouse/kit/prerender/test/compare';
import { renderScreens } from './prerender';
import Checkout from './screens/Checkout';

// The checkout's copy is what the screen renders first for a visitor the edge knows no
// cart of: the empty cart, without a loading state in between.
beforeEach(() => {
  resetStore();
  mockApi({ 'GET /cart': () => new Promise(() => {}) });
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
