// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the
// checkout of a visitor the edge knows no cart of says at once that the cart is empty, and
// so does the order page of a visitor who has no cart and has placed no order.
import { prerenderBrand, prerenderScreen, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import { EmptyCart } from './checkout/EmptyCart';
import Order from './screens/Order';

export function renderScreens(): ScreenPrerenders {
  return {
    brandName: prerenderBrand,
    screens: {
      // CheckoutPage's first render for such a visitor (CheckoutPage.tsx), in the
      // checkout's layout.
      Checkout: {
        when: ['noCart'],
        layouts: {
          minimal: prerenderScreen(
            <EmptyCart placement="web" screen="mf-checkout/Checkout" />,
            '/order/checkout',
            'minimal',
          ),
        },
      },
      // An order on its way comes first on the page, so the copy waits for a visitor the
      // edge knows has placed none.
      Order: {
        when: ['noCart', 'noOrders'],
        layouts: {
          default: prerenderScreen(
            <Order routeId="order" params={{}} query={{}} layout="default" />,
            '/order',
            'default',
          ),
        },
      },
    },
  };
}
