import { useEffect } from 'react';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import { useLocation } from '@henhouse/kit/router';
import { getPage } from '@henhouse/kit/api/content';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { NotFound } from '@henhouse/kit/ui/NotFound';
import { Blocks } from '../blocks/Blocks';
import '../content.css';

/** A content-managed page (home and the catch-all). */
export default function ContentPage({ params }: ScreenProps) {
  const slug = params.slug ?? '';
  // Urgent: the page shows as soon as its blocks are here, a catering block's own
  // loading state standing in until its chunk has loaded.
  const page = useLoad(`page:${slug}`, (signal) => getPage(slug, signal), { urgent: true });
  const { pathname } = useLocation();
  // The editor's title names the document, as the edge names it on a first load; home
  // keeps the brand alone (kit/src/routing/heading.ts, documentTitle).
  const title = page.status === 'ready' && slug ? page.data.title : null;
  useEffect(() => {
    if (title) useAppStore.getState().set({ pageTitle: { path: pathname, title } });
  }, [title, pathname]);
  if (page.status === 'loading')
    return (
      <div className="hh-area-loading" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    );
  if (page.status === 'error') {
    if (page.error.status === 404) return <NotFound />;
    return <p role="alert">{page.error.message || 'Error'}</p>;
  }
  return (
    <article className="hh-content" data-screen="mf-content/ContentPage" data-slug={page.data.slug}>
      <h2 className="visually-hidden">{page.data.title}</h2>
      <Blocks blocks={page.data.blocks} />
    </article>
  );
}
