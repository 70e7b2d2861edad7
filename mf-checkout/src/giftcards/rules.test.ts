import { ApiError } from '@henhouse/kit/api/client';
import {
  amountCents,
  amountError,
  balanceAnswer,
  balanceProblem,
  longDate,
  numberRules,
  pinRules,
  sendOnError,
  sendRange,
} from './rules';

const limits = { min_cents: 1000, max_cents: 50000, message_max: 250, send_ahead_days: 90 };

describe('e-gift card rules', () => {
  it('takes whole dollars within the limits for a custom amount', () => {
    expect(amountError('40', limits)).toBeNull();
    expect(amountError('$10', limits)).toBeNull();
    expect(amountError('500', limits)).toBeNull();
    expect(amountError('', limits)).toBe('Enter an amount from $10 to $500');
    expect(amountError('9', limits)).toBe('Choose an amount from $10 to $500');
    expect(amountError('501', limits)).toBe('Choose an amount from $10 to $500');
    expect(amountError('40.50', limits)).toBe('Enter whole dollars from $10 to $500, like 40');
    expect(amountError('forty', limits)).toBe('Enter whole dollars from $10 to $500, like 40');
    expect(amountCents('5000', '')).toBe(5000);
    expect(amountCents('custom', ' $40 ')).toBe(4000);
  });

  it('offers today to 90 days ahead as the send date, in the guest’s calendar', () => {
    const range = sendRange(new Date(2026, 10, 25, 23, 30), 90);
    expect(range).toEqual({ min: '2026-11-25', max: '2027-02-23' });
    expect(sendOnError('2026-11-25', range, 90)).toBeNull();
    expect(sendOnError('2027-02-23', range, 90)).toBeNull();
    expect(sendOnError('2026-11-24', range, 90)).toBe('Choose today or a later date');
    expect(sendOnError('2027-02-24', range, 90)).toBe('Choose a date within 90 days');
    expect(sendOnError('', range, 90)).toBe('Enter a send date');
    expect(longDate('2026-12-04')).toBe('Friday, December 4, 2026');
  });

  it('reads a balance as money left on the card ending in its last four digits', () => {
    expect(balanceAnswer(1500, '2233')).toBe('$15.00 left on the card ending 2233');
  });

  it('words each refusal of a balance check and names the field to fix', () => {
    expect(balanceProblem(new ApiError(422, 'giftcard_invalid', 'x'))).toEqual({
      message: "We couldn't find a gift card with that number and PIN. Check both and try again.",
      field: 'number',
    });
    const locked = 'This gift card is locked after too many wrong PINs. Try again in 15 minutes.';
    expect(balanceProblem(new ApiError(429, 'giftcard_locked', locked))).toEqual({ message: locked, field: 'pin' });
    const limited = 'Too many gift card checks. Please wait 9 minutes and try again.';
    expect(balanceProblem(new ApiError(429, 'rate_limited', limited))).toEqual({ message: limited });
  });

  it('checks the number and PIN as typed, spaces and all', () => {
    expect(numberRules.validate('6006 4912 3456 7890')).toBe(true);
    expect(numberRules.validate('6006')).toBe('The card number is 12 to 19 digits');
    expect(pinRules.validate('1234')).toBe(true);
    expect(pinRules.validate('12a4')).toBe('The PIN is 4 to 8 digits');
  });
});
