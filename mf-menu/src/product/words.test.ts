import type { Modifier, ModifierGroup } from '@henhouse/kit/api/types';
import { addedMessage, missingLabel } from './words';

const group = (name: string, min: number, max: number) =>
  ({ id: 'g', name, kind: 'button', min, max, modifiers: [] }) as unknown as ModifierGroup;

describe('addedMessage', () => {
  it('names the product alone for one, and the count with a times sign for more', () => {
    expect(addedMessage('3 Tenders', 1)).toBe('Added 3 Tenders');
    expect(addedMessage('3 Tenders', 2)).toBe('Added 2 × 3 Tenders');
    expect(addedMessage('2 Piece Combo', 1)).not.toMatch(/Added 1 /);
  });
});

describe('missingLabel', () => {
  it('asks for one of a single choice with its article, else names the group', () => {
    expect(missingLabel(group('Side', 1, 1), null)).toBe('Choose a Side');
    expect(missingLabel(group('Extra', 1, 1), null)).toBe('Choose an Extra');
    expect(missingLabel(group('Family sides', 2, 4), null)).toBe('Choose Family sides');
    expect(missingLabel(group('Ice', 1, 1), { id: 'drk-cola', name: 'Cola' } as Modifier)).toMatch(/^Choose .*Cola/);
  });
});
