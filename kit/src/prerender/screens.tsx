// Screens rendered to static HTML at build time (docs/shell.md, "Prerendered screens").
// A remote's prerender module (its webpack config's `prerender`) exports renderScreens(),
// whose answer its build writes to the version's screen-prerender.json. The edge puts a
// screen's HTML in the page's main area when the page opens on that screen, so the guest
// sees it with the first paint; the shell then renders the screen itself in its place.
// Only a screen that looks the same for every visitor the edge lets see it belongs here
// (a sign-in form, an empty cart), drawn as its first render draws it.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@henhouse/kit/router';
import { setBootstrap, type Bootstrap, type Layout, type SiteConfig } from '@henhouse/kit/bootstrap';

/** When the edge may show a prerendered screen; every condition listed must hold. */
export type PrerenderCondition =
  /** The visitor is not signed in (a member's sign-in page sends them on). */
  | 'signedOut'
  /** The edge knows of no cart for the visitor (the checkout of an empty cart). */
  | 'noCart'
  /** The address has no query string (a search screen whose query fills its form). */
  | 'noQuery'
  /** The visitor has chosen no location (the edge reads the shell's location hint
   *  cookie): the sign-up's favorite location starts empty. */
  | 'noLocation'
  /** The edge knows the visitor has placed no order (a new visitor, or the orders hint
   *  cookie the ordering API keeps): the order page starts with the most recent one. */
  | 'noOrders'
  /** The path gives none of the route's optional parameters (/order/confirm without an
   *  order's id: the most recent order, or none). */
  | 'noParams';

export interface ScreenPrerender {
  /** The screen's HTML per layout it is prerendered for. */
  layouts: Partial<Record<Layout, string>>;
  when?: PrerenderCondition[];
  /** The copy is the top of the screen only (the rest needs data the edge does not
   *  have): the page keeps its footer back until the screen has rendered. */
  partial?: boolean;
}

/** The file's content: the screens by exposed name, and the brand they were drawn with
 *  (the edge's default, BRAND_NAME): an edge under another brand shows none of them. */
export interface ScreenPrerenders {
  brandName: string;
  screens: Record<string, ScreenPrerender>;
}

export const prerenderBrand = 'Henhouse';

/**
 * slot stands in a copy for a value the edge fills in from the data it reads for the
 * page (a product's name): the edge writes it HTML-escaped in place of the token, and
 * writes no copy at all when it has no value for a slot. The token is letters and
 * underscores, so it comes through encodeURIComponent unchanged. The slots the edge
 * knows are listed in docs/shell.md, "Prerendered screens".
 */
export const slot = (name: string): string => {
  if (!/^[a-z]+$/.test(name)) throw new Error(`a slot is named in lower-case letters: ${name}`);
  if (/^(each|end)/.test(name)) throw new Error(`a slot's name starting "each" or "end" marks a list: ${name}`);
  return `__hh_${name}__`;
};

/**
 * slotList stands in a copy for a list the edge has entries of (the subscription plans):
 * the edge writes `item` once per entry, its slots (slot) filled with the entry's values,
 * and writes no copy when it has no such list or an entry lacks a value for a slot of the
 * item. The markers around the item are shaped as slots (`__hh_eachplans__`,
 * `__hh_endplans__`), so an edge that knows no lists writes no copy rather than them.
 * Lists do not nest. The lists the edge knows are in docs/shell.md, "Prerendered screens".
 */
export function slotList(name: string, item: ReactNode): ReactNode {
  if (!/^[a-z]+$/.test(name)) throw new Error(`a list is named in lower-case letters: ${name}`);
  return (
    <>
      {`__hh_each${name}__`}
      {item}
      {`__hh_end${name}__`}
    </>
  );
}

/**
 * prerenderScreen renders one screen as it first renders at `path`, for a signed-out
 * visitor with an empty cart and the edge's default configuration. The data-screen hook
 * of the copy is renamed, so that nothing (the shell's first-screen signal, a test waiting
 * for the screen) takes the copy for the screen itself.
 */
export function prerenderScreen(node: ReactNode, path: string, layout: Layout): string {
  setBootstrap(prerenderBootstrap(path, layout));
  try {
    const html = renderToString(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);
    // React writes a preload of each image ahead of the HTML; the edge preloads what the
    // page needs in its head.
    return html.replace(/^(<link [^>]*>)+/, '').replace(/ data-screen="/g, ' data-prerendered-screen="');
  } finally {
    setBootstrap(null);
  }
}

/** prerenderBootstrap is the page's bootstrap as a screen's copy is drawn with: the
 *  edge's default brand, a signed-out visitor with no cart. */
export function prerenderBootstrap(path: string, layout: Layout): Bootstrap {
  const config: Pick<SiteConfig, 'brandName'> = { brandName: prerenderBrand };
  const session: Bootstrap['session'] = { signedIn: false, forcedSignOut: false, hasCart: false };
  return { path, layout, status: 200, config, session } as Bootstrap;
}
