// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the
// checkout of a visitor the edge knows no cart of says at once that the cart is empty (on
// the site and in the app), and so does the order page of a visitor who has no cart and
// has placed no order; the confirmation page without an order's id says at once that
// there is no recent order to a visitor the edge knows has placed none.
import { prerenderBrand, prerenderScreen, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import { EmptyCart } from './checkout/EmptyCart';
import { NoRecentOrder } from './screens/Confirmation';
import Order from './screens/Order';

export function renderScreens(): ScreenPrerenders {
  return {
    brandName: prerenderBrand,
    screens: {
      // CheckoutPage's first render for such a visitor (CheckoutPage.tsx), in the
      // checkout's layout and in the app's, which has no way back to the menu. Not with a
      // query: the app's checkout shows the order it has just placed (?order=…).
      Checkout: {
        when: ['noCart', 'noQuery'],
        layouts: {
          minimal: prerenderScreen(
            <EmptyCart placement="web" screen="mf-checkout/Checkout" />,
            '/order/checkout',
            'minimal',
          ),
          app: prerenderScreen(<EmptyCart placement="app" screen="mf-checkout/Checkout" />, '/app/checkout', 'app'),
        },
      },
      // RecentOrder's answer for a visitor who has placed none (Confirmation.tsx); an
      // order's id in the path, or an order on its way, is another page.
      Confirmation: {
        when: ['noParams', 'noOrders'],
        layouts: {
          default: prerenderScreen(<NoRecentOrder />, '/order/confirm', 'default'),
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
