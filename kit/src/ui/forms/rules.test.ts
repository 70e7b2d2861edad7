import { emailRules, phoneDigits, phoneRules } from './rules';

test('email', () => {
  expect(emailRules.validate(' ada@example.com ')).toBe(true);
  expect(emailRules.validate('ada@example')).toBe('Enter an email address like name@example.com');
  expect(emailRules.required).toBe('Enter your email address');
});

test('phone: 10 US digits, with or without a leading 1 and punctuation', () => {
  expect(phoneDigits('+1 (513) 555-0100')).toBe('5135550100');
  expect(phoneDigits('513.555.0100')).toBe('5135550100');
  expect(phoneRules.validate('(513) 555-0100')).toBe(true);
  expect(phoneRules.validate('555-0100')).toBe('Enter a 10-digit phone number, like (513) 555-0100');
});
