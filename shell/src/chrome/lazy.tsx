// The parts of the chrome the first screen does not show (docs/shell.md, "First-load
// budget"): the error and forced sign-out dialogs, the cart drawer, the mobile menu and
// the popups. Each is its own chunk, loaded when it is first wanted, and all of them are
// fetched once the first screen is shown and the browser is idle (preloadChrome), so a dialog
// still opens at once, and offline, when it is needed later. Once shown, a part stays
// mounted, so closing it restores focus and scrolling as before (kit/src/ui/Dialog.tsx).
import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { hasErrors, useAppStore } from '@henhouse/kit/state/store';
import { firstScreen } from '@henhouse/kit/ui/firstScreen';
import { fetchPopupsEarly } from './popupContent';

const loaders = {
  errorDialog: () => import('./ErrorDialog').then((m) => ({ default: m.ErrorDialog })),
  forcedSignOut: () => import('./ForcedSignOut').then((m) => ({ default: m.ForcedSignOut })),
  cartDrawer: () => import('./CartDrawer').then((m) => ({ default: m.CartDrawer })),
  mobileMenu: () => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })),
  popups: () => import('./Popups').then((m) => ({ default: m.Popups })),
};

/** A screen that never reports (a redirect, a failed remote) holds deferred work this long. */
export const FIRST_SCREEN_WAIT_MS = 5000;

/** whenIdle runs fn after the first render: once the first screen is on the page (or
 *  FIRST_SCREEN_WAIT_MS has passed) and the browser has nothing else to do. */
export function whenIdle(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 2000 });
    else setTimeout(fn, 1);
  };
  void firstScreen.then(once);
  setTimeout(once, FIRST_SCREEN_WAIT_MS);
}

/** preloadChrome fetches every deferred part (after the first render, see whenIdle). */
export function preloadChrome(): void {
  for (const load of Object.values(loaders)) {
    load().catch(() => {
      /* not fatal: the part is loaded again when it is first wanted */
    });
  }
}

/** Once wanted is true it stays true (the part stays mounted once shown). */
function useOnceTrue(wanted: boolean): boolean {
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  return seen || wanted;
}

function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Part = lazy(load);
  return function Deferred({ wanted, ...props }: P & { wanted: boolean }) {
    if (!useOnceTrue(wanted)) return null;
    return (
      <Suspense fallback={null}>
        <Part {...(props as P)} />
      </Suspense>
    );
  };
}

const ErrorDialogPart = deferred(loaders.errorDialog);
const ForcedSignOutPart = deferred(loaders.forcedSignOut);
const CartDrawerPart = deferred(loaders.cartDrawer);
const MobileMenuPart = deferred<{ careersUrl: string }>(loaders.mobileMenu);
const PopupsPart = deferred(loaders.popups);

/** The global error dialog (./ErrorDialog), loaded when there is an error to show. */
export function ErrorDialog() {
  return <ErrorDialogPart wanted={useAppStore((s) => hasErrors(s.errors))} />;
}

/** The forced sign-out dialog (./ForcedSignOut), loaded when the session is invalidated. */
export function ForcedSignOut() {
  return <ForcedSignOutPart wanted={useAppStore((s) => s.ui.forcedSignOut)} />;
}

/** The cart drawer (./CartDrawer), loaded when it first opens. */
export function CartDrawer() {
  return <CartDrawerPart wanted={useAppStore((s) => s.ui.cartOpen)} />;
}

/** The mobile menu (./MobileMenu); the header renders it while the navigation is open. */
export function MobileMenu({ careersUrl }: { careersUrl: string }) {
  return <MobileMenuPart wanted careersUrl={careersUrl} />;
}

/** The popups (./Popups): their content and image are fetched once the first screen is
 *  shown (./popupContent), and they show once the browser is idle. */
export function Popups() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void firstScreen.then(fetchPopupsEarly);
    whenIdle(() => setReady(true));
  }, []);
  return <PopupsPart wanted={ready} />;
}
