// The messages between a page and the hosted card fields frame. Card numbers, expiry
// dates, security codes and ZIP codes never cross this boundary: the frame sends the
// page only the card's brand, whether the fields are complete, field messages, and in
// the end a token from the processor.

/** The checkout client version; the frame and the client of one version agree on these messages. */
export const VERSION = '2.8.0';

/** Every message carries this tag and the channel the page opened the frame with. */
export const TAG = 'henhouse-pay';

export type Field = 'number' | 'expiry' | 'cvv' | 'postalCode';
export const FIELDS: Field[] = ['number', 'expiry', 'cvv', 'postalCode'];

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
