// The native app's side of a webview checkout (docs/webview.md, "Checkout result"): when
// the order is placed (or the guest leaves), the page tells the app through whichever
// bridge the app installed, and also puts the order id in the URL, which an app without
// a bridge watches.

export type CheckoutResult =
  | { type: 'order_placed'; orderId: string; status: string; totalCents: number; readyAt: string }
  | { type: 'checkout_closed' };

interface BridgeWindow {
  ReactNativeWebView?: { postMessage(msg: string): void };
  webkit?: { messageHandlers?: { henhouse?: { postMessage(msg: unknown): void } } };
  HenhouseAndroid?: { postMessage(msg: string): void };
}

/** handToApp sends the result to the app; it answers the bridge used, or "url" when none. */
export function handToApp(result: CheckoutResult, win: Window = window): 'react-native' | 'webkit' | 'android' | 'url' {
  const w = win as Window & BridgeWindow;
  const msg = { source: 'henhouse-checkout', version: 1, ...result };
  if (w.ReactNativeWebView?.postMessage) {
    w.ReactNativeWebView.postMessage(JSON.stringify(msg));
    return 'react-native';
  }
  if (w.webkit?.messageHandlers?.henhouse?.postMessage) {
    w.webkit.messageHandlers.henhouse.postMessage(msg);
    return 'webkit';
  }
  if (w.HenhouseAndroid?.postMessage) {
    w.HenhouseAndroid.postMessage(JSON.stringify(msg));
    return 'android';
  }
  return 'url';
}
