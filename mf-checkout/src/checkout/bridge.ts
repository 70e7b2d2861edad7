// The native app's side of a webview checkout (docs/webview.md, "Checkout result"): when
// the order is placed (or the guest leaves), the page tells the app through whichever
// bridge the app installed (the kit's postToApp), and also puts the order id in the URL,
// which an app without a bridge watches.
import { postToApp, type AppBridge } from '@henhouse/kit/webview/bridge';

export type CheckoutResult =
  | { type: 'order_placed'; orderId: string; status: string; totalCents: number; readyAt: string }
  | { type: 'checkout_closed' };

/** handToApp sends the result to the app; it answers the bridge used, or "url" when none. */
export function handToApp(result: CheckoutResult, win: Window = window): AppBridge | 'url' {
  return postToApp({ source: 'henhouse-checkout', version: 1, ...result }, win) ?? 'url';
}
