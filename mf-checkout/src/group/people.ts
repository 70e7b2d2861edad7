// A group order's lines by person, in the order people joined: the cart drawer, the
// checkout and the confirmation show each person's lines under their name with their
// subtotal, as the edge priced them (docs/group-orders.md).
import type { CartLine } from '@henhouse/kit/api/types';

export interface Person {
  id: string;
  name: string;
  host?: boolean;
  subtotal_cents: number;
}

export interface PersonLines<P extends Person> {
  person: P;
  lines: CartLine[];
}

/** byPerson groups lines under the people they belong to (line.participant), each person
 *  once and in the order given, people without lines included; a line whose person is not
 *  listed (taken out meanwhile) goes under the host. */
export function byPerson<P extends Person>(lines: CartLine[], people: P[]): PersonLines<P>[] {
  const out = people.map((person) => ({ person, lines: [] as CartLine[] }));
  const at = new Map(out.map((g) => [g.person.id, g]));
  const host = out.find((g) => g.person.host) ?? out[0];
  for (const line of lines) {
    const g = (line.participant && at.get(line.participant)) || host;
    g?.lines.push(line);
  }
  return out;
}
