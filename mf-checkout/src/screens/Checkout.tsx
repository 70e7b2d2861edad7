import { lazy } from 'react';
import type { ScreenProps } from '@henhouse/kit/screen';
import { CheckoutPage } from '../checkout/CheckoutPage';

// The native app's checkout (with its order status view) is a chunk of its own: the
// web checkout's first load does not carry it (docs/shell.md, "First-load budget").
// While it loads, the shell's loading state for the area shows.
const AppCheckout = lazy(() => import('../checkout/AppCheckout').then((m) => ({ default: m.AppCheckout })));

/** /order/checkout and /app/checkout: one checkout; inside the native app its placement is "app". */
export default function Checkout({ layout }: ScreenProps) {
  return layout === 'app' ? <AppCheckout /> : <CheckoutPage placement="web" />;
}
