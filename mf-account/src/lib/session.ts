// Signing in and where to go afterwards.
import { useAppStore } from '@henhouse/kit/state/store';
import type { SignedIn } from './types';

/** signedIn writes the member into the one app-state store (user, members, token). */
export function storeSignedIn(r: Pick<SignedIn, 'user' | 'members' | 'token'>): void {
  useAppStore.getState().set({
    user: r.user as unknown as Record<string, unknown>,
    members: (r.members ?? null) as never,
    token: r.token ?? null,
  });
}

/**
 * safeReturn accepts a `return` target only when it is a path on this site: it starts
 * with one "/", has no scheme or host (so "//evil.example", "/\\evil" and
 * "https://…" are refused) and is not a sign-in page itself (no loops).
 */
export function safeReturn(target: string | null | undefined, fallback = '/account'): string {
  if (!target || typeof target !== 'string') return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters and backslashes never belong in our paths.
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  let u: URL;
  try {
    u = new URL(target, 'https://henhouse.invalid');
  } catch {
    return fallback;
  }
  if (u.origin !== 'https://henhouse.invalid') return fallback;
  if (/^\/(account\/(signin|signup|forgot)|app\/code)\/?$/.test(u.pathname)) return fallback;
  if (u.pathname.startsWith('/api/')) return fallback;
  return u.pathname + u.search + u.hash;
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
