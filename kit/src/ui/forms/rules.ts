// Validation rules for fields every form asks for: `register` options of a
// react-hook-form form and of a native one (nativeForm.ts) alike. The edge checks
// everything again and its per-field messages replace these.
import type { FieldRules } from '@henhouse/kit/ui/forms/nativeForm';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailRules = {
  required: 'Enter your email address',
  validate: (v: string) => EMAIL.test(v.trim()) || 'Enter an email address like name@example.com',
} satisfies FieldRules;

/** A US phone number: 10 digits, with or without a leading 1 and punctuation. */
export function phoneDigits(v: string): string {
  return v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
}

export const phoneRules = {
  required: 'Enter your phone number',
  validate: (v: string) => phoneDigits(v).length === 10 || 'Enter a 10-digit phone number, like (513) 555-0100',
};

/** The input attributes of a 6-digit one-time code field (SMS/email autofill, numeric
 *  keypad). */
export const oneTimeCodeInput = {
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9]*',
  maxLength: 6,
} as const;

/** The rules of a 6-digit one-time code field; required names where the code was sent. */
export function oneTimeCodeRules(required: string) {
  return { required, validate: (v: string) => /^\d{6}$/.test(v.trim()) || 'The code is 6 digits, numbers only' };
}
