import { addressLine } from './address';
import { louisville } from './test/fixtures';

describe('addressLine', () => {
  it('writes street, unit, city, state and ZIP on one line', () => {
    expect(addressLine(louisville().address)).toBe('9838 Madison Ave, Apt 2, Louisville, KY 40202');
  });
  it('leaves out a unit that is not set', () => {
    expect(addressLine({ street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' })).toBe(
      '1 Main St, Dayton, OH 45402',
    );
    expect(addressLine({ street: '1 Main St', unit: ' ', city: 'Dayton', state: 'OH', zip: '45402' })).toBe(
      '1 Main St, Dayton, OH 45402',
    );
  });
});
