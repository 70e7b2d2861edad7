import { ApiError } from '@henhouse/kit/api/client';
import { isCardFieldsError, loadCheckoutClient, checkoutClientLoadError } from './hostedFields';

test('a refusal posted by the card frame is told apart from API errors', () => {
  expect(isCardFieldsError({ code: 'card_invalid', message: 'Check your card details.' })).toBe(true);
  expect(isCardFieldsError(new ApiError(422, 'below_delivery_minimum', 'Delivery orders need…'))).toBe(false);
  expect(isCardFieldsError(new Error('x'))).toBe(false);
  expect(isCardFieldsError(null)).toBe(false);
});

test('loads the processor checkout client of version 2.7.0 once, and says so in words when it cannot', async () => {
  const p = loadCheckoutClient();
  const script = document.head.querySelector('script[src="/payments/2.7.0/checkout.js"]') as HTMLScriptElement;
  expect(script).not.toBeNull();
  const client = { version: '2.7.0', mount: jest.fn() };
  window.HenhousePay = client;
  script.onload!(new Event('load'));
  await expect(p).resolves.toBe(client);
  delete window.HenhousePay;
  script.remove();
});

test('a script that defined no client is a message a guest understands', async () => {
  // The script loaded above is remembered; without window.HenhousePay the card form cannot show.
  await expect(loadCheckoutClient()).rejects.toThrow(checkoutClientLoadError);
});
