// Menu search and dietary filters (docs/menu.md, "Search and filters"), kept in the URL
// query (?q=&diet=vegan&exclude=gluten,egg) so a filtered menu can be shared.
import type { Category, Marker, Product } from '@henhouse/kit/api/types';
import { ALLERGENS, DIETS } from '@henhouse/kit/menu/rules';
import { searchByCategoryDescription } from '@henhouse/kit/menu/settings';

export interface MenuFilter {
  q: string;
  /** Diets every product shown must carry. */
  diet: Marker[];
  /** Allergens no product shown may carry. */
  exclude: Marker[];
}

const list = (s: string | undefined, allowed: Marker[]) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter((x): x is Marker => (allowed as string[]).includes(x));

export function parseFilter(query: Record<string, string>): MenuFilter {
  return { q: (query.q ?? '').slice(0, 100), diet: list(query.diet, DIETS), exclude: list(query.exclude, ALLERGENS) };
}

/** filterQuery writes a filter back as a query string without empty parts ("" when none). */
export function filterQuery(f: MenuFilter): string {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.diet.length) p.set('diet', f.diet.join(','));
  if (f.exclude.length) p.set('exclude', f.exclude.join(','));
  const s = p.toString().replace(/%2C/g, ',');
  return s ? `?${s}` : '';
}

export const isFiltering = (f: MenuFilter) => f.q.trim() !== '' || f.diet.length > 0 || f.exclude.length > 0;

/** matches: every word of q in the product's name or description or its category's name
 *  (and the category's description while the searchByCategoryDescription flag is on),
 *  every diet, no excluded allergen. */
export function matches(
  p: Product,
  cat: Pick<Category, 'name' | 'description'>,
  f: MenuFilter,
  categoryDescriptions = searchByCategoryDescription(),
): boolean {
  const text = `${p.name} ${p.description} ${cat.name} ${categoryDescriptions ? cat.description : ''}`.toLowerCase();
  const words = f.q.toLowerCase().split(/\s+/).filter(Boolean);
  return (
    words.every((w) => text.includes(w)) &&
    f.diet.every((d) => p.markers.includes(d)) &&
    !f.exclude.some((a) => p.markers.includes(a))
  );
}

/** applyFilter keeps each category's matching products and drops emptied categories. */
export function applyFilter<C extends Category>(cats: C[], f: MenuFilter): C[] {
  if (!isFiltering(f)) return cats;
  const categoryDescriptions = searchByCategoryDescription();
  return cats
    .map((c) => ({ ...c, products: c.products.filter((p) => matches(p, c, f, categoryDescriptions)) }))
    .filter((c) => c.products.length > 0);
}
