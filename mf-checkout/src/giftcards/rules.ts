// The rules of the e-gift card pages (docs/giftcards.md): what the buy form accepts
// before it is sent, and how a balance check's answer reads. The edge checks everything
// again; its per-field messages replace these.
import { ApiError } from '@henhouse/kit/api/client';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';

/** The limits the edge answers in GET /giftcards/designs. */
export interface GiftLimits {
  min_cents: number;
  max_cents: number;
  message_max: number;
  send_ahead_days: number;
}

/** The amounts offered with one click, in cents. */
export const PRESETS = [2500, 5000, 10000];

/** amountError checks a custom amount typed in dollars: whole dollars within the limits. */
export function amountError(typed: string, l: GiftLimits): string | null {
  const v = typed.trim().replace(/^\$/, '');
  const range = `from ${money(l.min_cents).replace('.00', '')} to ${money(l.max_cents).replace('.00', '')}`;
  if (v === '') return `Enter an amount ${range}`;
  if (!/^\d+$/.test(v)) return `Enter whole dollars ${range}, like 40`;
  const cents = Number(v) * 100;
  if (cents < l.min_cents || cents > l.max_cents) return `Choose an amount ${range}`;
  return null;
}

/** amountCents is the amount chosen: a preset, or the custom amount typed in dollars. */
export function amountCents(choice: string, custom: string): number {
  if (choice !== 'custom') return Number(choice);
  return Number(custom.trim().replace(/^\$/, '')) * 100;
}

/** isoDate is a day of the guest's calendar as YYYY-MM-DD. */
export function isoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** sendRange is the first and last send date a guest may choose, today in their time zone. */
export function sendRange(now: Date, aheadDays: number): { min: string; max: string } {
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate() + aheadDays);
  return { min: isoDate(now), max: isoDate(last) };
}

export function sendOnError(v: string, range: { min: string; max: string }, aheadDays: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'Enter a send date';
  if (v < range.min) return 'Choose today or a later date';
  if (v > range.max) return `Choose a date within ${aheadDays} days`;
  return null;
}

/** longDate reads a YYYY-MM-DD send date as "Friday, December 4, 2026". */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Date(y, m - 1, d).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** timeZone is the guest's IANA time zone, which judges "today" for the send date. */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return ''; // the edge then judges the date in the chain's home time zone
  }
}

/** balanceAnswer is what a balance check says: "$15.00 left on the card ending 2233". */
export function balanceAnswer(cents: number, last4: string): string {
  return `${money(cents)} left on the card ending ${last4}`;
}

/** The balance form's fields an answer can point at. */
export type BalanceField = 'number' | 'pin';

/** balanceProblem words a failed balance check for the guest and names the field to fix. */
export function balanceProblem(err: unknown): { message: string; field?: BalanceField } {
  if (!(err instanceof ApiError)) return { message: messageFor(err) };
  switch (err.code) {
    case 'giftcard_invalid':
      return {
        message: "We couldn't find a gift card with that number and PIN. Check both and try again.",
        field: 'number',
      };
    case 'giftcard_locked':
      return { message: err.message, field: 'pin' };
    case 'rate_limited':
      return { message: err.message || 'Too many gift card checks. Please wait a few minutes and try again.' };
    case 'invalid':
      if (err.fields?.number) return { message: err.message, field: 'number' };
      if (err.fields?.pin) return { message: err.message, field: 'pin' };
  }
  return { message: messageFor(err) };
}

/** digitsOf keeps the digits of a card number typed with spaces or dashes. */
export const digitsOf = (v: string) => v.replace(/[\s-]/g, '');

export const numberRules = {
  required: 'Enter the gift card number',
  validate: (v: string) => /^\d{12,19}$/.test(digitsOf(v)) || 'The card number is 12 to 19 digits',
};

export const pinRules = {
  required: 'Enter the PIN',
  validate: (v: string) => /^\d{4,8}$/.test(v.trim()) || 'The PIN is 4 to 8 digits',
};
