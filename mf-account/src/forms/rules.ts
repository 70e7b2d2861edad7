import type { RegisterOptions } from 'react-hook-form';

// Validation rules shared by the account forms. The edge checks everything again and
// its per-field messages replace these.

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

export function validateBirthday(v: string): true | string {
  if (!v) return true;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return 'Enter your birthday as a date';
  const d = new Date(`${v}T12:00:00`);
  if (Number.isNaN(d.getTime()) || d.getMonth() + 1 !== Number(m[2])) return 'Enter a real date';
  if (d.getTime() > Date.now()) return "Your birthday can't be in the future";
  if (Number(m[1]) < 1900) return 'Enter a year after 1900';
  return true;
}
