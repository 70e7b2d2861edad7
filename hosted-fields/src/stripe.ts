// The card frame for a processor on Stripe (docs/providers.md, "Stripe"): the edge
// serves it with the account's publishable key and Stripe.js (https://js.stripe.com/v3),
// and the card is typed into Stripe's Card Element, frames of Stripe's own origin, so
// the card goes from the browser to Stripe and never reaches this frame's script nor
// the edge. Stripe answers a PaymentMethod id ("pm_…"), which the page pays with as
// with any token; the edge reads the card's brand and last four digits from Stripe.
// The page talks to this frame in the same messages as to the built-in fields.
import { framePort, type Brand, type FieldsError, type FieldsState } from './protocol';

/** Where Stripe.js is loaded from: Stripe requires its own origin, never a copy. */
export const STRIPE_JS = 'https://js.stripe.com/v3';

/** What the Card Element tells on every change. */
export interface StripeCardChange {
  complete: boolean;
  empty: boolean;
  brand?: string;
  error?: { message: string; code?: string };
}

/** The parts of Stripe.js's Card Element the frame uses. */
export interface StripeCardElement {
  mount(el: HTMLElement): void;
  on(event: 'change', handler: (e: StripeCardChange) => void): void;
  focus(): void;
  clear(): void;
}

export interface StripePaymentMethodResult {
  paymentMethod?: { id: string; card?: { brand: string; last4: string; exp_month: number; exp_year: number } };
  error?: { type?: string; code?: string; message?: string };
}

/** The parts of Stripe.js (window.Stripe(key)) the frame uses. */
export interface StripeLike {
  elements(options?: object): { create(type: 'card', options?: object): StripeCardElement };
  createPaymentMethod(data: { type: 'card'; card: StripeCardElement }): Promise<StripePaymentMethodResult>;
}

export type StripeFactory = (publishableKey: string) => StripeLike;

declare global {
  interface Window {
    /** Stripe.js's constructor, once https://js.stripe.com/v3 has loaded. */
    Stripe?: StripeFactory;
  }
}

const BRANDS: Record<string, Brand> = { visa: 'visa', mastercard: 'mastercard', amex: 'amex', discover: 'discover' };

const UNAVAILABLE = "The card form couldn't load. Check your connection and reload the page.";

/** startStripe renders Stripe's Card Element into #fields and answers the page's messages. */
export function startStripe(
  win: Window,
  publishableKey: string,
  processor: string,
  channel: string,
  factory: StripeFactory | undefined,
) {
  const doc = win.document;
  const root = doc.getElementById('fields') ?? doc.body;
  const form = doc.createElement('form');
  form.noValidate = true;
  form.className = 'fields fields--stripe';
  form.addEventListener('submit', (e) => e.preventDefault());
  const label = doc.createElement('p');
  label.className = 'label';
  label.id = 'card-label';
  label.textContent = 'Card details';
  const mountPoint = doc.createElement('div');
  mountPoint.id = 'card';
  mountPoint.className = 'stripe-card';
  mountPoint.setAttribute('aria-labelledby', label.id);
  const message = doc.createElement('p');
  message.id = 'card-error';
  message.className = 'error';
  message.setAttribute('role', 'alert');
  form.append(label, mountPoint, message);
  root.replaceChildren(form);

  const { post, resize, ready, listen } = framePort(win, channel);
  const show = (text: string) => {
    if (message.textContent === text) return;
    message.textContent = text;
    mountPoint.classList.toggle('stripe-card--invalid', text !== '');
    resize();
  };

  let stripe: StripeLike | undefined;
  let card: StripeCardElement | undefined;
  try {
    stripe = factory?.(publishableKey);
    card = stripe?.elements().create('card', {
      style: {
        base: {
          fontSize: '16px',
          color: '#1b1b1b',
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
        },
      },
    });
    card?.mount(mountPoint);
  } catch {
    stripe = card = undefined;
  }
  // Stripe.js did not load (no network, a blocker): the guest is told, and a
  // tokenize answers why instead of waiting for nothing.
  if (!stripe || !card) show(UNAVAILABLE);

  let state: FieldsState = { brand: '', complete: false, empty: true, errors: {} };
  card?.on('change', (e) => {
    const text = e.error?.message ?? '';
    show(text);
    state = {
      brand: BRANDS[e.brand ?? ''] ?? '',
      complete: e.complete,
      empty: e.empty,
      // Stripe does not say which of its inputs a message is about: it shows at the card.
      errors: text ? { number: text } : {},
    };
    post({ type: 'change', state });
  });

  const tokenize = async (id: number) => {
    const fail = (error: FieldsError) => post({ type: 'error', id, error });
    if (!stripe || !card) return fail({ code: 'fields_unavailable', message: UNAVAILABLE });
    if (!state.complete) {
      const text = state.errors.number ?? 'Enter your card details.';
      show(text);
      card.focus();
      return fail({ code: 'card_invalid', message: 'Check your card details.', fields: { number: text } });
    }
    let result: StripePaymentMethodResult;
    try {
      result = await stripe.createPaymentMethod({ type: 'card', card });
    } catch {
      return fail({
        code: 'network',
        message: "We couldn't reach the card processor. Check your connection and try again.",
      });
    }
    const pm = result.paymentMethod;
    if (result.error || !pm?.card) {
      const text = result.error?.message ?? "We couldn't check your card. Please try again.";
      if (result.error?.type === 'card_error' || result.error?.type === 'validation_error') show(text);
      return fail({ code: result.error?.code ?? 'card_invalid', message: text });
    }
    post({
      type: 'token',
      id,
      card: {
        token: pm.id,
        processor,
        brand: pm.card.brand,
        last4: pm.card.last4,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
      },
    });
  };

  listen((m) => {
    switch (m.type) {
      case 'tokenize':
        void tokenize(m.id);
        break;
      case 'showError':
        show(m.message);
        card?.focus();
        break;
      case 'focus':
        card?.focus();
        break;
      case 'clear':
        card?.clear();
        show(stripe && card ? '' : UNAVAILABLE);
        break;
    }
  });

  ready();
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(resize).observe(doc.body);
}
