import { mount } from './checkout';
import { TAG } from './protocol';

const ORIGIN = 'http://localhost';

function setup() {
  const container = document.createElement('div');
  document.body.append(container);
  const onChange = jest.fn();
  const fields = mount(container, { processor: 'hosted', onChange, origin: ORIGIN, timeoutMs: 1000 });
  const frameWin = fields.frame.contentWindow!;
  const toFrame = jest.spyOn(frameWin, 'postMessage').mockImplementation(() => {});
  const channel = new URL(fields.frame.src).searchParams.get('channel')!;
  const fromFrame = (data: object, opts: { origin?: string; source?: Window | null; channel?: string } = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { tag: TAG, channel: opts.channel ?? channel, ...data },
        origin: opts.origin ?? ORIGIN,
        source: opts.source === undefined ? frameWin : opts.source,
      }),
    );
  return { fields, toFrame, fromFrame, onChange, channel };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('checkout client (page side of the hosted fields)', () => {
  test('opens the processor frame of its version with a channel', () => {
    const { fields, channel } = setup();
    expect(fields.frame.src).toBe(`${ORIGIN}/payments/2.8.0/fields?processor=hosted&channel=${channel}`);
    expect(fields.frame.title).toBe('Card details');
    expect(channel).toMatch(/^[0-9a-f]{24}$/);
  });

  test('loads the frame as the guest nears it, and at once when the page asks something of it', () => {
    const { fields } = setup();
    expect(fields.frame.getAttribute('loading')).toBe('lazy');
    fields.focus();
    expect(fields.frame.getAttribute('loading')).toBe('eager');
    const other = setup().fields;
    void other.tokenize().catch(() => {});
    expect(other.frame.getAttribute('loading')).toBe('eager');
  });

  test('ignores messages from another origin, another window or another channel', () => {
    const { fromFrame, onChange, toFrame, fields } = setup();
    void fields.tokenize().catch(() => {});
    fromFrame({ type: 'ready', height: 300 }, { origin: 'https://evil.example' });
    fromFrame({ type: 'ready', height: 300 }, { source: window });
    fromFrame({ type: 'ready', height: 300 }, { channel: 'other' });
    fromFrame(
      { type: 'change', state: { brand: 'visa', complete: true, empty: false, errors: {} } },
      { origin: 'https://evil.example' },
    );
    expect(onChange).not.toHaveBeenCalled();
    // Still not ready: the tokenize waits in the queue.
    expect(toFrame).not.toHaveBeenCalled();
  });

  test('sends the queued tokenize once ready, to the frame origin only, and resolves with the token', async () => {
    const { fields, fromFrame, toFrame, channel } = setup();
    const p = fields.tokenize();
    fromFrame({ type: 'ready', height: 300 });
    expect(fields.frame.style.height).toBe('300px');
    expect(toFrame).toHaveBeenCalledWith({ type: 'tokenize', id: 1, tag: TAG, channel }, ORIGIN);
    const card = { token: 'tok_1', processor: 'hosted', brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2030 };
    // A forged answer from elsewhere does not settle it.
    fromFrame({ type: 'token', id: 1, card: { ...card, token: 'tok_evil' } }, { origin: 'https://evil.example' });
    fromFrame({ type: 'token', id: 1, card });
    await expect(p).resolves.toEqual(card);
  });

  test('passes on the state and rejects with the frame error', async () => {
    const { fields, fromFrame, onChange } = setup();
    fromFrame({ type: 'ready', height: 300 });
    const state = { brand: 'amex', complete: false, empty: false, errors: { cvv: 'Enter the 4-digit security code.' } };
    fromFrame({ type: 'change', state });
    expect(onChange).toHaveBeenCalledWith(state);
    const p = fields.tokenize();
    fromFrame({ type: 'error', id: 1, error: { code: 'card_invalid', message: 'Check your card details.' } });
    await expect(p).rejects.toEqual({ code: 'card_invalid', message: 'Check your card details.' });
  });

  test('a frame that never answers fails the tokenize', async () => {
    jest.useFakeTimers();
    const { fields, fromFrame } = setup();
    fromFrame({ type: 'ready', height: 300 });
    const p = fields.tokenize();
    jest.advanceTimersByTime(1001);
    await expect(p).rejects.toMatchObject({ code: 'fields_timeout' });
    jest.useRealTimers();
  });
});
