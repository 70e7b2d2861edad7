// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the
// checkout of a visitor the edge knows no cart of says at once that the cart is empty.
import { prerenderBrand, prerenderScreen, type ScreenPrerenders } from '@henhouse/kit/prerender/screens';
import { EmptyCart } from './checkout/EmptyCart';

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
    },
  };
}
