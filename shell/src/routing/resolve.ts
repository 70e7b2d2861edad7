// Which layout and screen a location shows, from the edge's route table.
import type { Bootstrap, Layout, RouteEntry } from '@henhouse/kit/bootstrap';
import { matchPath } from '@henhouse/kit/routing/match';

export interface Resolved {
  route: RouteEntry | null;
  params: Record<string, string>;
  layout: Layout;
  notFound: boolean;
  redirect?: string;
}

/**
 * resolve matches a path. The edge already decided the first page (including content
 * pages that do not exist, which only it can know), so that decision is reused while
 * the path is the one the document was served for.
 */
export function resolve(boot: Bootstrap, pathname: string): Resolved {
  const notFoundRoute = boot.routes.find((r) => r.id === 'not-found') ?? null;
  if (pathname === boot.path && boot.status === 404) {
    return { route: notFoundRoute, params: {}, layout: boot.layout, notFound: true };
  }
  const m = matchPath(boot.routes, pathname);
  if (!m) return { route: notFoundRoute, params: {}, layout: 'default', notFound: true };
  if (m.route.redirect)
    return { route: m.route, params: m.params, layout: m.route.layout, notFound: false, redirect: m.route.redirect };
  return { route: m.route, params: m.params, layout: m.route.layout, notFound: m.route.id === 'not-found' };
}
