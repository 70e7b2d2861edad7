import type { ScreenProps } from '@henhouse/kit/screen';
import { AppCheckout } from '../checkout/AppCheckout';
import { CheckoutPage } from '../checkout/CheckoutPage';

/** /order/checkout and /app/checkout: one checkout; inside the native app its placement is "app". */
export default function Checkout({ layout }: ScreenProps) {
  return layout === 'app' ? <AppCheckout /> : <CheckoutPage placement="web" />;
}
