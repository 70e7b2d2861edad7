// The rules of configuring a product (docs/menu.md, "Product page"): what each modifier
// group takes, what is chosen, what the product is made of as configured. The edge
// checks the same rules when the line is added; these let the page say so first.
import type { CartLine, Marker, ModifierGroup, ModifierInput, Product } from '@henhouse/kit/api/types';

/** Selection: modifier id → quantity (1 for button and checkbox groups). */
export type Selection = Record<string, number>;

export const MARKERS: Marker[] = [
  'cashew',
  'dairy',
  'egg',
  'fish',
  'gluten',
  'milk',
  'nuts',
  'peanut',
  'sesame',
  'shellfish',
  'soy',
  'vegan',
  'walnuts',
  'wheat',
];
/** Diets say what a product is rather than what it contains. */
export const DIETS: Marker[] = ['vegan'];
export const ALLERGENS: Marker[] = MARKERS.filter((m) => !DIETS.includes(m));
const ANIMAL: Marker[] = ['dairy', 'egg', 'fish', 'milk', 'shellfish'];

const groupsOf = (p: Product) => p.modifier_groups ?? [];

/** defaults: every group's default modifiers. */
export function defaults(p: Product): Selection {
  const sel: Selection = {};
  for (const g of groupsOf(p)) for (const m of g.modifiers) if (m.default) sel[m.id] = 1;
  return sel;
}

/** initialSelection: a cart line's choices when editing it, else the defaults when the
 *  site pre-selects them, else nothing. */
export function initialSelection(p: Product, preselect: boolean, line?: CartLine | null): Selection {
  if (line) return Object.fromEntries(line.modifiers.map((m) => [m.id, m.quantity]));
  return preselect ? defaults(p) : {};
}

export function count(g: ModifierGroup, sel: Selection): number {
  return g.modifiers.reduce((n, m) => n + (sel[m.id] ?? 0), 0);
}

/** rule states what a group takes: "Choose 1", "Choose up to 3", "Choose 2", "Choose 1 to 3". */
export function rule(g: ModifierGroup): string {
  if (g.min === g.max) return `Choose ${g.min}`;
  if (g.min === 0) return `Choose up to ${g.max}`;
  return `Choose ${g.min} to ${g.max}`;
}

/** problem is why a group is not complete yet, in the edge's words ("Flavor: choose 1"), or null. */
export function problem(g: ModifierGroup, sel: Selection): string | null {
  const n = count(g, sel);
  if (n < g.min) return g.min === g.max ? `${g.name}: choose ${g.min}` : `${g.name}: choose at least ${g.min}`;
  if (n > g.max) return `${g.name}: choose at most ${g.max}`;
  return null;
}

export function problems(p: Product, sel: Selection): string[] {
  return groupsOf(p)
    .map((g) => problem(g, sel))
    .filter((x): x is string => x !== null);
}

/** choose picks a button-group option: it replaces the group's choice. */
export function choose(g: ModifierGroup, sel: Selection, id: string): Selection {
  const next = { ...sel };
  for (const m of g.modifiers) delete next[m.id];
  next[id] = 1;
  return next;
}

/** toggle flips a checkbox; a group at its maximum takes no more. */
export function toggle(g: ModifierGroup, sel: Selection, id: string): Selection {
  const next = { ...sel };
  if (next[id]) delete next[id];
  else if (count(g, sel) < g.max) next[id] = 1;
  return next;
}

/** capOf is the most of one modifier a counter group allows. */
export function capOf(g: ModifierGroup, id: string): number {
  const m = g.modifiers.find((x) => x.id === id);
  return Math.min(g.max, m?.max_quantity || g.max);
}

/** setCount sets a counter modifier's quantity within its cap and the group's maximum. */
export function setCount(g: ModifierGroup, sel: Selection, id: string, q: number): Selection {
  const others = count(g, sel) - (sel[id] ?? 0);
  const n = Math.max(0, Math.min(q, capOf(g, id), g.max - others));
  const next = { ...sel };
  if (n === 0) delete next[id];
  else next[id] = n;
  return next;
}

/** toInput is the selection as the edge takes it, in menu order. */
export function toInput(p: Product, sel: Selection): ModifierInput[] {
  const out: ModifierInput[] = [];
  for (const g of groupsOf(p)) for (const m of g.modifiers) if (sel[m.id]) out.push({ id: m.id, quantity: sel[m.id] });
  return out;
}

/** combineMarkers: the allergens of the product and of every choice, and a diet only when
 *  the product has it and nothing chosen contains an animal allergen. Same rule as the
 *  edge's cart lines. */
export function combineMarkers(base: readonly Marker[], chosen: readonly (readonly Marker[] | undefined)[]): Marker[] {
  const has = new Set<Marker>(base);
  for (const ms of chosen) for (const m of ms ?? []) if (!DIETS.includes(m)) has.add(m);
  if (ANIMAL.some((a) => has.has(a))) has.delete('vegan');
  return MARKERS.filter((m) => has.has(m));
}

/** markersOf: the product's markers as configured by `sel`. */
export function markersOf(p: Product, sel: Selection): Marker[] {
  const chosen = groupsOf(p).flatMap((g) => g.modifiers.filter((m) => sel[m.id]).map((m) => m.markers));
  return combineMarkers(p.markers, chosen);
}

/** unitPrice: the product with its choices, in cents. */
export function unitPrice(p: Product, sel: Selection): number {
  let cents = p.price_cents;
  for (const g of groupsOf(p)) for (const m of g.modifiers) cents += (sel[m.id] ?? 0) * m.price_cents;
  return cents;
}

/** canQuickAdd: the defaults complete every group, so "Add" needs no page. */
export function canQuickAdd(p: Product): boolean {
  return problems(p, defaults(p)).length === 0;
}

/** selectedNames lists a group's current choices ("Ranch ×2, BBQ"). */
export function selectedNames(g: ModifierGroup, sel: Selection): string {
  return g.modifiers
    .filter((m) => sel[m.id])
    .map((m) => (sel[m.id] > 1 ? `${m.name} ×${sel[m.id]}` : m.name))
    .join(', ');
}
