import { screen } from '@testing-library/react';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, canonical, clientFirstRender } from '@henhouse/kit/prerender/test/compare';
import { renderScreens } from './prerender';
import Checkout from './screens/Checkout';
import Order from './screens/Order';
import Confirmation from './screens/Confirmation';
import { AppCheckout } from './checkout/AppCheckout';

// The checkout's copy is what the screen renders first for a visitor the edge knows no
// cart of: the empty cart, without a loading state in between.
beforeEach(() => {
  resetStore();
  mockApi({ 'GET /cart': () => new Promise(() => {}), 'GET /orders/recent': () => new Promise(() => {}) });
});

it('draws the empty cart as the checkout first renders it, for a visitor with no cart', () => {
  const copy = renderScreens().screens.Checkout;
  expect(copy.when).toEqual(['noCart', 'noQuery']);
  const html = copy.layouts.minimal ?? '';
  expect(html).toContain('Your cart is empty');
  expect(html).toContain('Back to Menu');
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

it("draws the app's empty cart as the app's checkout first renders it, with no way back to the menu", () => {
  const html = renderScreens().screens.Checkout.layouts.app ?? '';
  expect(html).toContain('Your cart is empty');
  expect(html).not.toContain('Back to Menu');
  // The app's checkout is a file of its own (Checkout.tsx loads it lazily): what it renders
  // first once there.
  expect(clientFirstRender(<AppCheckout />, '/app/checkout', 'app')).toBe(asPageHolds(html));
});

it('draws "No recent order" as the confirmation page without an order says it, once it knows', async () => {
  const copy = renderScreens().screens.Confirmation;
  expect(copy.when).toEqual(['noParams', 'noOrders']);
  const html = copy.layouts.default ?? '';
  expect(html).toContain('No recent order');
  expect(html).toContain('Start an order');
  // The screen asks for the most recent order first, and shows the copy's content once
  // the answer is that there is none.
  mockApi({ 'GET /orders/recent': { body: { order: null } } });
  mount(Confirmation, '/order/confirm', { routeId: 'order-confirm' });
  const shown = await screen.findByRole('heading', { name: 'No recent order' });
  const wrap = document.createElement('div');
  wrap.append(shown.closest('[data-screen="mf-checkout/Confirmation"]')!.cloneNode(true));
  expect(canonical(wrap)).toBe(asPageHolds(html));
});
