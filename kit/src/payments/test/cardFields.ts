// A stand-in for the card processor's checkout client in jest tests of forms that take a
// new card: it mounts an empty frame titled "Card details" and hands back fields whose
// tokenize a test decides. What happens inside the real frame is tested in
// hosted-fields/ and in the browser tests. Tests only.
//
//   jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
//     loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
//   }));
import type { CardToken, CheckoutClient, HostedFields } from '@henhouse/kit/payments/hostedFields';

export const cardFields = {
  tokenize: jest.fn<Promise<CardToken>, []>(),
  showError: jest.fn(),
  focus: jest.fn(),
  clear: jest.fn(),
  destroy: jest.fn(),
};

/** A token as the processor answers it, for cardFields.tokenize.mockResolvedValue. */
export const visaToken: CardToken = {
  token: 'tok_1',
  processor: 'hosted',
  brand: 'visa',
  last4: '4242',
  exp_month: 4,
  exp_year: 2039,
};

export async function fakeCheckoutClient(): Promise<CheckoutClient> {
  return {
    version: '2.8.0',
    mount(el: HTMLElement) {
      const frame = el.ownerDocument.createElement('iframe');
      frame.title = 'Card details';
      el.appendChild(frame);
      return { ...cardFields, frame } as HostedFields;
    },
  };
}
