import type { Cart } from '@henhouse/kit/api/types';
import { ApiError } from '@henhouse/kit/api/client';
import { handToApp } from './bridge';
import { customerFields, partOf } from './errors';
import {
  customTipError,
  noTipAllowed,
  parseDollars,
  paymentProblem,
  paymentsFor,
  remaining,
  taxIdError,
  tipChoiceOf,
  tipNeeded,
} from './rules';

const cart = (patch: Partial<Cart> = {}) =>
  ({
    handoff: { mode: 'pickup' },
    tip: {},
    tip_options: {
      percents: [{ percent: 15, amount_cents: 300 }],
      default_percent: 0,
      max_cents: 50000,
      custom_allowed: true,
      required: false,
    },
    totals: { subtotal_cents: 2000, discount_cents: 0, fees_cents: 0, tax_cents: 145, tip_cents: 0, total_cents: 2145 },
    ...patch,
  }) as Cart;
/** A delivery cart as the edge answers it: its order needs a tip. */
const delivery = (patch: Partial<Cart> = {}) =>
  cart({ handoff: { mode: 'delivery' }, tip_options: { ...cart().tip_options, required: true }, ...patch });
const gift = (amountCents: number, balanceCents = 5000) => ({
  token: 'gc_1',
  last4: '7890',
  balanceCents,
  amountCents,
});

describe('tips', () => {
  test('the cart says which tip is chosen', () => {
    expect(tipChoiceOf(cart())).toEqual({ kind: 'none' });
    expect(tipChoiceOf(cart({ tip: { percent: 18 } }))).toEqual({ kind: 'percent', percent: 18 });
    expect(tipChoiceOf(cart({ tip: { amount_cents: 350 } }))).toEqual({ kind: 'amount', cents: 350 });
  });
  test('no tip is a choice unless the edge says the order needs one', () => {
    expect(noTipAllowed(cart())).toBe(true);
    expect(noTipAllowed(delivery())).toBe(false);
    // What the edge says, not the handoff, decides.
    expect(noTipAllowed(cart({ handoff: { mode: 'delivery' } }))).toBe(true);
    expect(tipNeeded(delivery())).toBe(true);
    expect(tipNeeded(delivery({ tip: { percent: 15 } }))).toBe(false);
    expect(tipNeeded(cart())).toBe(false);
  });
  test('a custom amount is dollars and cents up to the edge’s largest tip', () => {
    expect(parseDollars('4')).toBe(400);
    expect(parseDollars('$4.5')).toBe(450);
    expect(parseDollars('4.05')).toBe(405);
    expect(parseDollars('4.055')).toBeNull();
    expect(parseDollars('-1')).toBeNull();
    expect(customTipError('abc', cart())).toBe('Enter an amount like 3.50.');
    expect(customTipError('501', cart())).toBe('A tip can be at most $500.');
    const small = cart({ tip_options: { ...cart().tip_options, max_cents: 2050 } });
    expect(customTipError('20.50', small)).toBeNull();
    expect(customTipError('20.51', small)).toBe('A tip can be at most $20.50.');
    expect(customTipError('0', cart())).toBeNull();
    expect(customTipError('0', delivery())).toBe('Enter a tip for your driver, or choose a percentage.');
    expect(customTipError('3.50', delivery())).toBeNull();
  });
});

describe('tax exemption ids', () => {
  test.each([
    ['OH-123456', null],
    ['abc123', null],
    ['12345', 'Enter the ID from your tax-exemption certificate: 6 to 20 letters, digits or dashes.'],
    ['-123456', 'Enter the ID from your tax-exemption certificate: 6 to 20 letters, digits or dashes.'],
    ['A'.repeat(21), 'Enter the ID from your tax-exemption certificate: 6 to 20 letters, digits or dashes.'],
    ['OH 123456', 'Enter the ID from your tax-exemption certificate: 6 to 20 letters, digits or dashes.'],
  ])('%s → %s', (id, want) => expect(taxIdError(id)).toBe(want));
});

describe('split payments', () => {
  test('the rest stays visible', () => {
    expect(remaining(2145, gift(1500))).toBe(645);
    expect(remaining(2145, null)).toBe(2145);
  });
  test('the order can be placed only when the payments cover the total', () => {
    expect(paymentProblem(2145, null, { kind: 'none' })).toBe('Choose how to pay the rest.');
    expect(paymentProblem(2145, gift(1500), { kind: 'none' })).toBe('Choose how to pay the rest.');
    expect(paymentProblem(2145, gift(2145), { kind: 'none' })).toBeNull();
    expect(paymentProblem(2145, gift(1500), { kind: 'card', processor: 'hosted' })).toBeNull();
    expect(paymentProblem(2145, gift(0), { kind: 'card', processor: 'hosted' })).toMatch(/amount/);
    expect(paymentProblem(2145, gift(1600, 1500), { kind: 'card', processor: 'hosted' })).toMatch(/does not have/);
    expect(paymentProblem(2145, null, { kind: 'house', account_id: 'ha', po_number: ' ', requiresPo: true })).toMatch(
      /purchase order/,
    );
  });
  test('the gift card pays its amount and the other method the rest', () => {
    expect(paymentsFor(2145, gift(1500), { kind: 'card', processor: 'second' }, 'pm_1')).toEqual([
      { kind: 'giftcard', token: 'gc_1', amount_cents: 1500 },
      { kind: 'card', processor: 'second', token: 'pm_1', amount_cents: 0 },
    ]);
    expect(paymentsFor(2145, gift(2145), { kind: 'instore' })).toEqual([
      { kind: 'giftcard', token: 'gc_1', amount_cents: 2145 },
    ]);
    expect(
      paymentsFor(2145, null, { kind: 'house', account_id: 'ha-acme', po_number: 'PO-1 ', requiresPo: true }),
    ).toEqual([{ kind: 'house', account_id: 'ha-acme', po_number: 'PO-1', amount_cents: 0 }]);
    expect(
      paymentsFor(2145, null, { kind: 'saved-card', cardId: 'c1', token: 'tok_saved', processor: 'hosted' }),
    ).toEqual([{ kind: 'card', processor: 'hosted', token: 'tok_saved', amount_cents: 0 }]);
  });
});

describe('where an order error is shown', () => {
  const err = (code: string, fields?: Record<string, string>, status = 422) => new ApiError(status, code, 'x', fields);
  test.each([
    ['slot_full', 'time'],
    ['below_delivery_minimum', 'totals'],
    ['tip_required', 'tip'],
    ['tip_changed', 'tip'],
    ['card_declined', 'card'],
    ['card_token_used', 'card'],
    ['giftcard_insufficient', 'giftcard'],
    ['house_account_not_allowed', 'house'],
    ['pay_in_store_limit', 'instore'],
    ['coupon_expired', 'coupon'],
    ['vehicle_required', 'header'],
  ])('%s → %s', (code, part) => expect(partOf(err(code))).toBe(part));
  test('contact fields go to the contact part; server failures to the error dialog', () => {
    expect(partOf(err('invalid', { 'customer.email': 'Enter an email' }, 400))).toBe('contact');
    expect(customerFields(err('invalid', { 'customer.email': 'Enter an email' }))).toEqual({ email: 'Enter an email' });
    expect(partOf(err('internal', undefined, 500))).toBeNull();
    expect(partOf(new Error('boom'))).toBeNull();
  });
});

describe('the native app bridge', () => {
  const result = {
    type: 'order_placed' as const,
    orderId: 'o_1',
    status: 'placed',
    totalCents: 2145,
    readyAt: '2030-01-01T12:00:00Z',
  };
  afterEach(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.ReactNativeWebView;
    delete w.webkit;
  });
  test('React Native gets a JSON string', () => {
    const postMessage = jest.fn();
    (window as unknown as Record<string, unknown>).ReactNativeWebView = { postMessage };
    expect(handToApp(result)).toBe('react-native');
    expect(JSON.parse(postMessage.mock.calls[0][0])).toEqual({ source: 'henhouse-checkout', version: 1, ...result });
  });
  test('WKWebView gets the object', () => {
    const postMessage = jest.fn();
    (window as unknown as Record<string, unknown>).webkit = { messageHandlers: { henhouse: { postMessage } } };
    expect(handToApp(result)).toBe('webkit');
    expect(postMessage).toHaveBeenCalledWith({ source: 'henhouse-checkout', version: 1, ...result });
  });
  test('without a bridge the URL carries the result', () => expect(handToApp(result)).toBe('url'));
});
