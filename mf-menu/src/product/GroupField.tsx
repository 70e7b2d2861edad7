// One modifier group, drawn by its kind (docs/menu.md, "Product page") with the kit's
// controls: a button group (radio cards: exactly one), a checkbox select (checkbox cards,
// up to its maximum) or a counter select (a Stepper per option, within each cap and the
// group's limits). Each states its rule and what is chosen now; an option's price is its
// card's right-aligned detail, never run into its name.
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
import { ChoiceCard, Stepper } from '@henhouse/kit/ui/controls';

/** The price an option adds, as its card's detail ("+$1.29"); nothing when it adds none. */
export const optionPrice = (cents: number) => (cents > 0 ? `+${money(cents)}` : undefined);

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
      data-incomplete={problem ? true : undefined}
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
        <div className="hh-group__options">
          {g.modifiers.map((m) => (
            <ChoiceCard
              key={m.id}
              type={g.kind === 'button' ? 'radio' : 'checkbox'}
              name={base}
              value={m.id}
              checked={on(m.id)}
              disabled={g.kind !== 'button' && !on(m.id) && full}
              onChange={() => onChange(g.kind === 'button' ? choose(g, sel, m.id, pid) : toggle(g, sel, m.id, pid))}
              label={m.name}
              detail={optionPrice(m.price_cents)}
            />
          ))}
        </div>
      )}
      {g.kind === 'counter' && (
        <ul className="hh-group__counters">
          {g.modifiers.map((m) => {
            const q = sel[key(pid, m.id)] ?? 0;
            return (
              <li key={m.id} className="hh-group__counter">
                <span className="hh-group__counter-name">
                  <span>{m.name}</span>
                  {optionPrice(m.price_cents) && (
                    <span className="hh-group__counter-price">{optionPrice(m.price_cents)}</span>
                  )}
                </span>
                <Stepper
                  label={`Quantity of ${m.name}`}
                  value={q}
                  min={0}
                  max={full ? q : capOf(g, m.id)}
                  onChange={(v) => onChange(setCount(g, sel, m.id, v, pid))}
                />
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
