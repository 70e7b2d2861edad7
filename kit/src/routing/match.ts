// Client-side matching against the edge's route table (sent in the bootstrap), so a
// route is written once, in Go, and both sides agree on every URL.
import type { RouteEntry } from '@henhouse/kit/bootstrap';

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

const compiled = new WeakMap<RouteEntry, RegExp>();

function regexOf(r: RouteEntry): RegExp {
  let re = compiled.get(r);
  if (!re) {
    re = new RegExp(r.regex);
    compiled.set(r, re);
  }
  return re;
}

/** Longest path the edge accepts; longer ones are not found on both sides. */
export const MAX_PATH_LENGTH = 1024;

/**
 * matchPath finds the first route for a path as it appears in the address bar
 * (percent-encoded). It returns null where the edge would answer 404.
 */
export function matchPath(routes: RouteEntry[], rawPath: string): RouteMatch | null {
  if (!rawPath.startsWith('/') || rawPath.length > MAX_PATH_LENGTH) return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  // The characters the edge's matcher refuses too (NUL, CR, LF, tab), so both 404 alike.
  if (/[\0\r\n\t]/.test(path) || path.includes('//')) return null;
  for (const route of routes) {
    const m = regexOf(route).exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(m.groups ?? {})) if (v) params[k] = v;
    return { route, params };
  }
  return null;
}
