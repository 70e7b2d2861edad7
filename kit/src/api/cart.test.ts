import { configureApi } from './client';
import { addProduct, removeLine, setHandoff, setLineQuantity } from './cart';
import { useAppStore, type Cart } from '@henhouse/kit/state/store';
import { mountAnnouncer, POLITE_ID } from '@henhouse/kit/ui/announce';

const NOTICE = 'Your cart changed in another tab or device. Check it before you continue.';

function cart(version: number, lines: string[] = []): Cart {
  return { version, id: 'c1', products: lines.map((id) => ({ id })) } as unknown as Cart;
}

/** answers replies in turn, recording each request's If-Match. */
function answers(...replies: { status: number; body: unknown }[]) {
  const sent: (string | undefined)[] = [];
  const f = jest.fn(async (_url: string, init: { headers: Record<string, string> }) => {
    sent.push(init.headers['If-Match']);
    const r = replies.shift()!;
    return {
      ok: r.status < 300,
      status: r.status,
      statusText: 'X',
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify(r.body),
    };
  });
  configureApi({ fetchImpl: f as unknown as typeof fetch, csrf: 't', base: '/api' });
  return { f, sent };
}

const stale = (c: Cart) => ({ status: 412, body: { error: { code: 'cart_changed', message: NOTICE }, cart: c } });

function polite(): string {
  return document.getElementById(POLITE_ID)?.textContent ?? '';
}

describe('cart changes carry the version the guest sees', () => {
  beforeAll(() => mountAnnouncer(document));
  beforeEach(() => {
    jest.useFakeTimers();
    useAppStore.getState().set({ cart: cart(3, ['l1']) });
  });
  afterEach(() => jest.useRealTimers());

  it('sends If-Match with the version the store shows', async () => {
    const { sent } = answers({ status: 201, body: { cart: cart(4, ['l1', 'l2']) } });
    const out = await addProduct('biscuit');
    expect(sent).toEqual(['"3"']);
    expect(out.cart.version).toBe(4);
  });

  it('adds the product again on the current cart after a 412, once', async () => {
    const { sent } = answers(stale(cart(5, ['l1', 'l9'])), {
      status: 201,
      body: { cart: cart(6, ['l1', 'l9', 'l2']) },
    });
    const out = await addProduct('biscuit');
    expect(sent).toEqual(['"3"', '"5"']);
    expect(out.cart.products).toHaveLength(3);
  });

  it('gives up after a second 412 and tells the guest', async () => {
    const { sent } = answers(stale(cart(5, ['l1'])), stale(cart(7, ['l1'])));
    await expect(addProduct('biscuit')).rejects.toMatchObject({ status: 412, code: 'cart_changed' });
    expect(sent).toHaveLength(2);
    expect(useAppStore.getState().cart?.version).toBe(7);
    jest.runAllTimers();
    expect(polite()).toBe(NOTICE);
  });

  it('changes the quantity again only while the line is still there', async () => {
    let a = answers(stale(cart(5, ['l1'])), { status: 200, body: { cart: cart(6, ['l1']) } });
    await setLineQuantity('l1', 2);
    expect(a.sent).toEqual(['"3"', '"5"']);

    useAppStore.getState().set({ cart: cart(6, ['l1']) });
    a = answers(stale(cart(8, ['l2'])));
    await expect(setLineQuantity('l1', 2)).rejects.toMatchObject({ status: 412 });
    expect(a.sent).toEqual(['"6"']);
    expect(useAppStore.getState().cart?.products.map((l) => l.id)).toEqual(['l2']);
    jest.runAllTimers();
    expect(polite()).toBe(NOTICE);
  });

  it('removes a line again on the current cart', async () => {
    const { sent } = answers(stale(cart(5, ['l1', 'l3'])), { status: 200, body: { cart: cart(6, ['l3']) } });
    const out = await removeLine('l1');
    expect(sent).toEqual(['"3"', '"5"']);
    expect(out.cart.products).toHaveLength(1);
  });

  it('does not make another change again: the store shows the current cart and the guest is told', async () => {
    const { sent } = answers(stale(cart(9, ['l1'])));
    await expect(setHandoff({ mode: 'pickup' })).rejects.toMatchObject({ status: 412 });
    expect(sent).toEqual(['"3"']);
    expect(useAppStore.getState().cart?.version).toBe(9);
    jest.runAllTimers();
    expect(polite()).toBe(NOTICE);
  });

  it('sends no If-Match without a cart, and other errors pass through', async () => {
    useAppStore.getState().set({ cart: null });
    const { sent } = answers({ status: 422, body: { error: { code: 'cart_full', message: 'Full.' } } });
    await expect(addProduct('biscuit')).rejects.toMatchObject({ status: 422, code: 'cart_full' });
    expect(sent).toEqual([undefined]);
    expect(useAppStore.getState().cart).toBeNull();
  });
});
