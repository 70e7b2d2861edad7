// The card processor's checkout client (docs/checkout.md, "Card fields"). The page loads
// the processor's script (payments/checkoutClient.ts), which puts the processor's frame in the page; the card number,
// expiry, security code and ZIP code are typed into that frame and never reach the
// page's JavaScript. The page gets the card's brand while the guest types and, when the
// order is placed, a token that stands for the card.
//
// The types below are the client's side of the processor's contract: the built-in
// processor's own copy is hosted-fields/src/protocol.ts. They are two deployables (the
// processor's files are not the site's), so each keeps its copy; the browser tests run
// one against the other.
/** The checkout client version the site is built against. */
export const CHECKOUT_CLIENT_VERSION = '2.8.0';

export type CardField = 'number' | 'expiry' | 'cvv' | 'postal_code';
export type CardBrand = '' | 'amex' | 'discover' | 'mastercard' | 'visa';

export const cardBrandNames: Record<Exclude<CardBrand, ''>, string> = {
  amex: 'Amex',
  discover: 'Discover',
  mastercard: 'MasterCard',
  visa: 'Visa',
};

/** The processor's token for a card; it never holds the number. */
export interface CardToken {
  token: string;
  processor: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface CardFieldsState {
  brand: CardBrand;
  complete: boolean;
  empty: boolean;
  errors: Partial<Record<CardField, string>>;
}

export interface CardFieldsError {
  code: string;
  message: string;
  fields?: Partial<Record<CardField, string>>;
}

export interface HostedFields {
  readonly frame: HTMLIFrameElement;
  tokenize(): Promise<CardToken>;
  showError(field: CardField, message: string): void;
  focus(): void;
  clear(): void;
  destroy(): void;
}

export interface CheckoutClient {
  version: string;
  mount(
    container: HTMLElement,
    opts: {
      processor: string;
      title?: string;
      onChange?: (s: CardFieldsState) => void;
      onReady?: () => void;
    },
  ): HostedFields;
}

declare global {
  interface Window {
    HenhousePay?: CheckoutClient;
  }
}

/** The failure of loading the processor's script. */
export const checkoutClientLoadError =
  "The card form couldn't load. Check your connection and try again, or choose another way to pay.";

/** isCardFieldsError tells a refusal from the card frame (a plain object it posted) from
 *  other failures, such as the API's errors, which are Error objects with a code too. */
export function isCardFieldsError(e: unknown): e is CardFieldsError {
  return (
    typeof e === 'object' &&
    e !== null &&
    !(e instanceof Error) &&
    typeof (e as CardFieldsError).code === 'string' &&
    typeof (e as CardFieldsError).message === 'string'
  );
}
