// Turning failures into words a guest can act on: the bot check (client or edge), an
// out-of-date page (CSRF), no connection, and any other API error.
//
// Other kit modules are imported through "@henhouse/kit/…", not relatively: those
// requests are the federation's shared singletons, so `instanceof` sees the page's one
// ApiError and BotCheckError (a relative import would bundle second copies in a remote).
//
// The bot check's own failures are defined here, not beside the loader (botcheck.ts):
// every screen with a loading or failed state says why through messageFor
// (kit/src/ui/Status.tsx), and none of them should fetch the loader for it.
import { ApiError } from '@henhouse/kit/api/client';

/** The client's own failures, word for word as the guest may see them (in brackets). */
export const botCheckErrors = {
  noKey: 'No key provided',
  noVersion: 'No version provided',
  execute: 'Failed to execute',
  load: 'Failed to load script',
} as const;

/** BotCheckError wraps a failure of the client-side bot check (one of the four messages of botCheckErrors);
 *  `reason` is that message, shown in brackets by `messageFor`. */
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
    if (err.code === 'csrf_failed' || err.code === 'csrf')
      return 'Your page is out of date. Please reload the page and try again.';
    return err.message || 'Something went wrong. Please try again.';
  }
  if (err instanceof Error && clientBotMessages.has(err.message)) return `${botCheckMessage} (${err.message})`;
  return 'Something went wrong. Please try again.';
}
