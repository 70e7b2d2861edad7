// Validation rules for fields every form asks for (react-hook-form `register` options;
// types only, the kit does not load react-hook-form). The edge checks everything again
// and its per-field messages replace these.
import type { RegisterOptions } from 'react-hook-form';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailRules = {
  required: 'Enter your email address',
  validate: (v: string) => EMAIL.test(v.trim()) || 'Enter an email address like name@example.com',
} satisfies RegisterOptions<{ email: string }, 'email'>;

/** A US phone number: 10 digits, with or without a leading 1 and punctuation. */
export function phoneDigits(v: string): string {
  return v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
}

export const phoneRules = {
  required: 'Enter your phone number',
  validate: (v: string) => phoneDigits(v).length === 10 || 'Enter a 10-digit phone number, like (513) 555-0100',
};
