// One modifier group, drawn by its kind (docs/menu.md, "Product page"): a button group
// (radios: exactly one), a checkbox select (up to its maximum) or a counter select
// (quantities within each cap and the group's limits). Each states its rule and what is
// chosen now.
import type { ModifierGroup } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { capOf, choose, count, rule, selectedNames, setCount, toggle, type Selection } from '@henhouse/kit/menu/rules';

const price = (cents: number) => (cents > 0 ? ` +${money(cents)}` : '');

export function GroupField({
  group: g,
  sel,
  onChange,
  problem,
}: {
  group: ModifierGroup;
  sel: Selection;
  onChange: (s: Selection) => void;
  /** Shown once the guest tried to add with this group incomplete. */
  problem: string | null;
}) {
  const n = count(g, sel);
  const chosen = selectedNames(g, sel);
  const base = `group-${g.id}`;
  const full = n >= g.max;
  return (
    <fieldset
      className="hh-group"
      id={base}
      aria-describedby={`${base}-rule ${base}-sel${problem ? ` ${base}-err` : ''}`}
    >
      <legend>
        {g.name}
        {g.min > 0 && <span className="hh-group__req"> (required)</span>}
      </legend>
      <p className="hh-group__rule" id={`${base}-rule`}>
        {rule(g)}
        {g.kind !== 'button' && full && g.max > 1 ? ' (maximum chosen)' : ''}
      </p>
      <p className="hh-group__sel" id={`${base}-sel`}>
        {chosen ? `Selected: ${chosen}` : 'Nothing selected'}
      </p>
      {g.kind === 'button' && (
        <div className="hh-group__options hh-group__options--buttons">
          {g.modifiers.map((m) => (
            <label key={m.id} className="hh-option">
              <input type="radio" name={base} checked={!!sel[m.id]} onChange={() => onChange(choose(g, sel, m.id))} />
              <span>
                {m.name}
                {price(m.price_cents)}
              </span>
            </label>
          ))}
        </div>
      )}
      {g.kind === 'checkbox' && (
        <div className="hh-group__options">
          {g.modifiers.map((m) => (
            <label key={m.id} className="hh-option">
              <input
                type="checkbox"
                checked={!!sel[m.id]}
                disabled={!sel[m.id] && full}
                onChange={() => onChange(toggle(g, sel, m.id))}
              />
              <span>
                {m.name}
                {price(m.price_cents)}
              </span>
            </label>
          ))}
        </div>
      )}
      {g.kind === 'counter' && (
        <ul className="hh-group__counters">
          {g.modifiers.map((m) => {
            const q = sel[m.id] ?? 0;
            return (
              <li key={m.id} className="hh-counter">
                <span className="hh-counter__name" id={`${base}-${m.id}`}>
                  {m.name}
                  {price(m.price_cents)}
                </span>
                <button
                  type="button"
                  aria-label={`One less ${m.name}`}
                  disabled={q === 0}
                  onClick={() => onChange(setCount(g, sel, m.id, q - 1))}
                >
                  −
                </button>
                <output aria-labelledby={`${base}-${m.id}`} aria-live="polite">
                  {q}
                </output>
                <button
                  type="button"
                  aria-label={`One more ${m.name}`}
                  disabled={q >= capOf(g, m.id) || full}
                  onClick={() => onChange(setCount(g, sel, m.id, q + 1))}
                >
                  +
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {problem && (
        <p className="hh-field-error" id={`${base}-err`}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
