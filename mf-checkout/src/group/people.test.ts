import { byPerson } from './people';
import type { CartLine } from '@henhouse/kit/api/types';

const line = (id: string, participant?: string) => ({ id, participant }) as unknown as CartLine;

describe('byPerson', () => {
  it('puts each line under its person, in the order people joined, empty people kept', () => {
    const people = [
      { id: 'h', name: 'Dana', host: true, subtotal_cents: 500 },
      { id: 'a', name: 'Sam', subtotal_cents: 0 },
      { id: 'b', name: 'Lee', subtotal_cents: 899 },
    ];
    const g = byPerson([line('1', 'b'), line('2', 'h'), line('3', 'b')], people);
    expect(g.map((x) => [x.person.name, x.lines.map((l) => l.id)])).toEqual([
      ['Dana', ['2']],
      ['Sam', []],
      ['Lee', ['1', '3']],
    ]);
  });
  it('gives the host a line whose person is gone', () => {
    const g = byPerson([line('1', 'gone'), line('2')], [{ id: 'h', name: 'Dana', host: true, subtotal_cents: 0 }]);
    expect(g[0].lines.map((l) => l.id)).toEqual(['1', '2']);
  });
});
