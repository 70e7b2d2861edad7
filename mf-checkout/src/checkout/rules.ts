// The checkout's client-side rules: what each part offers and when the order can be
// placed. The edge prices the cart and checks everything again when the order is placed
// (docs/checkout.md); these rules only decide what the page shows and enables.
import type { Cart } from '@henhouse/kit/api/types';
import type { PaymentInput } from '@henhouse/kit/api/checkout';
import { money } from '@henhouse/kit/format';

export type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number };

/** tipChoiceOf reads the cart's tip. */
export function tipChoiceOf(cart: Cart): TipChoice {
  const t = cart.tip ?? {};
  if (t.percent) return { kind: 'percent', percent: t.percent };
  if (t.amount_cents) return { kind: 'amount', cents: t.amount_cents };
  return { kind: 'none' };
}

// What the tip part offers is the edge's tip rule as it applies to the cart
// (`cart.tip_options`, docs/checkout.md, "Tips"): the percentages with their amounts, the
// largest amount, whether an amount may be typed and whether the order needs a tip. None
// of the rule's numbers is kept here.

/** "No tip" is a choice unless the edge says the order needs a tip (a delivery tip goes to the driver). */
export const noTipAllowed = (cart: Cart) => !cart.tip_options.required;

/** tipNeeded: an order that needs a tip and has none cannot be placed yet. */
export const tipNeeded = (cart: Cart) => cart.tip_options.required && tipChoiceOf(cart).kind === 'none';

/** parseDollars reads "4", "4.5" or "$4.50" as cents; null when it is not an amount. */
export function parseDollars(s: string): number | null {
  const m = /^\s*\$?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** customTipError says what is wrong with a typed tip amount, or null. */
export function customTipError(s: string, cart: Cart): string | null {
  const c = parseDollars(s);
  if (c === null) return 'Enter an amount like 3.50.';
  const max = cart.tip_options.max_cents;
  if (c > max) return `A tip can be at most ${money(max).replace(/\.00$/, '')}.`;
  if (c === 0 && !noTipAllowed(cart)) return 'Enter a tip for your driver, or choose a percentage.';
  return null;
}

/** Tax-exemption certificate ids: 6 to 20 letters, digits or dashes, starting with a letter or digit. */
export const TAX_ID = /^[A-Z0-9][A-Z0-9-]{5,19}$/;
export function taxIdError(id: string): string | null {
  return TAX_ID.test(id.trim().toUpperCase())
    ? null
    : 'Enter the ID from your tax-exemption certificate: 6 to 20 letters, digits or dashes.';
}

/** The way the rest of the order is paid, beside an optional gift card. */
export type Method =
  | { kind: 'card'; processor: string }
  | { kind: 'saved-card'; cardId: string; token: string; processor: string }
  | { kind: 'house'; account_id: string; po_number: string; requiresPo: boolean }
  | { kind: 'instore' }
  | { kind: 'none' };

/** A gift card applied to the order: its token from the balance check and the amount to take. */
export interface AppliedGiftCard {
  token: string;
  last4: string;
  balanceCents: number;
  amountCents: number;
}

/** remaining is what the other method must pay after the gift card. */
export const remaining = (totalCents: number, gift: AppliedGiftCard | null) =>
  Math.max(0, totalCents - (gift ? gift.amountCents : 0));

/** Why the payments cannot be sent yet, or null when they cover the total. */
export function paymentProblem(totalCents: number, gift: AppliedGiftCard | null, method: Method): string | null {
  if (gift) {
    if (gift.amountCents <= 0) return 'Enter the amount to take from the gift card, or remove it.';
    if (gift.amountCents > gift.balanceCents) return 'The gift card does not have that much on it.';
  }
  const rest = remaining(totalCents, gift);
  if (rest > 0 && method.kind === 'none') return 'Choose how to pay the rest.';
  if (method.kind === 'house' && method.requiresPo && !method.po_number.trim())
    return 'Enter a purchase order number for the house account.';
  return null;
}

/** paymentsFor builds the payments of the order: the gift card's amount, then the method for the rest. */
export function paymentsFor(
  totalCents: number,
  gift: AppliedGiftCard | null,
  method: Method,
  cardToken?: string,
): PaymentInput[] {
  const out: PaymentInput[] = [];
  if (gift) out.push({ kind: 'giftcard', token: gift.token, amount_cents: gift.amountCents });
  if (remaining(totalCents, gift) === 0) return out;
  // The last payment takes the rest (amount_cents 0), so the edge's total decides it.
  switch (method.kind) {
    case 'card':
      out.push({ kind: 'card', processor: method.processor, token: cardToken ?? '', amount_cents: 0 });
      break;
    case 'saved-card':
      out.push({ kind: 'card', processor: method.processor, token: method.token, amount_cents: 0 });
      break;
    case 'house':
      out.push({
        kind: 'house',
        account_id: method.account_id,
        po_number: method.po_number.trim() || undefined,
        amount_cents: 0,
      });
      break;
    case 'instore':
      out.push({ kind: 'instore', amount_cents: 0 });
      break;
  }
  return out;
}
