// Turning failures into words a guest can act on.
import { ApiError } from '@henhouse/kit/api/client';
import { botCheckErrors } from '@henhouse/kit/botcheck/botcheck';

/** BotCheckError wraps a failure of the client-side bot check (spec 8's four messages). */
export class BotCheckError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'BotCheckError';
    this.reason = reason;
  }
}

export const botCheckMessage =
  "We couldn't confirm you're a person, not a robot. Please reload the page and try again. If it keeps happening, turn off ad or script blockers for this site.";

const clientBotMessages = new Set<string>(Object.values(botCheckErrors));

/** messageFor is the form-level message for any failure. */
export function messageFor(err: unknown): string {
  if (err instanceof BotCheckError) return `${botCheckMessage} (${err.reason})`;
  if (err instanceof ApiError) {
    if (err.code === 'bot_check_failed') return botCheckMessage;
    if (err.code === 'csrf_failed' || err.code === 'csrf') return 'Your page is out of date. Please reload the page and try again.';
    return err.message || 'Something went wrong. Please try again.';
  }
  if (err instanceof Error && clientBotMessages.has(err.message)) return `${botCheckMessage} (${err.message})`;
  return 'Something went wrong. Please try again.';
}

/** fieldErrors are the API's per-field messages, if any. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.fields ? err.fields : {};
}
