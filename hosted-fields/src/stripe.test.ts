import { start } from './frame';
import { TAG } from './protocol';
import { STRIPE_JS, type StripeCardChange, type StripeCardElement, type StripeLike } from './stripe';

// Stripe.js cannot load in these tests (nor on a machine without the internet): a
// stand-in with Stripe.js's calls checks everything up to it.
function fakeStripe(result: Awaited<ReturnType<StripeLike['createPaymentMethod']>>) {
  let onChange: (e: StripeCardChange) => void = () => {};
  const card: StripeCardElement & { mounted?: HTMLElement } = {
    mount: jest.fn((el: HTMLElement) => {
      card.mounted = el;
    }),
    on: jest.fn((_ev: 'change', h: (e: StripeCardChange) => void) => {
      onChange = h;
    }),
    focus: jest.fn(),
    clear: jest.fn(),
  };
  const stripe = {
    elements: jest.fn(() => ({ create: jest.fn(() => card) })),
    createPaymentMethod: jest.fn().mockResolvedValue(result),
  };
  const factory = jest.fn(() => stripe);
  return { factory, stripe, card, change: (e: StripeCardChange) => onChange(e) };
}

function setup(key: string | null, factory?: jest.Mock) {
  window.history.replaceState({}, '', '/payments/2.8.0/fields?processor=second&channel=c1');
  document.head.innerHTML =
    '<meta name="csrf-token" content="csrf-1">' + (key ? `<meta name="stripe-key" content="${key}">` : '');
  document.body.innerHTML = '<main id="fields"></main>';
  (window as Window & { Stripe?: unknown }).Stripe = factory;
  const posted: { type: string; [k: string]: unknown }[] = [];
  jest.spyOn(window, 'postMessage').mockImplementation((m: unknown) => {
    posted.push(m as { type: string });
  });
  const fetchImpl = jest.fn();
  // Each test's frame answers only its own messages: its listeners go when it ends.
  const add = window.addEventListener.bind(window);
  jest.spyOn(window, 'addEventListener').mockImplementation((type: string, l: EventListenerOrEventListenerObject) => {
    listeners.push([type, l]);
    add(type, l);
  });
  start(window, fetchImpl as unknown as typeof fetch);
  const fromPage = (data: object, origin = window.location.origin) =>
    window.dispatchEvent(
      new MessageEvent('message', { data: { tag: TAG, channel: 'c1', ...data }, origin, source: window }),
    );
  return { posted, fromPage, fetchImpl };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

const visa = { id: 'pm_1PgcA2B7WZ01zgkW', card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2030 } };

const listeners: [string, EventListenerOrEventListenerObject][] = [];

afterEach(() => {
  for (const [type, l] of listeners.splice(0)) window.removeEventListener(type, l);
  jest.restoreAllMocks();
  delete (window as Window & { Stripe?: unknown }).Stripe;
});

describe('card frame on Stripe', () => {
  test('Stripe.js is loaded from Stripe', () => {
    expect(STRIPE_JS).toBe('https://js.stripe.com/v3');
  });

  test('with a publishable key, Stripe takes the card and none of our inputs exist', () => {
    const s = fakeStripe({ paymentMethod: visa });
    const { posted } = setup('pk_test_frame', s.factory);
    expect(s.factory).toHaveBeenCalledWith('pk_test_frame');
    expect(s.card.mount).toHaveBeenCalledWith(document.getElementById('card'));
    expect(document.querySelectorAll('input')).toHaveLength(0);
    expect(posted[0]).toMatchObject({ type: 'ready', tag: TAG, channel: 'c1' });
  });

  test('without a key, our own fields take the card and Stripe is not called', () => {
    const s = fakeStripe({ paymentMethod: visa });
    setup(null, s.factory);
    expect(s.factory).not.toHaveBeenCalled();
    expect([...document.querySelectorAll('label')].map((l) => l.textContent)).toContain('Card number');
  });

  test('tokenize hands the page the PaymentMethod id Stripe made, and never calls the edge', async () => {
    const s = fakeStripe({ paymentMethod: visa });
    const { posted, fromPage, fetchImpl } = setup('pk_test_frame', s.factory);
    s.change({ complete: true, empty: false, brand: 'visa' });
    expect(posted.pop()).toMatchObject({ type: 'change', state: { brand: 'visa', complete: true, empty: false } });
    fromPage({ type: 'tokenize', id: 4 });
    await flush();
    expect(s.stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: s.card });
    expect(posted.pop()).toEqual({
      type: 'token',
      id: 4,
      tag: TAG,
      channel: 'c1',
      card: {
        token: 'pm_1PgcA2B7WZ01zgkW',
        processor: 'second',
        brand: 'visa',
        last4: '4242',
        exp_month: 8,
        exp_year: 2030,
      },
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  test('an incomplete card is refused before Stripe is asked', async () => {
    const s = fakeStripe({ paymentMethod: visa });
    const { posted, fromPage } = setup('pk_test_frame', s.factory);
    s.change({ complete: false, empty: false, brand: 'visa', error: { message: 'Your card number is incomplete.' } });
    fromPage({ type: 'tokenize', id: 5 });
    await flush();
    expect(s.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(posted.pop()).toMatchObject({ type: 'error', id: 5, error: { code: 'card_invalid' } });
    expect(document.getElementById('card-error')!.textContent).toBe('Your card number is incomplete.');
    expect(s.card.focus).toHaveBeenCalled();
  });

  test("Stripe's refusal reaches the page with its code", async () => {
    const s = fakeStripe({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    const { posted, fromPage } = setup('pk_test_frame', s.factory);
    s.change({ complete: true, empty: false, brand: 'visa' });
    fromPage({ type: 'tokenize', id: 6 });
    await flush();
    expect(posted.pop()).toMatchObject({
      type: 'error',
      id: 6,
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
  });

  test('a tokenize from another origin is ignored', async () => {
    const s = fakeStripe({ paymentMethod: visa });
    const { fromPage } = setup('pk_test_frame', s.factory);
    s.change({ complete: true, empty: false, brand: 'visa' });
    fromPage({ type: 'tokenize', id: 7 }, 'https://evil.example');
    await flush();
    expect(s.stripe.createPaymentMethod).not.toHaveBeenCalled();
  });

  test('when Stripe.js did not load, the guest is told and a tokenize says why', async () => {
    const { posted, fromPage } = setup('pk_test_frame', undefined);
    expect(document.getElementById('card-error')!.textContent).toMatch(/couldn't load/);
    fromPage({ type: 'tokenize', id: 8 });
    await flush();
    expect(posted.pop()).toMatchObject({ type: 'error', id: 8, error: { code: 'fields_unavailable' } });
  });
});
