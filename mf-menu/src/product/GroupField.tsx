// One modifier group, drawn by its kind (docs/menu.md, "Product page"): a button group
// (radios: exactly one), a checkbox select (up to its maximum) or a counter select
// (quantities within each cap and the group's limits). Each states its rule and what is
// chosen now.
import type { Modifier, ModifierGroup } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import {
  capOf,
  choose,
  count,
  groupName,
  key,
  problem as problemOf,
  rule,
  selectedNames,
  setCount,
  toggle,
  type Selection,
} from '@henhouse/kit/menu/rules';
import { announce } from '@henhouse/kit/ui/announce';

const price = (cents: number) => (cents > 0 ? ` +${money(cents)}` : '');

export function GroupField({
  group: g,
  sel,
  onChange,
  tried,
  parent,
}: {
  group: ModifierGroup;
  sel: Selection;
  onChange: (s: Selection) => void;
  /** The guest tried to add: an incomplete group says why. */
  tried: boolean;
  /** The chosen option a nested group belongs to. */
  parent?: Modifier;
}) {
  const pid = parent?.id ?? '';
  const n = count(g, sel, pid);
  const chosen = selectedNames(g, sel, pid);
  const base = parent ? `group-${parent.id}-${g.id}` : `group-${g.id}`;
  const full = n >= g.max;
  const problem = tried ? problemOf(g, sel, parent) : null;
  const on = (id: string) => !!sel[key(pid, id)];
  // The nested options of each chosen option, right under the group.
  const nested = g.modifiers
    .filter((m) => on(m.id) && m.modifier_groups?.length)
    .flatMap((m) =>
      (m.modifier_groups ?? []).map((ng) => (
        <GroupField key={`${m.id}/${ng.id}`} group={ng} sel={sel} onChange={onChange} tried={tried} parent={m} />
      )),
    );
  return (
    <fieldset
      className="hh-group"
      id={base}
      aria-describedby={`${base}-rule ${base}-sel${problem ? ` ${base}-err` : ''}`}
    >
      <legend>
        {groupName(g, parent)}
        {g.min > 0 && <span className="hh-group__req"> (required)</span>}
      </legend>
      <p className="hh-group__rule" id={`${base}-rule`}>
        {rule(g)}
        {g.kind !== 'button' && full && g.max > 1 ? ' (maximum chosen)' : ''}
      </p>
      <p className="hh-group__sel" id={`${base}-sel`}>
        {chosen ? `Selected: ${chosen}` : 'Nothing selected'}
      </p>
      {g.kind !== 'counter' && (
        // A button group is radios (exactly one); a checkbox select stops at its maximum.
        <div className={`hh-group__options${g.kind === 'button' ? ' hh-group__options--buttons' : ''}`}>
          {g.modifiers.map((m) => (
            <label key={m.id} className="hh-option">
              {g.kind === 'button' ? (
                <input
                  type="radio"
                  name={base}
                  checked={on(m.id)}
                  onChange={() => onChange(choose(g, sel, m.id, pid))}
                />
              ) : (
                <input
                  type="checkbox"
                  checked={on(m.id)}
                  disabled={!on(m.id) && full}
                  onChange={() => onChange(toggle(g, sel, m.id, pid))}
                />
              )}
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
            const q = sel[key(pid, m.id)] ?? 0;
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
                  onClick={() => {
                    onChange(setCount(g, sel, m.id, q - 1, pid));
                    announce(`${m.name}: ${q - 1}.`);
                  }}
                >
                  −
                </button>
                <span className="hh-counter__value">{q}</span>
                <button
                  type="button"
                  aria-label={`One more ${m.name}`}
                  disabled={q >= capOf(g, m.id) || full}
                  onClick={() => {
                    onChange(setCount(g, sel, m.id, q + 1, pid));
                    announce(`${m.name}: ${q + 1}.`);
                  }}
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
      {nested.length > 0 && <div className="hh-group__nested">{nested}</div>}
    </fieldset>
  );
}
