import { start } from './frame';
import { TAG } from './protocol';

const CARD = '4111111111111111';

function setup(fetchImpl: jest.Mock) {
  window.history.replaceState({}, '', '/payments/2.8.0/fields?processor=second&channel=c1');
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
  document.body.innerHTML = '<main id="fields"></main>';
  const posted: { type: string; [k: string]: unknown }[] = [];
  jest.spyOn(window, 'postMessage').mockImplementation((m: unknown) => {
    posted.push(m as { type: string });
  });
  start(window, fetchImpl as unknown as typeof fetch);
  const fromPage = (data: object, origin = window.location.origin) =>
    window.dispatchEvent(
      new MessageEvent('message', { data: { tag: TAG, channel: 'c1', ...data }, origin, source: window }),
    );
  const type = (label: string, value: string) => {
    const input = document.getElementById(labelFor(label)) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return { posted, fromPage, type };
}

function labelFor(text: string): string {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === text)!;
  return label.htmlFor;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => jest.restoreAllMocks());

describe('hosted fields frame', () => {
  test('labels every field and announces ready to its own origin', () => {
    const { posted } = setup(jest.fn());
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Card number', 'Expiry date', 'Security code', 'Billing ZIP code']);
    expect(posted[0]).toMatchObject({ type: 'ready', tag: TAG, channel: 'c1' });
    expect(window.postMessage).toHaveBeenCalledWith(expect.anything(), window.location.origin);
  });

  test('tells the page the brand, never the number', () => {
    const { posted, type } = setup(jest.fn());
    type('Card number', '4111 1111');
    const change = posted.filter((m) => m.type === 'change').pop()!;
    expect(change).toMatchObject({ state: { brand: 'visa', complete: false, empty: false } });
    expect(JSON.stringify(posted)).not.toContain('4111');
    expect(document.getElementById('brand')!.textContent).toBe('Visa');
  });

  test('a tokenize from another origin is ignored', async () => {
    const fetchImpl = jest.fn();
    const { fromPage, type } = setup(fetchImpl);
    type('Card number', CARD);
    fromPage({ type: 'tokenize', id: 1 }, 'https://evil.example');
    await flush();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  test('tokenize checks the fields first and shows each message', async () => {
    const fetchImpl = jest.fn();
    const { fromPage, posted, type } = setup(fetchImpl);
    type('Card number', '4111 1111 1111 1112');
    fromPage({ type: 'tokenize', id: 7 });
    await flush();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(posted.pop()).toMatchObject({ type: 'error', id: 7, error: { code: 'card_invalid' } });
    const number = document.getElementById(labelFor('Card number'))!;
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${number.id}-error`)!.textContent).toBe('Enter a valid card number.');
    expect(document.activeElement).toBe(number);
  });

  test('tokenize posts the card to the processor and hands the page only the token', async () => {
    const card = { token: 'pm_1', processor: 'second', brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2030 };
    const fetchImpl = jest.fn().mockResolvedValue({ ok: true, status: 201, json: async () => ({ card }) });
    const { fromPage, posted, type } = setup(fetchImpl);
    type('Card number', CARD);
    type('Expiry date', '12/30');
    type('Security code', '123');
    type('Billing ZIP code', '43215');
    fromPage({ type: 'tokenize', id: 2 });
    await flush();
    await flush();
    expect(fetchImpl).toHaveBeenCalledWith('/api/payments/cards', expect.objectContaining({ method: 'POST' }));
    const [, init] = fetchImpl.mock.calls[0];
    expect(JSON.parse(init.body)).toEqual({
      processor: 'second',
      number: CARD,
      exp_month: 12,
      exp_year: 30,
      cvv: '123',
      postal_code: '43215',
    });
    expect(init.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(posted.pop()).toEqual({ type: 'token', id: 2, card, tag: TAG, channel: 'c1' });
    expect(JSON.stringify(posted)).not.toContain(CARD);
  });

  test('a processor refusal shows at its field', async () => {
    const fetchImpl = jest.fn().mockResolvedValue({
      ok: false,
      status: 400,
      json: async () => ({
        error: { code: 'card_invalid', message: 'Check your card.', fields: { exp_year: 'This card has expired.' } },
      }),
    });
    const { fromPage, posted, type } = setup(fetchImpl);
    type('Card number', CARD);
    type('Expiry date', '12/30');
    type('Security code', '123');
    type('Billing ZIP code', '43215');
    fromPage({ type: 'tokenize', id: 3 });
    await flush();
    await flush();
    expect(posted.pop()).toMatchObject({
      type: 'error',
      id: 3,
      error: { code: 'card_invalid', fields: { expiry: 'This card has expired.' } },
    });
    expect(document.getElementById(`${labelFor('Expiry date')}-error`)!.textContent).toBe('This card has expired.');
  });
});
