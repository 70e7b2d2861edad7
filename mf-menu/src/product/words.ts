// The words the product page and quick add use for what a guest did or still has to do
// (docs/menu.md, "Product page" and "Quick add").
import type { Modifier, ModifierGroup } from '@henhouse/kit/api/types';
import { groupName } from '@henhouse/kit/menu/rules';

/** What an add put in the cart, for its toast: "Added 3 Tenders", and with a quantity
 *  over one "Added 2 × 3 Tenders" (a count before a name that starts with one would
 *  read as one number). */
export function addedMessage(name: string, quantity: number): string {
  return quantity > 1 ? `Added ${quantity} × ${name}` : `Added ${name}`;
}

/** What the add button says while a required group is incomplete: "Choose a Side" for
 *  a group of exactly one, else "Choose Family sides" (a nested group names its option:
 *  "Choose Ice for Cola"). */
export function missingLabel(g: ModifierGroup, parent: Modifier | null): string {
  const name = groupName(g, parent);
  if (!parent && g.min === 1 && g.max === 1) return `Choose ${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
  return `Choose ${name}`;
}
