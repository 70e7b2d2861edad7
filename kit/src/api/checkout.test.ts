import { mockApi } from '@henhouse/kit/test/harness';
import { useAppStore, type Cart } from '@henhouse/kit/state/store';
import { mountAnnouncer, POLITE_ID } from '@henhouse/kit/ui/announce';
import {
  applyCoupon,
  getGiftCardDesigns,
  purchaseGiftCard,
  removeCoupon,
  setCustomFields,
  setTaxExemption,
  setTip,
  setUtensils,
} from './checkout';
import { claimPerk, redeemOffer, redeemReward, returnRedemption } from './loyalty';

describe('e-gift card calls', () => {
  it('buys with the idempotency key and the bot check as headers, and answers the purchase', async () => {
    const api = mockApi({ 'POST /giftcards/purchases': { status: 201, body: { purchase: { id: 'GC-ABC' } } } });
    const body = {
      amount_cents: 4000,
      design: 'classic',
      recipient_name: 'Sam',
      recipient_email: 'sam@example.com',
      sender_name: 'Ada',
      send_on: '2026-11-25',
      buyer_email: 'ada@example.com',
      payment: { kind: 'card' as const, token: 'tok_1' },
    };
    const r = await purchaseGiftCard(body, 'key-12345678', { 'X-Bot-Check': 'bot' });
    expect(r.purchase.id).toBe('GC-ABC');
    const [call] = api.to('POST /giftcards/purchases');
    expect(call.body).toEqual(body);
    expect(call.headers['Idempotency-Key']).toBe('key-12345678');
    expect(call.headers['X-Bot-Check']).toBe('bot');
  });

  it('reads the designs and limits', async () => {
    mockApi({
      'GET /giftcards/designs': {
        body: { designs: [], min_cents: 1000, max_cents: 50000, message_max: 250, send_ahead_days: 90 },
      },
    });
    expect((await getGiftCardDesigns()).max_cents).toBe(50000);
  });
});

describe('checkout changes carry the version the guest sees', () => {
  const NOTICE = 'Your cart changed in another tab or device. Check it before you continue.';
  const cart = (version: number, extra: Record<string, unknown> = {}) =>
    ({ version, id: 'c1', products: [{ id: 'l1' }], ...extra }) as unknown as Cart;
  const stale = (c: Cart) => ({ status: 412, body: { error: { code: 'cart_changed', message: NOTICE }, cart: c } });
  const polite = () => document.getElementById(POLITE_ID)?.textContent ?? '';

  beforeAll(() => mountAnnouncer(document));
  beforeEach(() => {
    jest.useFakeTimers();
    const notices = document.getElementById(POLITE_ID);
    if (notices) notices.textContent = '';
    useAppStore.getState().set({ cart: cart(3) });
  });
  afterEach(() => jest.useRealTimers());

  const calls: [string, string, () => Promise<unknown>, unknown][] = [
    ['PUT', '/cart/coupon', () => applyCoupon('WELCOME5'), { code: 'WELCOME5' }],
    ['DELETE', '/cart/coupon', () => removeCoupon(), undefined],
    ['PUT', '/cart/tip', () => setTip({ percent: 18 }), { percent: 18 }],
    ['PUT', '/cart/tax-exemption', () => setTaxExemption('EX-1'), { id: 'EX-1' }],
    ['PUT', '/cart/utensils', () => setUtensils(true), { utensils: true }],
    ['PUT', '/cart/custom-fields', () => setCustomFields({ po: '12' }), { fields: { po: '12' } }],
  ];

  it.each(calls)('%s %s sends If-Match with the version the store shows', async (method, path, call, body) => {
    const api = mockApi({ [`${method} ${path}`]: { body: { cart: cart(4) } } });
    await call();
    const [sent] = api.to(`${method} ${path}`);
    expect(sent.headers['If-Match']).toBe('"3"');
    expect(sent.body).toEqual(body);
  });

  it.each(calls)(
    '%s %s on a changed cart: shows the current cart, tells the guest, and is not made again',
    async (method, path, call) => {
      const api = mockApi({ [`${method} ${path}`]: stale(cart(7, { coupon: 'OTHER' })) });
      await expect(call()).rejects.toMatchObject({ status: 412, code: 'cart_changed' });
      expect(api.to(`${method} ${path}`)).toHaveLength(1);
      expect(useAppStore.getState().cart?.version).toBe(7);
      jest.runAllTimers();
      expect(polite()).toBe(NOTICE);
    },
  );

  it('sends no If-Match without a cart in the store, and a business rule passes through untouched', async () => {
    useAppStore.getState().set({ cart: null });
    const api = mockApi({
      'PUT /cart/coupon': { status: 422, body: { error: { code: 'coupon_invalid', message: 'No such coupon.' } } },
    });
    await expect(applyCoupon('NOPE')).rejects.toMatchObject({ status: 422, code: 'coupon_invalid' });
    expect(api.to('PUT /cart/coupon')[0].headers['If-Match']).toBeUndefined();
    expect(useAppStore.getState().cart).toBeNull();
  });
});

describe('rewards into and out of the cart carry the version the guest sees', () => {
  const NOTICE = 'Your cart changed in another tab or device. Check it before you continue.';
  const cart = (version: number) => ({ version, id: 'c1', products: [] }) as unknown as Cart;
  beforeAll(() => mountAnnouncer(document));
  beforeEach(() => {
    jest.useFakeTimers();
    const notices = document.getElementById(POLITE_ID);
    if (notices) notices.textContent = '';
    useAppStore.getState().set({ cart: cart(5) });
  });
  afterEach(() => jest.useRealTimers());

  it('sends If-Match on redeem, offer, perk and return', async () => {
    const ok = { body: { cart: cart(6), members: {}, redemption: { id: 'r1' } } };
    const api = mockApi({
      'POST /rewards/free-biscuit/redeem': ok,
      'POST /rewards/offers/bday/redeem': ok,
      'POST /subscriptions/s1/perk': ok,
      'DELETE /rewards/redemptions/r1': { body: { cart: cart(6), members: {} } },
    });
    await redeemReward('free-biscuit');
    await redeemOffer('bday');
    await claimPerk('s1');
    await returnRedemption('r1');
    expect(api.calls.map((c) => c.headers['If-Match'])).toEqual(['"5"', '"5"', '"5"', '"5"']);
  });

  it('on a changed cart shows the current cart and tells the guest, without spending again', async () => {
    const api = mockApi({
      'POST /rewards/free-biscuit/redeem': {
        status: 412,
        body: { error: { code: 'cart_changed', message: NOTICE }, cart: cart(8) },
      },
    });
    await expect(redeemReward('free-biscuit')).rejects.toMatchObject({ status: 412 });
    expect(api.to('POST /rewards/free-biscuit/redeem')).toHaveLength(1);
    expect(useAppStore.getState().cart?.version).toBe(8);
    jest.runAllTimers();
    expect(document.getElementById(POLITE_ID)?.textContent).toBe(NOTICE);
  });
});
