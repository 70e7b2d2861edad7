// The layouts' chrome as static HTML (docs/shell.md, "First paint and layout stability"):
// header, footer, skip link, the page heading and the main area in its loading state,
// for a signed-out visitor with an empty cart. The shell's build writes it to
// build/shell/chrome.json; the edge puts it in the document's root with the page heading
// in place of HEADING_MARKER, so the page is painted before any script runs. The shell
// then renders the same DOM in its place (chrome.test.tsx keeps the two equal).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@henhouse/kit/router';
import type { Bootstrap, Layout } from '@henhouse/kit/bootstrap';
import { AreaLoading } from '../federation/RemoteScreen';
import { AppLayout } from '../layouts/AppLayout';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { MinimalLayout } from '../layouts/MinimalLayout';

/** Where the edge writes the page heading's escaped text; exactly once per layout. */
export const HEADING_MARKER = '<!--hh:heading-->';

/** Around the main area's loading state, exactly once per layout: the edge writes a
 *  prerendered screen in its place when it has one (docs/shell.md, "Prerendered
 *  screens"), and drops the markers either way. */
export const MAIN_START = '<!--hh:main-->';
export const MAIN_END = '<!--/hh:main-->';

export const layouts: Layout[] = ['default', 'minimal', 'app'];

// The chrome is drawn as on a page with no active navigation entry and without the
// "Order Now" overlay (overlayHidden: any path containing "order"). Elsewhere the shell's
// first render marks the active link and adds the overlay; neither moves anything (the
// overlay is fixed).
export const chromePath = '/order/checkout';

/** The brand and careers link the chrome is drawn with: the edge's defaults
 *  (BRAND_NAME, CAREERS_URL; README.md, "Environment"). */
export const chromeConfig = { brandName: 'Henhouse', careersUrl: 'https://careers.henhouse.example' };

// Texts that cannot occur in the chrome, replaced by the markers after rendering.
const HEADING_TOKEN = 'hh-heading-0b6f2c1e';
const MAIN_START_TOKEN = 'hh-main-start-0b6f2c1e';
const MAIN_END_TOKEN = 'hh-main-end-0b6f2c1e';

const layoutOf: Record<Layout, (p: { heading: string; boot: Bootstrap; children: ReactNode }) => ReactNode> = {
  default: DefaultLayout,
  minimal: MinimalLayout,
  app: AppLayout,
};

/** renderChrome is one layout's chrome as HTML with HEADING_MARKER where the heading goes. */
export function renderChrome(layout: Layout): string {
  const Chrome = layoutOf[layout];
  const boot = { config: chromeConfig } as Bootstrap;
  const html = renderToString(
    <MemoryRouter initialEntries={[chromePath]}>
      <Chrome heading={HEADING_TOKEN} boot={boot}>
        {MAIN_START_TOKEN}
        <AreaLoading />
        {MAIN_END_TOKEN}
      </Chrome>
    </MemoryRouter>,
  );
  const once = (text: string, token: string, marker: string, what: string) => {
    const parts = text.split(token);
    if (parts.length !== 2) throw new Error(`the ${layout} chrome must contain ${what} exactly once`);
    return parts.join(marker);
  };
  return once(
    once(once(html, HEADING_TOKEN, HEADING_MARKER, 'the page heading'), MAIN_START_TOKEN, MAIN_START, 'the main area'),
    MAIN_END_TOKEN,
    MAIN_END,
    'the main area',
  );
}

/** renderAllChrome is the content of build/shell/chrome.json. */
export function renderAllChrome(): Record<Layout, string> {
  return Object.fromEntries(layouts.map((l) => [l, renderChrome(l)])) as Record<Layout, string>;
}
