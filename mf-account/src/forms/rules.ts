// Validation rules only the account forms need (email and phone: kit/src/ui/forms/rules.ts).
// The edge checks everything again and its per-field messages replace these.

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
