// Where an error from placing the order is shown: at the part of the checkout the guest
// fixes it in (docs/checkout.md, "Errors"). What no part owns goes to the global error
// dialog.
import { ApiError } from '@henhouse/kit/api/client';

export type Part =
  | 'header'
  | 'time'
  | 'summary'
  | 'contact'
  | 'coupon'
  | 'tip'
  | 'tax'
  | 'fields'
  | 'totals'
  | 'card'
  | 'giftcard'
  | 'house'
  | 'instore'
  | 'payment';

const byCode: Record<string, Part> = {
  slot_full: 'time',
  asap_unavailable: 'time',
  time_too_early: 'time',
  time_unavailable: 'time',
  time_not_today: 'time',
  lead_time: 'time',
  store_closed: 'time',
  handoff_unavailable: 'header',
  address_required: 'header',
  vehicle_required: 'header',
  outside_delivery_area: 'header',
  cart_empty: 'summary',
  product_unavailable: 'summary',
  coupon_expired: 'coupon',
  coupon_invalid: 'coupon',
  tip_required: 'tip',
  tip_changed: 'tip',
  custom_field_required: 'fields',
  below_delivery_minimum: 'totals',
  payment_total_mismatch: 'totals',
  card_declined: 'card',
  card_expired: 'card',
  card_token_used: 'card',
  card_not_found: 'card',
  card_invalid: 'card',
  processor_error: 'card',
  processor_unknown: 'card',
  processor_unavailable: 'card',
  cards_unavailable: 'card',
  payment_conflict: 'card',
  giftcard_invalid: 'giftcard',
  giftcard_insufficient: 'giftcard',
  house_account_invalid: 'house',
  house_account_not_allowed: 'house',
  house_account_limit: 'house',
  pay_in_store_unavailable: 'instore',
  pay_in_store_limit: 'instore',
  payment_required: 'payment',
};

/** partOf names the part an error of the order belongs to, or null for the error dialog. */
export function partOf(err: unknown): Part | null {
  if (!(err instanceof ApiError)) return null;
  const byCodePart = byCode[err.code];
  if (byCodePart) return byCodePart;
  const fields = Object.keys(err.fields ?? {});
  if (fields.some((f) => f.startsWith('customer.'))) return 'contact';
  if (fields.some((f) => f === 'time')) return 'time';
  if (fields.some((f) => f.startsWith('payments'))) return 'payment';
  // A refusal of the request as a whole (a bad idempotency key, a failed bot check) is
  // said beside the button that sent it.
  if (err.status >= 400 && err.status < 500) return 'payment';
  return null;
}

/** customerFields maps the edge's contact field names to the form's. */
export function customerFields(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError)
    for (const [k, v] of Object.entries(err.fields ?? {})) if (k.startsWith('customer.')) out[k.slice(9)] = v;
  return out;
}
