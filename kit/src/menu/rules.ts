// The rules of configuring a product (docs/menu.md, "Product page"): what each modifier
// group takes, what is chosen, what the product is made of as configured. The edge
// checks the same rules when the line is added; these let the page say so first.
import type { CartLine, Marker, Modifier, ModifierGroup, ModifierInput, Product } from '@henhouse/kit/api/types';
import { markers } from '@henhouse/kit/tokens';

/** Selection: modifier id → quantity (1 for button and checkbox groups). */
export type Selection = Record<string, number>;

/** Every marker, in the order the site lists them (the design tokens' list). */
export const MARKERS: Marker[] = [...markers];
/** Diets say what a product is rather than what it contains. */
export const DIETS: Marker[] = ['vegan'];
export const ALLERGENS: Marker[] = MARKERS.filter((m) => !DIETS.includes(m));
const ANIMAL: Marker[] = ['dairy', 'egg', 'fish', 'milk', 'shellfish'];

const groupsOf = (p: Product) => p.modifier_groups ?? [];

/** key names an option in a selection: its id, or "parent/id" for a nested option (the
 *  nested options of a chosen modifier, a combo drink's ice). */
export const key = (parent: string, id: string) => (parent ? `${parent}/${id}` : id);

/** Chosen is an option picked now, with where it sits. */
export interface Chosen {
  group: ModifierGroup;
  modifier: Modifier;
  parent: string;
  quantity: number;
}

/** chosenOptions walks the chosen options in menu order, each followed by its nested ones. */
export function chosenOptions(groups: readonly ModifierGroup[], sel: Selection, parent = ''): Chosen[] {
  const out: Chosen[] = [];
  for (const g of groups)
    for (const m of g.modifiers) {
      const q = sel[key(parent, m.id)] ?? 0;
      if (!q) continue;
      out.push({ group: g, modifier: m, parent, quantity: q });
      out.push(...chosenOptions(m.modifier_groups ?? [], sel, m.id));
    }
  return out;
}

function addDefaults(groups: readonly ModifierGroup[], sel: Selection, parent: string) {
  for (const g of groups)
    for (const m of g.modifiers)
      if (m.default) {
        sel[key(parent, m.id)] = 1;
        addDefaults(m.modifier_groups ?? [], sel, m.id);
      }
}

function dropNested(m: Modifier, sel: Selection) {
  for (const g of m.modifier_groups ?? [])
    for (const n of g.modifiers) {
      delete sel[key(m.id, n.id)];
      dropNested(n, sel);
    }
}

/** defaults: every group's default modifiers, with the defaults of their nested options. */
export function defaults(p: Product): Selection {
  const sel: Selection = {};
  addDefaults(groupsOf(p), sel, '');
  return sel;
}

/** initialSelection: a cart line's choices when editing it, else the defaults when the
 *  site pre-selects them, else nothing. */
export function initialSelection(p: Product, preselect: boolean, line?: CartLine | null): Selection {
  if (line) return Object.fromEntries(line.modifiers.map((m) => [key(m.parent_id ?? '', m.id), m.quantity]));
  return preselect ? defaults(p) : {};
}

export function count(g: ModifierGroup, sel: Selection, parent = ''): number {
  return g.modifiers.reduce((n, m) => n + (sel[key(parent, m.id)] ?? 0), 0);
}

/** rule states what a group takes: "Choose 1", "Choose up to 3", "Choose 2", "Choose 1 to 3". */
export function rule(g: ModifierGroup): string {
  if (g.min === g.max) return `Choose ${g.min}`;
  if (g.min === 0) return `Choose up to ${g.max}`;
  return `Choose ${g.min} to ${g.max}`;
}

/** groupName: a nested group names its option ("Ice for Cola"), as the edge does. */
export const groupName = (g: ModifierGroup, parent?: Modifier | null) =>
  parent ? `${g.name} for ${parent.name}` : g.name;

/** problem is why a group is not complete yet, in the edge's words ("Flavor: choose 1"), or null. */
export function problem(g: ModifierGroup, sel: Selection, parent?: Modifier | null): string | null {
  const n = count(g, sel, parent?.id ?? '');
  const name = groupName(g, parent);
  if (n < g.min) return g.min === g.max ? `${name}: choose ${g.min}` : `${name}: choose at least ${g.min}`;
  if (n > g.max) return `${name}: choose at most ${g.max}`;
  return null;
}

/** incomplete: every group whose choice breaks its rule, nested groups of each chosen
 *  option included, in page order, with what is wrong ("Family sides: choose 2"). */
export function incomplete(
  p: Product,
  sel: Selection,
): { group: ModifierGroup; parent: Modifier | null; problem: string }[] {
  const out: { group: ModifierGroup; parent: Modifier | null; problem: string }[] = [];
  const walk = (groups: readonly ModifierGroup[], parent: Modifier | null) => {
    for (const g of groups) {
      const x = problem(g, sel, parent);
      if (x) out.push({ group: g, parent, problem: x });
      for (const m of g.modifiers) if (sel[key(parent?.id ?? '', m.id)]) walk(m.modifier_groups ?? [], m);
    }
  };
  walk(groupsOf(p), null);
  return out;
}

/** problems: every group's, and those of the nested groups of each chosen option. */
export function problems(p: Product, sel: Selection): string[] {
  return incomplete(p, sel).map((x) => x.problem);
}

/** choose picks a button-group option: it replaces the group's choice (and its nested
 *  options), and takes the new option's nested defaults. */
export function choose(g: ModifierGroup, sel: Selection, id: string, parent = ''): Selection {
  const next = { ...sel };
  for (const m of g.modifiers) {
    delete next[key(parent, m.id)];
    dropNested(m, next);
  }
  next[key(parent, id)] = 1;
  addDefaults(g.modifiers.find((m) => m.id === id)?.modifier_groups ?? [], next, id);
  return next;
}

/** toggle flips a checkbox; a group at its maximum takes no more. */
export function toggle(g: ModifierGroup, sel: Selection, id: string, parent = ''): Selection {
  const next = { ...sel };
  const m = g.modifiers.find((x) => x.id === id);
  if (next[key(parent, id)]) {
    delete next[key(parent, id)];
    if (m) dropNested(m, next);
  } else if (count(g, sel, parent) < g.max) {
    next[key(parent, id)] = 1;
    addDefaults(m?.modifier_groups ?? [], next, id);
  }
  return next;
}

/** capOf is the most of one modifier a counter group allows. */
export function capOf(g: ModifierGroup, id: string): number {
  const m = g.modifiers.find((x) => x.id === id);
  return Math.min(g.max, m?.max_quantity || g.max);
}

/** setCount sets a counter modifier's quantity within its cap and the group's maximum. */
export function setCount(g: ModifierGroup, sel: Selection, id: string, q: number, parent = ''): Selection {
  const k = key(parent, id);
  const others = count(g, sel, parent) - (sel[k] ?? 0);
  const n = Math.max(0, Math.min(q, capOf(g, id), g.max - others));
  const next = { ...sel };
  const m = g.modifiers.find((x) => x.id === id);
  if (n === 0) {
    delete next[k];
    if (m) dropNested(m, next);
  } else {
    if (!next[k]) addDefaults(m?.modifier_groups ?? [], next, id);
    next[k] = n;
  }
  return next;
}

/** toInput is the selection as the edge takes it, in menu order. */
export function toInput(p: Product, sel: Selection): ModifierInput[] {
  return chosenOptions(groupsOf(p), sel).map((c) =>
    c.parent
      ? { id: c.modifier.id, quantity: c.quantity, parent_id: c.parent }
      : { id: c.modifier.id, quantity: c.quantity },
  );
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

/** markersOf: the product's markers as configured by `sel`, nested options included. */
export function markersOf(p: Product, sel: Selection): Marker[] {
  return combineMarkers(
    p.markers,
    chosenOptions(groupsOf(p), sel).map((c) => c.modifier.markers),
  );
}

/** unitPrice: the product with its choices, in cents. */
export function unitPrice(p: Product, sel: Selection): number {
  return chosenOptions(groupsOf(p), sel).reduce(
    (cents, c) => cents + c.quantity * c.modifier.price_cents,
    p.price_cents,
  );
}

/** canQuickAdd: the defaults complete every group, so "Add" needs no page. */
export function canQuickAdd(p: Product): boolean {
  return problems(p, defaults(p)).length === 0;
}

/** selectedNames lists a group's current choices ("Ranch ×2, BBQ"). */
export function selectedNames(g: ModifierGroup, sel: Selection, parent = ''): string {
  return g.modifiers
    .filter((m) => sel[key(parent, m.id)])
    .map((m) => (sel[key(parent, m.id)] > 1 ? `${m.name} ×${sel[key(parent, m.id)]}` : m.name))
    .join(', ');
}
