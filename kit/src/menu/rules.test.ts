import type { ModifierGroup, Product } from '@henhouse/kit/api/types';
import {
  canQuickAdd,
  defaults,
  capOf,
  choose,
  combineMarkers,
  count,
  initialSelection,
  markersOf,
  problem,
  problems,
  rule,
  selectedNames,
  setCount,
  toggle,
  toInput,
  unitPrice,
} from './rules';

const flavor: ModifierGroup = {
  id: 'flavor',
  name: 'Flavor',
  kind: 'button',
  min: 1,
  max: 1,
  modifiers: [
    { id: 'orig', name: 'Original', price_cents: 0, calories: 0, default: true, markers: ['wheat'] },
    { id: 'honey', name: 'Honey butter', price_cents: 50, calories: 40, markers: ['wheat', 'dairy'] },
  ],
};
const dips: ModifierGroup = {
  id: 'dips',
  name: 'Dips',
  kind: 'checkbox',
  min: 0,
  max: 2,
  modifiers: [
    { id: 'ranch', name: 'Ranch', price_cents: 0, calories: 0, markers: ['egg', 'milk'] },
    { id: 'bbq', name: 'BBQ', price_cents: 0, calories: 0 },
    { id: 'hot', name: 'Hot honey', price_cents: 0, calories: 0 },
  ],
};
const sides: ModifierGroup = {
  id: 'sides',
  name: 'Family sides',
  kind: 'counter',
  min: 2,
  max: 3,
  modifiers: [
    { id: 'fries', name: 'Fries', price_cents: 100, calories: 0, max_quantity: 2 },
    { id: 'greens', name: 'Greens', price_cents: 0, calories: 0, markers: ['vegan'] },
  ],
};
const product = (groups: ModifierGroup[], markers: Product['markers'] = ['gluten']): Product => ({
  id: 'p',
  category_id: 'c',
  name: 'Tenders',
  description: '',
  price_cents: 500,
  calories: 0,
  image: '',
  markers,
  modifier_groups: groups,
});

describe('modifier rules (docs/menu.md, "Product page")', () => {
  it('states each rule', () => {
    expect(rule(flavor)).toBe('Choose 1');
    expect(rule(dips)).toBe('Choose up to 2');
    expect(rule(sides)).toBe('Choose 2 to 3');
  });

  it('pre-selects defaults only when the site says so, and a line keeps its own choices', () => {
    const p = product([flavor, dips]);
    expect(initialSelection(p, true)).toEqual({ orig: 1 });
    expect(initialSelection(p, false)).toEqual({});
    const line = {
      modifiers: [{ id: 'honey', group_id: 'flavor', name: 'Honey butter', quantity: 1, price_cents: 50 }],
    };
    expect(initialSelection(p, true, line as never)).toEqual({ honey: 1 });
  });

  it('a button group holds exactly one choice', () => {
    expect(choose(flavor, { orig: 1, ranch: 1 }, 'honey')).toEqual({ honey: 1, ranch: 1 });
    expect(problem(flavor, {})).toBe('Flavor: choose 1');
  });

  it('a checkbox select stops at its maximum', () => {
    let sel = toggle(dips, {}, 'ranch');
    sel = toggle(dips, sel, 'bbq');
    expect(toggle(dips, sel, 'hot')).toEqual(sel);
    expect(toggle(dips, sel, 'ranch')).toEqual({ bbq: 1 });
    expect(problem(dips, {})).toBeNull();
  });

  it('a counter select keeps each count within its cap and the group within min and max', () => {
    expect(capOf(sides, 'fries')).toBe(2);
    let sel = setCount(sides, {}, 'fries', 5);
    expect(sel).toEqual({ fries: 2 });
    expect(problem(sides, { fries: 1 })).toBe('Family sides: choose at least 2');
    sel = setCount(sides, sel, 'greens', 3);
    expect(sel).toEqual({ fries: 2, greens: 1 });
    expect(count(sides, sel)).toBe(3);
    expect(setCount(sides, sel, 'fries', 0)).toEqual({ greens: 1 });
    expect(selectedNames(sides, sel)).toBe('Fries ×2, Greens');
  });

  it('quick add only when the defaults complete every group', () => {
    expect(canQuickAdd(product([flavor, dips]))).toBe(true);
    expect(canQuickAdd(product([sides]))).toBe(false);
    expect(problems(product([flavor, sides]), {})).toEqual(['Flavor: choose 1', 'Family sides: choose at least 2']);
  });

  it('sends choices in menu order with quantities and prices them', () => {
    const p = product([flavor, sides]);
    const sel = { greens: 1, honey: 1, fries: 2 };
    expect(toInput(p, sel)).toEqual([
      { id: 'honey', quantity: 1 },
      { id: 'fries', quantity: 2 },
      { id: 'greens', quantity: 1 },
    ]);
    expect(unitPrice(p, sel)).toBe(500 + 50 + 200);
  });
});

describe('allergens follow the choices', () => {
  it('adds the allergens of each choice, in marker order', () => {
    const p = product([flavor, dips]);
    expect(markersOf(p, { orig: 1 })).toEqual(['gluten', 'wheat']);
    expect(markersOf(p, { honey: 1, ranch: 1 })).toEqual(['dairy', 'egg', 'gluten', 'milk', 'wheat']);
  });
  it('keeps a diet only while nothing chosen contains an animal allergen', () => {
    expect(combineMarkers(['vegan'], [['vegan'], undefined])).toEqual(['vegan']);
    expect(combineMarkers(['vegan'], [['egg']])).toEqual(['egg']);
    expect(combineMarkers(['soy'], [['vegan']])).toEqual(['soy']);
  });
});

describe('nested options', () => {
  const ice: ModifierGroup = {
    id: 'ice',
    name: 'Ice',
    kind: 'button',
    min: 1,
    max: 1,
    modifiers: [
      { id: 'ice-regular', name: 'Regular ice', price_cents: 0, calories: 0, default: true },
      { id: 'ice-none', name: 'No ice', price_cents: 0, calories: 0 },
    ],
  };
  const drink: ModifierGroup = {
    id: 'drink',
    name: 'Drink',
    kind: 'button',
    min: 1,
    max: 1,
    modifiers: [
      { id: 'tea', name: 'Sweet Tea', price_cents: 0, calories: 0, default: true, modifier_groups: [ice] },
      { id: 'shake', name: 'Shake', price_cents: 100, calories: 0, markers: ['milk'], modifier_groups: [ice] },
      { id: 'water', name: 'Water', price_cents: 0, calories: 0 },
    ],
  };
  const p = product([drink]);

  it('defaults carry the nested defaults of the default option', () => {
    expect(defaults(p)).toEqual({ tea: 1, 'tea/ice-regular': 1 });
  });
  it('choosing another option drops the old one’s nested choices and takes the new one’s defaults', () => {
    const sel = choose(drink, { tea: 1, 'tea/ice-none': 1 }, 'shake');
    expect(sel).toEqual({ shake: 1, 'shake/ice-regular': 1 });
    expect(choose(drink, sel, 'water')).toEqual({ water: 1 });
  });
  it('sends nested choices with their parent, and counts their price and markers', () => {
    const sel = choose(ice, { shake: 1, 'shake/ice-regular': 1 }, 'ice-none', 'shake');
    expect(toInput(p, sel)).toEqual([
      { id: 'shake', quantity: 1 },
      { id: 'ice-none', quantity: 1, parent_id: 'shake' },
    ]);
    expect(unitPrice(p, sel)).toBe(600);
    expect(markersOf(p, sel)).toEqual(['gluten', 'milk']);
  });
  it('checks a chosen option’s nested group, named after it', () => {
    expect(problems(p, { tea: 1 })).toEqual(['Ice for Sweet Tea: choose 1']);
    expect(problems(p, { water: 1 })).toEqual([]);
    expect(canQuickAdd(p)).toBe(true);
  });
  it('editing a line restores nested choices under their parent', () => {
    const line = {
      modifiers: [
        { id: 'shake', group_id: 'drink', name: 'Shake', quantity: 1, price_cents: 100 },
        { id: 'ice-none', group_id: 'ice', parent_id: 'shake', name: 'No ice', quantity: 1, price_cents: 0 },
      ],
    };
    expect(initialSelection(p, true, line as never)).toEqual({ shake: 1, 'shake/ice-none': 1 });
  });
});
