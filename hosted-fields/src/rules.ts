// The checks of the card fields, run in the frame as the guest types. The processor
// runs the same checks again when it tokenizes (edge/internal/providers/payments).
import cardValidator from 'card-validator';
import type { Brand, Field } from './protocol';

const ACCEPTED: Record<string, Exclude<Brand, ''>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  discover: 'discover',
};

export interface Values {
  number: string;
  expiry: string;
  cvv: string;
  postal_code: string;
}

export const digits = (s: string) => s.replace(/\D/g, '');

/** brandOf names the accepted brand the number belongs to, "" when none (yet). */
export function brandOf(number: string): Brand {
  const v = cardValidator.number(digits(number));
  return (v.card && ACCEPTED[v.card.type]) || '';
}

/** formatNumber groups the digits as the brand prints them (4-6-5 for Amex, 4-4-4-4 for others). */
export function formatNumber(number: string): string {
  const d = digits(number).slice(0, 19);
  const card = cardValidator.number(d).card;
  const gaps = card?.gaps ?? [4, 8, 12];
  let out = '';
  for (let i = 0; i < d.length; i++) {
    if (gaps.includes(i)) out += ' ';
    out += d[i];
  }
  return out;
}

/** formatExpiry turns "1228" or "12/28" into "12/28" as the guest types. */
export function formatExpiry(expiry: string): string {
  const d = digits(expiry).slice(0, 4);
  if (d.length === 1 && d > '1') return `0${d}/`;
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** check answers the message of each field that is wrong ({} when all are good). */
export function check(v: Values, now = new Date()): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  const n = digits(v.number);
  const num = cardValidator.number(n);
  if (!n) out.number = 'Enter your card number.';
  else if (num.card && !ACCEPTED[num.card.type] && num.isValid)
    out.number = 'We accept Amex, Discover, MasterCard and Visa.';
  else if (!num.isValid || !num.card || !ACCEPTED[num.card.type]) out.number = 'Enter a valid card number.';

  const exp = cardValidator.expirationDate(v.expiry);
  if (!v.expiry.trim()) out.expiry = 'Enter the expiry date as MM/YY.';
  else if (!exp.isValid) {
    // card-validator also refuses a past date; say which of the two it is.
    const [m, y] = v.expiry.split('/').map((s) => Number(digits(s)));
    const full = y < 100 ? 2000 + y : y;
    const past =
      m >= 1 &&
      m <= 12 &&
      full > 0 &&
      (full < now.getFullYear() || (full === now.getFullYear() && m < now.getMonth() + 1));
    out.expiry = past ? 'This card has expired.' : 'Enter the expiry date as MM/YY.';
  }

  const size = brandOf(n) === 'amex' ? 4 : 3;
  if (!cardValidator.cvv(digits(v.cvv), size).isValid || digits(v.cvv) !== v.cvv.trim())
    out.cvv = `Enter the ${size}-digit security code.`;

  if (!/^\d{5}(-?\d{4})?$/.test(v.postal_code.trim())) out.postal_code = 'Enter a 5-digit ZIP code.';
  return out;
}

/**
 * expiryParts splits a checked "MM/YY" into the integers the API takes (a two-digit
 * year is in this century); 0 stands for a part that could not be read, which the
 * API reports as missing.
 */
export function expiryParts(expiry: string): { exp_month: number; exp_year: number } {
  const e = cardValidator.expirationDate(expiry);
  const n = (s: string | null) => (s && /^\d+$/.test(s) ? Number(s) : 0);
  return { exp_month: n(e.month), exp_year: n(e.year) };
}
