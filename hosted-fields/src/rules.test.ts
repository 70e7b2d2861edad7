import { brandOf, check, expiryParts, formatExpiry, formatNumber } from './rules';

const good = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', postal_code: '43215' };
const now = new Date('2026-11-25T12:00:00Z');

describe('card field checks', () => {
  test.each([
    ['4111 1111 1111 1111', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['6011 1111 1111 1117', 'discover'],
    ['3530 1113 3330 0000', ''], // JCB: not accepted
    ['', ''],
  ])('%s is %s', (n, brand) => expect(brandOf(n)).toBe(brand));

  test('a good card has no messages', () => {
    expect(check(good, now)).toEqual({});
    expect(check({ ...good, number: '378282246310005', cvv: '1234' }, now)).toEqual({});
  });

  test('each field says what is wrong', () => {
    expect(check({ number: '', expiry: '', cvv: '', postal_code: '' }, now)).toEqual({
      number: 'Enter your card number.',
      expiry: 'Enter the expiry date as MM/YY.',
      cvv: 'Enter the 3-digit security code.',
      postal_code: 'Enter a 5-digit ZIP code.',
    });
    expect(check({ ...good, number: '4111 1111 1111 1112' }, now).number).toBe('Enter a valid card number.');
    expect(check({ ...good, number: '3530 1113 3330 0000' }, now).number).toBe(
      'We accept Amex, Discover, MasterCard and Visa.',
    );
    expect(check({ ...good, expiry: '10/26' }, now).expiry).toBe('This card has expired.');
    expect(check({ ...good, expiry: '13/30' }, now).expiry).toBe('Enter the expiry date as MM/YY.');
    // Amex codes have four digits.
    expect(check({ ...good, number: '378282246310005', cvv: '123' }, now).cvv).toBe('Enter the 4-digit security code.');
    expect(check({ ...good, postal_code: '4321' }, now).postal_code).toBe('Enter a 5-digit ZIP code.');
    expect(check({ ...good, postal_code: '43215-1234' }, now)).toEqual({});
  });

  test('numbers and dates are formatted as typed', () => {
    expect(formatNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04/');
    expect(expiryParts('12/30')).toEqual({ exp_month: 12, exp_year: 30 });
    expect(expiryParts('04/2031')).toEqual({ exp_month: 4, exp_year: 2031 });
    expect(expiryParts('')).toEqual({ exp_month: 0, exp_year: 0 });
  });
});
