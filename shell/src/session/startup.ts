// Wires the kit's start-up sequence and the session's token rule to this page
// (docs/shell.md, "Start-up and the session check").
import type { Bootstrap } from '@henhouse/kit/bootstrap';
import { actions } from '@henhouse/kit/actions';
import { ApiError } from '@henhouse/kit/api/client';
import { reportError } from '@henhouse/kit/api/useLoad';
import { startUp } from '@henhouse/kit/session/startup';
import { tokenValid } from '@henhouse/kit/session/token';
import { useAppStore } from '@henhouse/kit/state/store';
import { settleCart } from './cartHint';

/** seedSession puts what the edge knows of the session into the store. */
export function seedSession(boot: Bootstrap): void {
  const s = useAppStore.getState();
  if (boot.session.loggedOut) s.reset(['token', 'user', 'members']);
  s.set({ token: boot.session.token ?? null });
  if (!boot.session.signedIn) s.reset(['user', 'members']);
}

/** runStartup is the start-up sequence of the web layouts; the webview has its own. */
export function runStartup(boot: Bootstrap, path: string, query: Record<string, string>) {
  const store = useAppStore.getState;
  return startUp({
    query,
    path,
    hasCart: !!boot.session.hasCart,
    state: () => {
      const s = store();
      return { location: s.location, cart: s.cart, token: s.token, user: s.user };
    },
    clearLocation: () => store().reset(['location']),
    report: reportUnlessSignedOut,
    actions: {
      abandonCart: actions.abandonCart,
      // The header's greeting shows the points balance, so the member's rewards come
      // with the user.
      getUser: async () => {
        const user = await actions.getUser();
        if (!store().members) await actions.getRewards().catch(reportError);
        return user;
      },
      getCart: actions.getCart,
      reloadLocation: actions.reloadLocation,
      transferCart: actions.transferCart,
    },
  })
    .catch((err: unknown) => {
      // Start-up is best effort: the page works without it; the next action retries.
      console.warn('start-up', err);
      return [];
    })
    .finally(settleCart); // the cart is here, or there is none to wait for
}

/** reportUnlessSignedOut shows a failure in the error dialog; a 401 only says the member
 *  is signed out already, which the page shows anyway. */
function reportUnlessSignedOut(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) return;
  reportError(err);
}

/** checkSession runs on every client-side route change: a token whose
 *  provider is not the loyalty provider, or without a version, or below "1", logs out. */
export function checkSession(boot: Bootstrap): boolean {
  const { token } = useAppStore.getState();
  if (!token) return true;
  if (tokenValid(token, boot.config.loyaltyProvider, boot.config.tokenVersion)) return true;
  void actions.logoutUser().catch(reportUnlessSignedOut);
  return false;
}
