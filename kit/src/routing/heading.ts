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

/**
 * documentTitle is the title the edge writes into the document for a page
 * (edge/internal/page/render.go, Shell.Title), so a client-side navigation shows the same
 * one: the 404 page's, the route table's title, or the page heading, each followed by
 * " | <brand>"; the brand alone on the home page. A content page's editor title, when
 * known, stands in for the route's.
 */
export function documentTitle(
  brand: string,
  page: { path: string; heading: string; notFound?: boolean; title?: string | null },
): string {
  if (page.notFound) return `Page not found | ${brand}`;
  if (page.title) return `${page.title} | ${brand}`;
  if (page.path === '/' || !page.heading) return brand;
  return `${page.heading} | ${brand}`;
}
