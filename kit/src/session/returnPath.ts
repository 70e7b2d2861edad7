// Where to go after signing in (or any step that takes a `return` path from the URL).

/**
 * safeReturn accepts a `return` target only when it is a path on this site: it starts
 * with one "/", has no scheme or host (so "//evil.example", "/\\evil" and
 * "https://…" are refused), has no control characters or backslashes, is not a
 * sign-in page itself (no loops) and is not under /api. Anything else gives
 * `fallback` (the account page unless the caller names another).
 */
export function safeReturn(target: string | null | undefined, fallback = '/account'): string {
  if (!target || typeof target !== 'string') return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters (anything below a space) and backslashes never belong in our paths.
  if (target.includes('\\') || /[^\x20-\uffff]/.test(target)) return fallback;
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
