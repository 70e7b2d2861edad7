// Signing in: the store write and the single sign-on link. Where to go afterwards is
// the kit's safeReturn (kit/src/session/returnPath.ts).
import { useAppStore } from '@henhouse/kit/state/store';
import type { SignedIn } from '@henhouse/kit/api/types';

/**
 * settled waits until the webview start-up (AppLayout, docs/webview.md) is done with the store:
 * it clears the user and loads the app data, and must not undo this sign-in.
 */
export function settled(maxMs = 8000): Promise<void> {
  if (!useAppStore.getState().loading) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxMs);
    const unsub = useAppStore.subscribe((s) => !s.loading && done());
    function done() {
      clearTimeout(timer);
      unsub();
      resolve();
    }
  });
}

/** signedIn writes the member into the one app-state store (user, members, token). */
export function storeSignedIn(r: Pick<SignedIn, 'user' | 'members' | 'token'>): void {
  useAppStore.getState().set({
    user: r.user,
    members: r.members ?? null,
    token: r.token ?? null,
  });
}

/** apiBase is the edge's /api prefix from the bootstrap (for full-page links). */
export function apiBase(): string {
  try {
    const el = document.getElementById('bootstrap');
    const b = el?.textContent ? (JSON.parse(el.textContent) as { config?: { apiBase?: string } }) : null;
    return b?.config?.apiBase || '/api';
  } catch {
    return '/api';
  }
}

/** ssoHref is the single sign-on start (docs/identity.md): a full-page link, the edge
 *  answers 302 to the loyalty provider, which comes back to /app/code. */
export function ssoHref(returnTo: string): string {
  return `${apiBase()}/auth/sso?return=${encodeURIComponent(returnTo)}`;
}
