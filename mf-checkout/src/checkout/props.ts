// What the checkout screen is given, shared by the screen (CheckoutPage) and the form it
// loads (CheckoutForm), which import it from here rather than from each other.
import type { Order } from '@henhouse/kit/api/checkout';

export interface CheckoutPageProps {
  /** "app" inside the native app's webview: no links back into the site, the result goes to the app. */
  placement: 'web' | 'app';
  /** A test checkout for app teams: the built-in processor and its test cards. */
  test?: boolean;
  /** Called with the placed order (the webview shows it in place). */
  onPlaced?: (o: Order) => void;
  /** The screen's name in data-screen. Default: "mf-checkout/Checkout". */
  screen?: string;
}
