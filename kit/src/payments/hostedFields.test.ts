import { ApiError } from '@henhouse/kit/api/client';
import { isCardFieldsError } from './hostedFields';

test('a refusal posted by the card frame is told apart from API errors', () => {
  expect(isCardFieldsError({ code: 'card_invalid', message: 'Check your card details.' })).toBe(true);
  expect(isCardFieldsError(new ApiError(422, 'below_delivery_minimum', 'Delivery orders need…'))).toBe(false);
  expect(isCardFieldsError(new Error('x'))).toBe(false);
  expect(isCardFieldsError(null)).toBe(false);
});
