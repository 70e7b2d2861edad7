// The messages between a page and the hosted card fields frame. Card numbers, expiry
// dates, security codes and ZIP codes never cross this boundary: the frame sends the
// page only the card's brand, whether the fields are complete, field messages, and in
// the end a token from the processor.

/** The checkout client version; the frame and the client of one version agree on these messages. */
export const VERSION = '2.8.0';

/** Every message carries this tag and the channel the page opened the frame with. */
export const TAG = 'henhouse-pay';

export type Field = 'number' | 'expiry' | 'cvv' | 'postal_code';
export const FIELDS: Field[] = ['number', 'expiry', 'cvv', 'postal_code'];

/** A card brand the processor accepts, or "" while the number does not tell yet. */
export type Brand = '' | 'amex' | 'discover' | 'mastercard' | 'visa';

export const BRAND_NAMES: Record<Exclude<Brand, ''>, string> = {
  amex: 'Amex',
  discover: 'Discover',
  mastercard: 'MasterCard',
  visa: 'Visa',
};

/** What the processor answers for a card: it stands for the card at that processor. */
export interface CardToken {
  token: string;
  processor: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** The state of the fields, sent on every change. */
export interface FieldsState {
  brand: Brand;
  /** Every field holds a value that passes its check. */
  complete: boolean;
  /** Every field is empty. */
  empty: boolean;
  /** Messages of the fields the guest has left (or of all after a tokenize). */
  errors: Partial<Record<Field, string>>;
}

/** Why a tokenize failed: the processor's error code and words, per field where known. */
export interface FieldsError {
  code: string;
  message: string;
  fields?: Partial<Record<Field, string>>;
}

/** Frame → page. */
export type FrameMessage =
  | { type: 'ready'; height: number }
  | { type: 'resize'; height: number }
  | { type: 'change'; state: FieldsState }
  | { type: 'token'; id: number; card: CardToken }
  | { type: 'error'; id: number; error: FieldsError };

/** Page → frame. */
export type PageMessage =
  | { type: 'tokenize'; id: number }
  | { type: 'showError'; field: Field; message: string }
  | { type: 'focus' }
  | { type: 'clear' };

export type Envelope<M> = M & { tag: typeof TAG; channel: string };

/** isEnvelope checks the shape of a received message's data before anything reads it. */
export function isEnvelope(data: unknown, channel: string): data is Envelope<{ type: string }> {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return d.tag === TAG && d.channel === channel && typeof d.type === 'string';
}

const isField = (x: unknown): x is Field => FIELDS.includes(x as Field);

/** pageMessage reads a page → frame message on channel, checking every field it carries;
 *  null for anything else, which the frame ignores. */
export function pageMessage(data: unknown, channel: string): PageMessage | null {
  if (!isEnvelope(data, channel)) return null;
  const d: Record<string, unknown> = data;
  switch (d.type) {
    case 'tokenize':
      return typeof d.id === 'number' ? { type: 'tokenize', id: d.id } : null;
    case 'showError':
      return isField(d.field) && typeof d.message === 'string'
        ? { type: 'showError', field: d.field, message: d.message }
        : null;
    case 'focus':
    case 'clear':
      return { type: d.type };
    default:
      return null;
  }
}

/** framePort is a frame's side of the channel, whichever fields it shows: post to the
 *  page that embeds it, tell it a new height (only when it changed), and hear the page's
 *  messages (that page only, on this site's origin and this channel). */
export function framePort(win: Window, channel: string) {
  const post = (m: FrameMessage) => {
    const env: Envelope<FrameMessage> = { ...m, tag: TAG, channel };
    win.parent.postMessage(env, win.location.origin);
  };
  let lastHeight = 0;
  const resize = () => {
    const h = Math.ceil(win.document.documentElement.scrollHeight);
    if (h !== lastHeight) {
      lastHeight = h;
      post({ type: 'resize', height: h });
    }
  };
  /** ready tells the page the frame is drawn, with its height. */
  const ready = () => {
    lastHeight = Math.ceil(win.document.documentElement.scrollHeight);
    post({ type: 'ready', height: lastHeight });
  };
  const listen = (on: (m: PageMessage) => void) =>
    win.addEventListener('message', (e: MessageEvent) => {
      if (e.source !== win.parent || e.origin !== win.location.origin) return;
      const m = pageMessage(e.data, channel);
      if (m) on(m);
    });
  return { post, resize, ready, listen };
}
