// A group order's lines under the names of the people they belong to, each with the
// subtotal the edge priced for them: the checkout shows the host's cart this way and the
// confirmation the order placed from it (docs/group-orders.md, "Pay once"). How a line
// looks is the caller's (the checkout's can still be changed, the confirmation's cannot).
import { useId, type ReactNode } from 'react';
import type { CartLine } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { byPerson, type Person } from './people';
import './ByPerson.css';

export function ByPerson<P extends Person>({
  lines,
  people,
  renderLine,
  level = 3,
  listClassName,
  status,
  empty = 'No items.',
}: {
  lines: CartLine[];
  /** The group's people in the order they joined, with their subtotals as the edge sent them. */
  people: P[];
  /** One line, as an `<li>`. */
  renderLine: (line: CartLine) => ReactNode;
  /** The level of each person's heading: one below the heading of the part they are in. */
  level?: 3 | 4;
  /** The class of each person's list of lines. */
  listClassName?: string;
  /** A word on the person beside their name ("Done"), when there is one. */
  status?: (person: P) => string | undefined;
  /** What a person without lines shows. */
  empty?: string;
}) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="hh-by-person">
      {byPerson(lines, people).map(({ person, lines: theirs }, i) => {
        const headingId = `${id}-${i}`;
        const word = status?.(person);
        return (
          <section key={person.id} className="hh-by-person__person" aria-labelledby={headingId}>
            <Heading id={headingId} className="hh-by-person__heading">
              <span className="hh-by-person__name">
                {person.name}
                {person.host && ' (host)'}
              </span>{' '}
              <span className="hh-by-person__subtotal">{money(person.subtotal_cents)}</span>
            </Heading>
            {word && <p className="hh-by-person__status">{word}</p>}
            {theirs.length > 0 ? (
              <ul className={listClassName}>{theirs.map(renderLine)}</ul>
            ) : (
              <p className="hh-by-person__empty">{empty}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
