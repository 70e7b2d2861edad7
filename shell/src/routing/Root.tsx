import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Navigate, useLocation } from '@henhouse/kit/router';
import type { Bootstrap } from '@henhouse/kit/bootstrap';
import { documentTitle, pageHeading } from '@henhouse/kit/routing/heading';
import { useAppStore } from '@henhouse/kit/state/store';
import { NotFound } from '@henhouse/kit/ui/NotFound';
import { mountAnnouncer } from '@henhouse/kit/ui/announce';
import { RemoteScreen } from '../federation/RemoteScreen';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { MinimalLayout } from '../layouts/MinimalLayout';
import { AppLayout } from '../layouts/AppLayout';
import { resolve } from './resolve';
// Dialogs load when first needed (docs/shell.md, "First-load budget").
import { ErrorDialog, ForcedSignOut, Toaster } from '../chrome/lazy';
import { PageErrorBoundary } from './ErrorPage';
import { checkSession } from '../session/startup';

export function Root({ boot }: { boot: Bootstrap }) {
  const loc = useLocation();
  const r = resolve(boot, loc.pathname, loc.search);
  const query = Object.fromEntries(new URLSearchParams(loc.search));
  const locationName = useAppStore((s) => s.location?.name);
  const productName = useAppStore((s) => s.product?.data?.name);
  const categoryName = useAppStore((s) => s.category?.name);

  // On the page the edge rendered, its heading stands: it named the real menu, category or
  // product when it validated the page, so the heading never changes under a screen reader.
  const heading =
    loc.pathname === boot.path && !r.notFound && boot.heading
      ? boot.heading
      : r.notFound
        ? pageHeading('path', '/404')
        : pageHeading(r.route?.heading ?? 'path', loc.pathname, { locationName, productName, categoryName });

  useEffect(() => {
    window.scrollTo(0, 0);
    checkSession(boot); // the token rule, on every route change
  }, [loc.pathname, boot]);

  // A client-side navigation is a new page (docs/accessibility.md, "Page changes"): the
  // document title becomes the one the edge would write, and focus moves to the new
  // page's heading, so a screen reader reads where the visitor is, once. The page the
  // edge served keeps its title and leaves focus where the browser put it.
  const pageTitle = useAppStore((s) => s.pageTitle);
  // A screen whose title depends on its data (a content page, a city's jobs) names it
  // once loaded; until then the route's own title, if any.
  const screenTitle = pageTitle?.path === loc.pathname ? pageTitle.title : null;
  const served = useRef(loc.pathname);
  const title = documentTitle(boot.config.brandName, {
    path: loc.pathname,
    heading,
    notFound: r.notFound,
    title: screenTitle ?? (r.route?.content ? null : r.route?.title),
  });
  useEffect(() => {
    if (loc.pathname === served.current) return;
    document.title = title;
  }, [title, loc.pathname]);
  useEffect(() => {
    if (loc.pathname === served.current) return;
    served.current = '';
    document.getElementById('page-heading')?.focus({ preventScroll: true });
  }, [loc.pathname]);

  // The site's live regions, once, before any screen has something to say.
  useEffect(() => mountAnnouncer(), []);

  // A session invalidated on the server arrives flagged in the bootstrap and opens the
  // forced sign-out dialog.
  useEffect(() => {
    if (boot.session.forcedSignOut) useAppStore.getState().setUi({ forcedSignOut: true });
  }, [boot]);

  if (r.redirect) return <Navigate to={r.redirect} replace />;

  const content =
    r.notFound || !r.route?.module || r.route.module === 'shell' ? (
      <NotFound />
    ) : (
      <RemoteScreen
        key={r.route.id}
        module={r.route.module}
        screen={r.route.screen!}
        routeId={r.route.id}
        params={r.params}
        query={query}
        layout={r.layout}
      />
    );

  const Layout = r.layout === 'app' ? AppLayout : r.layout === 'minimal' ? MinimalLayout : DefaultLayout;
  return (
    <>
      <PageErrorBoundary resetKey={loc.pathname}>
        <Layout heading={heading} boot={boot}>
          {content}
        </Layout>
      </PageErrorBoundary>
      <ForcedSignOut />
      <ErrorDialog />
      {/* The site's one toaster: a toast any screen raises shows here, above the floating
          "Order Now" (kit/src/ui/toaster.tsx). Outside the root, so the root's first render
          stays the prerendered chrome's (src/prerender). */}
      {createPortal(<Toaster />, document.body)}
    </>
  );
}
