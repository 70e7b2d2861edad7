// The edge's per-field errors ({error:{code,message,fields}}, docs/identity.md) on a
// form: a react-hook-form form or a native one (nativeForm.ts); both have this setError.
//
// Other kit modules are imported through "@henhouse/kit/…", not relatively: those
// requests are the federation's shared singletons, so a remote that loads this module
// sees the page's one ApiError class (a relative import would bundle a second copy).
import { ApiError } from '@henhouse/kit/api/client';
import { messageFor } from '@henhouse/kit/botcheck/errors';

/** The form's setError, whichever library keeps the form. */
type SetError<N extends string> = (
  name: N,
  error: { type: string; message: string },
  options: { shouldFocus: boolean },
) => void;

/** fieldErrors are the API's per-field messages, if any. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.fields ? err.fields : {};
}

/**
 * applyServerErrors puts the API's per-field messages on the form's fields (focusing the
 * first) and returns the form-level message, or null when every message found a field.
 * A message for a field the form does not have (the subscription's payment_token, say)
 * is the form-level message itself, so it never reads "Check the highlighted fields."
 * with nothing highlighted. `codeField` names a field that takes field-less errors about
 * codes (invalid_code, code_expired), which the guest fixes in that field. `aliases`
 * maps other names the edge uses for a field to the form's name.
 */
export function applyServerErrors<N extends string>(
  err: unknown,
  setError: SetError<N>,
  names: readonly N[],
  opts: { codeField?: N; aliases?: Record<string, N> } = {},
): string | null {
  const fields = fieldErrors(err);
  let focused = false;
  const unmatched: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const name: string = opts.aliases?.[key] ?? key;
    if ((names as readonly string[]).includes(name)) {
      setError(name as N, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else if (message) unmatched.push(message);
  }
  const code = (err as { code?: string })?.code ?? '';
  if (!focused && unmatched.length === 0 && opts.codeField && /code/.test(code) && !/bot|csrf/.test(code)) {
    setError(opts.codeField, { type: 'server', message: messageFor(err) }, { shouldFocus: true });
    return null;
  }
  if (unmatched.length > 0) return unmatched.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
  return focused ? null : messageFor(err);
}
