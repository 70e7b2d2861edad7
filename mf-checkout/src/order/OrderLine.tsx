// One line of a placed order as the confirmation and the order page list it: quantity and
// name, the price the edge charged, the choices, a reward's label, the instructions and
// the allergens.
import type { CartLine } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { MarkerList } from '@henhouse/kit/menu/markers';

export function OrderLine({ line: l }: { line: CartLine }) {
  return (
    <li>
      <div className="hh-order__line-main">
        <span>
          {l.quantity} × {l.data.name}
        </span>
        <span>{money(l.total_cents)}</span>
      </div>
      {l.modifiers.length > 0 && (
        <p className="hh-order__mods">
          {l.modifiers.map((m) => (m.quantity > 1 ? `${m.quantity} × ${m.name}` : m.name)).join(', ')}
        </p>
      )}
      {l.reward && <p className="hh-order__reward">{l.reward.label}</p>}
      {l.special_instructions && <p className="hh-order__mods">“{l.special_instructions}”</p>}
      <MarkerList markers={l.markers} />
    </li>
  );
}

/** orderLine renders a line for a list of lines (ByPerson's render prop, a map). */
export const orderLine = (l: CartLine) => <OrderLine key={l.id} line={l} />;

/** The line that says whose order it is: "Group order for 4 people". */
export const groupLabel = (people: number) =>
  people === 1 ? 'Group order for 1 person' : `Group order for ${people} people`;
