import { useEffect } from 'react';
import { useAppStore } from '@henhouse/kit/state/store';
import { PageHeading } from './PageHeading';
import { LoaderOverlay } from '../chrome/LoaderOverlay';
import type { LayoutProps } from './types';

/** app (spec 2.2, 4.2): the native app's webview. No header, footer, cart drawer or
 *  overlay. On mount: checkout placement "app", then the token, user, cart, app state
 *  and location are cleared before the native app's data is loaded. */
export function AppLayout({ heading, children }: LayoutProps) {
  useEffect(() => {
    const s = useAppStore.getState();
    s.reset(['token', 'user', 'cart', 'location', 'members', 'order', 'product', 'category']);
    s.set({ checkout: { placement: 'app' } });
  }, []);
  return (
    <div className="hh-layout hh-layout--app" data-layout="app">
      <PageHeading text={heading} />
      <LoaderOverlay />
      <main id="main" className="hh-main">
        {children}
      </main>
    </div>
  );
}
