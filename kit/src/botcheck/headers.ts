// The bot-check header of a guarded request (sign-in, sign-up, forgot password, contact,
// checkout, gift card balance and purchase: docs/identity.md).
//
// executeBotCheck is imported through "@henhouse/kit/…" (the federation's shared
// singleton, one script loader on the page; tests can replace it with jest.mock).
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';

/** The actions the edge guards (edge/internal/botcheck/botcheck.go). */
export type BotAction = 'login' | 'signup' | 'forgot_password' | 'contact' | 'checkout' | 'giftcard' | 'giftcard_buy';

/** BotCheckError wraps a failure of the client-side bot check (one of the four messages of botCheckErrors);
 *  `reason` is that message, shown in brackets by errors.ts `messageFor`. */
export class BotCheckError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'BotCheckError';
    this.reason = reason;
  }
}

/** botHeaders runs the invisible bot check for an action and returns the header the
 *  edge verifies (`{'X-Bot-Check': token}`), to pass as the request's headers. A failed
 *  check rejects with a BotCheckError. */
export async function botHeaders(action: BotAction): Promise<Record<string, string>> {
  try {
    return { 'X-Bot-Check': await executeBotCheck(action) };
  } catch (e) {
    throw new BotCheckError(e instanceof Error ? e.message : String(e));
  }
}
