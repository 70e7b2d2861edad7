// The visually hidden heading every page carries (docs/routes.md, "Headings").
import type { HeadingRule } from '@henhouse/kit/bootstrap';

export interface HeadingNames {
  locationName?: string | null;
  productName?: string | null;
  categoryName?: string | null;
}

/** pathHeading: "Page " followed by the path segments, or "Page home" on the root path. */
export function pathHeading(path: string): string {
  const segs = path.split('/').filter(Boolean);
  return segs.length === 0 ? 'Page home' : `Page ${segs.join(' ')}`;
}

export function pageHeading(rule: HeadingRule, path: string, names: HeadingNames = {}): string {
  if (rule === 'menu' && names.locationName) return `Menu page: ${names.locationName}`;
  if (rule === 'product' && names.productName) return `Product page: ${names.productName}`;
  if (rule === 'category' && names.categoryName) return `Category page: ${names.categoryName}`;
  return pathHeading(path);
}

// The headings that name what the page shows, each with the title that name makes.
const namedHeadings: [prefix: string, title: string][] = [
  ['Menu page: ', 'Menu · '],
  ['Category page: ', ''],
  ['Product page: ', ''],
];

/** namedTitle: the title a heading naming a location's menu, a category or a product
 *  makes ("Menu · Henhouse Louisville", "8 Nuggets"); null for any other heading. */
export function namedTitle(heading: string): string | null {
  for (const [prefix, title] of namedHeadings) {
    if (heading.startsWith(prefix) && heading.length > prefix.length) return title + heading.slice(prefix.length);
  }
  return null;
}

/** pathTitle: the title of a page with none of its own, the path's last segment with its
 *  dashes and underscores as spaces and its first letter capitalized ("Privacy policy"). */
export function pathTitle(path: string): string {
  let last = path.split('/').filter(Boolean).pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    /* not URI-encoded: the segment as it is */
  }
  last = last.replace(/[-_]/g, ' ').trim();
  return last ? last[0].toUpperCase() + last.slice(1) : '';
}

/**
 * documentTitle is the title the edge writes into the document for a page
 * (edge/internal/page/title.go, Shell.Title; docs/routes.md, "Titles"), so a client-side
 * navigation shows the same one, each followed by " | <brand>": the 404 page's; the name
 * a menu, category or product heading gives; the page's own title (a content page's editor
 * title, else the route table's); the path's last segment; the brand alone on the home page.
 */
export function documentTitle(
  brand: string,
  page: { path: string; heading: string; notFound?: boolean; title?: string | null },
): string {
  if (page.notFound) return `Page not found | ${brand}`;
  const named = namedTitle(page.heading);
  if (named) return `${named} | ${brand}`;
  if (page.title) return `${page.title} | ${brand}`;
  if (page.path === '/' || !page.path) return brand;
  const fromPath = pathTitle(page.path);
  return fromPath ? `${fromPath} | ${brand}` : brand;
}
