import { useEffect } from 'react';
import { startWebview } from '../session/webview';
import { BareLayout } from './BareLayout';
import type { LayoutProps } from './types';

/** app: the native app's webview. No header, footer, cart drawer or
 *  overlay. On mount: checkout placement "app"; the token, user, cart, app state and
 *  location are cleared; then the app data the native app handed over is loaded
 *  (docs/webview.md). */
export function AppLayout({ heading, children }: LayoutProps) {
  useEffect(() => {
    void startWebview(window.location);
  }, []);
  return (
    <BareLayout name="app" heading={heading}>
      {children}
    </BareLayout>
  );
}
