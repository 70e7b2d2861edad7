import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from '@henhouse/kit/router';
import type { Bootstrap, Layout, RouteEntry } from '@henhouse/kit/bootstrap';
import { mockApi, resetStore } from '@henhouse/kit/test/harness';
import { Root } from '../routing/Root';
import {
  chromeConfig,
  chromePath,
  HEADING_MARKER,
  layouts,
  MAIN_END,
  MAIN_START,
  renderAllChrome,
  renderChrome,
} from './chrome';

// A remote that is still loading: the first render shows the area's loading state.
jest.mock('../federation/remotes', () => ({ loadScreen: () => new Promise(() => {}) }));
// The app layout's start-up (API calls after mount) is not part of the first render.
jest.mock('../session/webview', () => ({ startWebview: () => Promise.resolve() }));

const route = (id: string, pattern: string, layout: Layout): RouteEntry => ({
  id,
  pattern,
  module: 'mf-checkout',
  screen: 'Checkout',
  layout,
  heading: 'path',
  regex: `^${pattern}/?$`,
});
const pathOf: Record<Layout, string> = { default: chromePath, minimal: '/account/confirmed', app: '/app/checkout' };
const headingOf: Record<Layout, string> = {
  default: 'Page order checkout',
  minimal: 'Page account <confirmed> & "more"',
  app: 'Page app checkout',
};

function bootFor(layout: Layout): Bootstrap {
  return {
    path: pathOf[layout],
    status: 200,
    layout,
    heading: headingOf[layout],
    routes: layouts.map((l) => route(l, pathOf[l], l)),
    modules: {},
    config: { ...chromeConfig, environment: 'test' },
    session: { signedIn: false, forcedSignOut: false },
  } as unknown as Bootstrap;
}

// What the edge does with the chrome: the heading's text, HTML-escaped, in place of the marker.
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell's first render of the page, as HTML. */
function clientFirstRender(layout: Layout): string {
  const el = document.createElement('div');
  document.body.append(el);
  const boot = bootFor(layout);
  const root = createRoot(el);
  act(() =>
    root.render(
      <MemoryRouter initialEntries={[boot.path]}>
        <Root boot={boot} />
      </MemoryRouter>,
    ),
  );
  const html = el.innerHTML;
  act(() => root.unmount());
  el.remove();
  return html;
}

/** html as the browser reads it, serialized back. renderToString separates adjacent text
 *  with <!-- -->, which shows nothing. */
function asParsed(html: string): string {
  const el = document.createElement('div');
  el.innerHTML = html.replace(/<!-- -->/g, '');
  return el.innerHTML;
}

beforeEach(() => {
  resetStore();
  window.scrollTo = () => {}; // jsdom has no scrolling
  mockApi({ 'GET /content/popups': { body: { popups: [] } } });
});

describe('prerendered chrome', () => {
  it.each(layouts)('the %s layout is what the shell renders first, heading in place of the marker', (layout) => {
    const chrome = renderChrome(layout);
    expect(chrome.split(HEADING_MARKER)).toHaveLength(2);
    expect(chrome.split(MAIN_START)).toHaveLength(2);
    expect(chrome.split(MAIN_END)).toHaveLength(2);
    // The edge drops the main area's markers, keeping what is between them.
    const page = asParsed(
      chrome.replace(HEADING_MARKER, escapeHtml(headingOf[layout])).replace(MAIN_START, '').replace(MAIN_END, ''),
    );
    expect(clientFirstRender(layout)).toBe(page);
  });

  it('has the skip link, header, footer and an empty, loading main area in the default layout only', () => {
    const all = renderAllChrome();
    expect(Object.keys(all)).toEqual(['default', 'minimal', 'app']);
    const doc = document.createElement('div');
    doc.innerHTML = all.default;
    expect(doc.querySelector('a.hh-skip-link')?.getAttribute('href')).toBe('#main');
    expect(doc.querySelector('header')?.textContent).toContain('Sign In');
    expect(doc.querySelector('footer')?.textContent).toContain('Privacy');
    expect(doc.querySelector('main#main .hh-area-loading[role="status"]')).not.toBeNull();
    const main = doc.querySelector('main#main')?.innerHTML ?? '';
    expect(main.slice(main.indexOf(MAIN_START), main.indexOf(MAIN_END) + MAIN_END.length)).toMatch(
      /^<!--hh:main--><div class="hh-area-loading"[^]*<\/div><!--\/hh:main-->$/,
    );
    expect(doc.querySelector('h1#page-heading')?.innerHTML).toBe(HEADING_MARKER);
    for (const bare of [all.minimal, all.app]) {
      doc.innerHTML = bare;
      expect(doc.querySelector('header, footer, .hh-skip-link')).toBeNull();
      expect(doc.querySelector('main#main .hh-area-loading')).not.toBeNull();
    }
  });
});
