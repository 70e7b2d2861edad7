// The parts of the chrome the first screen does not show (docs/shell.md, "First-load
// budget"): the error and forced sign-out dialogs, the cart drawer, the mobile menu and
// the popups. Each is its own chunk, loaded when it is first wanted, and all of them are
// fetched once the first screen is shown and the browser is idle (preloadChrome), so a dialog
// still opens at once, and offline, when it is needed later. Once shown, a part stays
// mounted, so closing it restores focus and scrolling as before (kit/src/ui/Dialog.tsx).
import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { hasErrors, useAppStore } from '@henhouse/kit/state/store';
import { firstScreen } from '@henhouse/kit/ui/firstScreen';
import { idle, whenIdle } from '../whenIdle';
import { fetchPopupsEarly } from './popupContent';

/** A deferred part's code: load() fetches it (once), and keeps it for the render. */
interface Part<P> {
  load: () => Promise<{ default: ComponentType<P> }>;
  loaded?: { default: ComponentType<P> };
}

function part<P>(load: () => Promise<ComponentType<P>>): Part<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const p: Part<P> = {
    load: () => {
      loading ??= load().then(
        (component) => (p.loaded = { default: component }),
        (err: unknown) => {
          loading = undefined; // asked again, it loads again
          throw err;
        },
      );
      return loading;
    },
  };
  return p;
}

const loaders = {
  errorDialog: part(() => import('./ErrorDialog').then((m) => m.ErrorDialog)),
  forcedSignOut: part(() => import('./ForcedSignOut').then((m) => m.ForcedSignOut)),
  cartDrawer: part(() => import('./CartDrawer').then((m) => m.CartDrawer)),
  mobileMenu: part<{ careersUrl: string }>(() => import('./MobileMenu').then((m) => m.MobileMenu)),
  popups: part(() => import('./Popups').then((m) => m.Popups)),
  toaster: part(() => import('@henhouse/kit/ui/toaster').then((m) => m.Toaster)),
};

/** preloadChrome fetches every deferred part (after the first render, see whenIdle), one
 *  part per idle period: each part's import puts its script and style elements on the
 *  page, a few ms of main thread each, and all five in one go were a task of ≈ 6 ms on a
 *  fast machine, 25 ms on a phone four times slower. */
export function preloadChrome(): void {
  const next = (parts: readonly { load: () => Promise<unknown> }[]) => {
    const [first, ...rest] = parts;
    if (!first) return;
    first.load().catch(() => {
      /* not fatal: the part is loaded again when it is first wanted */
    });
    if (rest.length) idle(() => next(rest));
  };
  next(Object.values(loaders));
}

/** Once wanted is true it stays true (the part stays mounted once shown). */
function useOnceTrue(wanted: boolean): boolean {
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  return seen || wanted;
}

function deferred<P extends object>(code: Part<P>) {
  const Lazy = lazy(code.load);
  // Mounted when the part is first wanted. A part whose code is already here (fetched
  // ahead) renders in that same commit: as a lazy component it would suspend once, and
  // React reveals a suspended part only after its Suspense throttle (up to 300 ms), so
  // a popup shown with the first screen would come that much later.
  function Shown(props: P) {
    const [Component] = useState<ComponentType<P>>(() => code.loaded?.default ?? Lazy);
    return <Component {...props} />;
  }
  return function Deferred({ wanted, ...props }: P & { wanted: boolean }) {
    if (!useOnceTrue(wanted)) return null;
    return (
      <Suspense fallback={null}>
        <Shown {...(props as P)} />
      </Suspense>
    );
  };
}

const ErrorDialogPart = deferred(loaders.errorDialog);
const ForcedSignOutPart = deferred(loaders.forcedSignOut);
const CartDrawerPart = deferred(loaders.cartDrawer);
const MobileMenuPart = deferred(loaders.mobileMenu);
const PopupsPart = deferred(loaders.popups);
const ToasterPart = deferred(loaders.toaster);

/** The toasts (kit/src/ui/toaster.tsx), mounted once the first screen is shown and the
 *  browser is idle: no first screen shows a toast, and one raised earlier is kept by the
 *  toast store and shown as the Toaster mounts. */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  return <ToasterPart wanted={wanted} />;
}

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

/** prefetchPopups starts fetching the popups' content and, when one will show, its code
 *  and image (./popupContent). The shell calls it as it starts, before its first render;
 *  the popups take its answer. It answers once the popup can paint whole. */
export function prefetchPopups(): Promise<void> {
  return fetchPopupsEarly(() =>
    loaders.popups.load().catch(() => {
      /* not fatal: the part is loaded again when it is wanted */
    }),
  );
}

/** afterFrame resolves in a task after the browser has drawn its next frame. A popup
 *  shows once the first screen's frame is drawn, not right after its commit: opening a
 *  modal makes the browser work out the page's style and layout at once, and right after
 *  the commit that was the whole new page's, 20–40 ms on a fast machine inside the task
 *  that opened the popup (with the first screen's effects). After the frame, only the
 *  dialog's is left. The edge's popup is on the page meanwhile (./earlyPopup.ts), so the
 *  guest sees no change. A page in a background tab draws no frames: the popup then
 *  shows when the tab is shown, or by the idle fallback below. */
function afterFrame(): Promise<void> {
  return new Promise((resolve) => {
    const task = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(task);
    else task();
  });
}

/** How long a popup waits for its code and image once the page is idle. */
export const POPUP_WAIT_MS = 1000;

/** The popups (./Popups): their content, and the image and code of the popup that will
 *  show, are fetched from the shell's start on (prefetchPopups). A popup shows with the
 *  first screen, as soon as it can paint whole, instead of after the rest of the page's
 *  work (a map, say): a guest meets it before starting on the page, and it is not a late
 *  change to a page already in use. When its code or image are slow, it shows once the
 *  browser is idle and POPUP_WAIT_MS have passed, with what has come by then. */
export function Popups() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const prepared = prefetchPopups();
    const show = () => setReady(true);
    void firstScreen
      .then(() => prepared)
      .then(afterFrame)
      .then(show);
    whenIdle(() => setTimeout(show, POPUP_WAIT_MS));
  }, []);
  return <PopupsPart wanted={ready} />;
}
