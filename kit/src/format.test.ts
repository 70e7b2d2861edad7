import { joinCard, money } from '@henhouse/kit/format';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('money', () => {
  it('writes cents as Intl would write the dollars', () => {
    for (const cents of [
      0, 1, 9, 10, 99, 100, 101, 1299, 99999, 100000, 123456, 9999999, 100000000, -1, -500, -123456,
    ]) {
      expect(money(cents)).toBe(intl.format(cents / 100));
    }
  });

  it('groups thousands and keeps two decimals', () => {
    expect(money(123456789)).toBe('$1,234,567.89');
    expect(money(5)).toBe('$0.05');
  });

  it('rounds a fraction of a cent and treats a missing amount as zero', () => {
    expect(money(1299.6)).toBe('$13.00');
    expect(money(Number.NaN)).toBe('$0.00');
    expect(money(undefined as unknown as number)).toBe('$0.00');
  });
});

describe('joinCard', () => {
  it('skips empty parts', () => {
    expect(joinCard(['Dayton', null, '', '(937) 555-0100'])).toBe('Dayton • (937) 555-0100');
  });
});
