// The hosted card fields: the document inside the frame, served by the processor. It
// alone holds the card number, expiry, security code and ZIP code; it sends them only
// to the processor (POST /api/payments/cards) and tells the page nothing but the brand,
// whether the fields are complete, field messages and the token. For a processor on
// Stripe with a publishable key, Stripe's Card Element takes the card instead (stripe.ts).
import { BRAND_NAMES, FIELDS, framePort, type Brand, type CardToken, type Field, type FieldsError } from './protocol';
import { brandOf, check, digits, expiryParts, formatExpiry, formatNumber, type Values } from './rules';
import { startStripe } from './stripe';

const LABELS: Record<Field, { label: string; autocomplete: string; name: string; hint?: string }> = {
  number: { label: 'Card number', autocomplete: 'cc-number', name: 'cardnumber' },
  expiry: { label: 'Expiry date', autocomplete: 'cc-exp', name: 'exp-date', hint: 'MM/YY' },
  cvv: {
    label: 'Security code',
    autocomplete: 'cc-csc',
    name: 'cvc',
    hint: '3 digits on the back, 4 on the front for Amex',
  },
  postal_code: { label: 'Billing ZIP code', autocomplete: 'postal-code', name: 'postal' },
};

// The processor's field names in its error answers, mapped to the frame's fields.
const SERVER_FIELDS: Record<string, Field> = {
  number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvv: 'cvv',
  postal_code: 'postal_code',
};

/** start renders the fields into #fields and answers the page's messages. */
export function start(win: Window = window, fetchImpl: typeof fetch = win.fetch.bind(win)) {
  const doc = win.document;
  const params = new URLSearchParams(win.location.search);
  const channel = params.get('channel') ?? '';
  const processor = params.get('processor') || 'hosted';
  // The edge names a Stripe publishable key when the processor is on Stripe: Stripe's
  // Card Element takes the card instead of these fields (stripe.ts).
  const stripeKey = doc.querySelector('meta[name="stripe-key"]')?.getAttribute('content') ?? '';
  if (stripeKey) {
    startStripe(win, stripeKey, processor, channel, win.Stripe);
    return;
  }
  const csrf = doc.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
  const root = doc.getElementById('fields') ?? doc.body;

  const form = doc.createElement('form');
  form.noValidate = true;
  form.className = 'fields';
  form.addEventListener('submit', (e) => e.preventDefault());
  const inputs = {} as Record<Field, HTMLInputElement>;
  const errors = {} as Record<Field, HTMLElement>;
  const touched = new Set<Field>();
  const shown: Partial<Record<Field, string>> = {};
  const row = doc.createElement('div');
  row.className = 'row';

  for (const f of FIELDS) {
    const spec = LABELS[f];
    const wrap = doc.createElement('div');
    wrap.className = `field field--${f}`;
    const label = doc.createElement('label');
    label.htmlFor = `f-${f}`;
    label.textContent = spec.label;
    const input = doc.createElement('input');
    input.id = `f-${f}`;
    input.name = spec.name;
    input.autocomplete = spec.autocomplete as AutoFill;
    input.inputMode = 'numeric';
    input.spellcheck = false;
    input.required = true;
    const err = doc.createElement('p');
    err.id = `f-${f}-error`;
    err.className = 'error';
    const described = [err.id];
    if (spec.hint) {
      const hint = doc.createElement('p');
      hint.id = `f-${f}-hint`;
      hint.className = 'hint';
      hint.textContent = spec.hint;
      described.unshift(hint.id);
      wrap.append(label, hint);
    } else wrap.append(label);
    if (f === 'number') {
      const line = doc.createElement('div');
      line.className = 'number-line';
      const brand = doc.createElement('span');
      brand.id = 'brand';
      brand.className = 'brand';
      described.push(brand.id);
      line.append(input, brand);
      wrap.append(line);
    } else wrap.append(input);
    input.setAttribute('aria-describedby', described.join(' '));
    wrap.append(err);
    inputs[f] = input;
    errors[f] = err;
    if (f === 'expiry' || f === 'cvv') row.append(wrap);
    else if (f === 'postal_code') form.append(row, wrap);
    else form.append(wrap);
  }
  root.replaceChildren(form);

  const values = (): Values => ({
    number: inputs.number.value,
    expiry: inputs.expiry.value,
    cvv: inputs.cvv.value,
    postal_code: inputs.postal_code.value,
  });

  const { post, resize, ready, listen } = framePort(win, channel);

  const showError = (f: Field, message: string | undefined) => {
    if (shown[f] === message) return;
    shown[f] = message;
    errors[f].textContent = message ?? '';
    inputs[f].setAttribute('aria-invalid', message ? 'true' : 'false');
    resize();
  };

  let brand: Brand = '';
  const update = () => {
    const v = values();
    const problems = check(v);
    const b = brandOf(v.number);
    if (b !== brand) {
      brand = b;
      const el = doc.getElementById('brand')!;
      el.className = b ? `brand brand--${b}` : 'brand';
      el.textContent = b ? BRAND_NAMES[b] : '';
      inputs.cvv.maxLength = b === 'amex' ? 4 : 3;
    }
    for (const f of FIELDS) if (touched.has(f) || shown[f]) showError(f, problems[f]);
    const shownNow: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) if (shown[f]) shownNow[f] = shown[f];
    post({
      type: 'change',
      state: {
        brand: b,
        complete: Object.keys(problems).length === 0,
        empty: FIELDS.every((f) => !inputs[f].value.trim()),
        errors: shownNow,
      },
    });
  };

  inputs.number.maxLength = 23;
  inputs.expiry.maxLength = 5;
  inputs.cvv.maxLength = 3;
  inputs.postal_code.maxLength = 10;
  inputs.number.addEventListener('input', () => {
    const atEnd = inputs.number.selectionStart === inputs.number.value.length;
    if (atEnd) inputs.number.value = formatNumber(inputs.number.value);
  });
  inputs.expiry.addEventListener('input', (e) => {
    // Deleting the slash must not put it straight back.
    if ((e as InputEvent).inputType?.startsWith('delete')) return;
    inputs.expiry.value = formatExpiry(inputs.expiry.value);
  });
  for (const f of FIELDS) {
    inputs[f].addEventListener('input', update);
    inputs[f].addEventListener('blur', () => {
      if (inputs[f].value.trim()) touched.add(f);
      update();
    });
  }

  const tokenize = async (id: number) => {
    const v = values();
    const problems = check(v);
    if (Object.keys(problems).length > 0) {
      FIELDS.forEach((f) => touched.add(f));
      for (const f of FIELDS) showError(f, problems[f]);
      inputs[FIELDS.find((f) => problems[f])!].focus();
      post({
        type: 'error',
        id,
        error: { code: 'card_invalid', message: 'Check your card details.', fields: problems },
      });
      return;
    }
    const body = {
      processor,
      number: digits(v.number),
      ...expiryParts(v.expiry),
      cvv: v.cvv.trim(),
      postal_code: v.postal_code.trim(),
    };
    let error: FieldsError;
    try {
      const res = await fetchImpl('/api/payments/cards', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as {
        card?: CardToken;
        error?: FieldsError & { fields?: Record<string, string> };
      };
      if (res.ok && json.card) {
        post({ type: 'token', id, card: json.card });
        return;
      }
      const fields: Partial<Record<Field, string>> = {};
      for (const [k, msg] of Object.entries(json.error?.fields ?? {})) {
        const f = SERVER_FIELDS[k];
        if (f) fields[f] = fields[f] ?? msg;
      }
      for (const f of FIELDS) if (fields[f]) showError(f, fields[f]);
      error = {
        code: json.error?.code ?? `http_${res.status}`,
        message: json.error?.message ?? "We couldn't check your card. Please try again.",
        fields,
      };
    } catch {
      error = {
        code: 'network',
        message: "We couldn't reach the card processor. Check your connection and try again.",
      };
    }
    post({ type: 'error', id, error });
  };

  listen((m) => {
    switch (m.type) {
      case 'tokenize':
        void tokenize(m.id);
        break;
      case 'showError':
        if (FIELDS.includes(m.field)) {
          touched.add(m.field);
          showError(m.field, m.message);
          inputs[m.field].focus();
        }
        break;
      case 'focus':
        inputs.number.focus();
        break;
      case 'clear':
        for (const f of FIELDS) {
          inputs[f].value = '';
          showError(f, undefined);
        }
        touched.clear();
        update();
        break;
    }
  });

  ready();
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(resize).observe(doc.body);
}
