import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors, messageFor } from '../lib/errors';

/**
 * applyServerErrors puts the API's per-field messages on the form's fields (focusing the
 * first) and returns the form-level message, or null when every message found a field.
 * `codeField` names a field that takes field-less errors about codes (invalid_code,
 * code_expired), which the guest fixes in that field.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
  opts: { codeField?: Path<T> } = {},
): string | null {
  const fields = fieldErrors(err);
  let focused = false;
  let unmatched = false;
  for (const [name, message] of Object.entries(fields)) {
    if ((names as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else unmatched = true;
  }
  const code = (err as { code?: string })?.code ?? '';
  if (!focused && opts.codeField && /code/.test(code) && !/bot|csrf/.test(code)) {
    setError(opts.codeField, { type: 'server', message: messageFor(err) }, { shouldFocus: true });
    return null;
  }
  return focused && !unmatched ? null : messageFor(err);
}
