// The visually hidden heading every page carries (docs/routes.md, "Headings").
import type { HeadingRule } from '../bootstrap';

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
