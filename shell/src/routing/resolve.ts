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
 *
 * A redirect is the full target, query included. A route with a webview variant
 * (`webview` in the table: the sign-in's /app/signin) redirects there when the query
 * asks for it (`webview=1`, dropped from the target) or when the document is a webview
 * (served in the app layout), so a screen's plain "/account/signin" link keeps the
 * webview inside the app flow (docs/webview.md).
 */
export function resolve(boot: Bootstrap, pathname: string, search = ''): Resolved {
  const notFoundRoute = boot.routes.find((r) => r.id === 'not-found') ?? null;
  if (pathname === boot.path && boot.status === 404) {
    return { route: notFoundRoute, params: {}, layout: boot.layout, notFound: true };
  }
  const m = matchPath(boot.routes, pathname);
  if (!m) return { route: notFoundRoute, params: {}, layout: 'default', notFound: true };
  if (m.route.redirect)
    return {
      route: m.route,
      params: m.params,
      layout: m.route.layout,
      notFound: false,
      redirect: m.route.redirect + search,
    };
  if (m.route.webview) {
    const q = new URLSearchParams(search);
    if (q.get('webview') === '1' || boot.layout === 'app') {
      q.delete('webview');
      const rest = q.toString();
      return {
        route: m.route,
        params: m.params,
        layout: 'app',
        notFound: false,
        redirect: m.route.webview + (rest ? `?${rest}` : ''),
      };
    }
  }
  return { route: m.route, params: m.params, layout: m.route.layout, notFound: m.route.id === 'not-found' };
}
