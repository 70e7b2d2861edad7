// The native app's bridges into its webview (docs/webview.md, "Messages to the app"):
// a page of the app flow tells the app what happened (an order placed, a member signed
// in) through whichever bridge the app installed.

/** The bridge a message went through. */
export type AppBridge = 'react-native' | 'webkit' | 'android';

/** Every message names the screen that sent it and the message format's version. */
export interface AppMessage {
  source: string;
  version: number;
  type: string;
  [field: string]: unknown;
}

interface BridgeWindow {
  ReactNativeWebView?: { postMessage(msg: string): void };
  webkit?: { messageHandlers?: { henhouse?: { postMessage(msg: unknown): void } } };
  HenhouseAndroid?: { postMessage(msg: string): void };
}

/** appBridge is the bridge the app installed, or null in a browser (or an app without one). */
export function appBridge(win: Window = window): AppBridge | null {
  const w = win as Window & BridgeWindow;
  if (typeof w.ReactNativeWebView?.postMessage === 'function') return 'react-native';
  if (typeof w.webkit?.messageHandlers?.henhouse?.postMessage === 'function') return 'webkit';
  if (typeof w.HenhouseAndroid?.postMessage === 'function') return 'android';
  return null;
}

/**
 * postToApp sends a message through the first bridge found: React Native and Android
 * take a JSON string, WKWebView's handler an object. It answers the bridge used, or null
 * when there is none (the screen then shows what to do instead).
 */
export function postToApp(msg: AppMessage, win: Window = window): AppBridge | null {
  const w = win as Window & BridgeWindow;
  const bridge = appBridge(win);
  if (bridge === 'react-native') w.ReactNativeWebView!.postMessage(JSON.stringify(msg));
  else if (bridge === 'webkit') w.webkit!.messageHandlers!.henhouse!.postMessage(msg);
  else if (bridge === 'android') w.HenhouseAndroid!.postMessage(JSON.stringify(msg));
  return bridge;
}
