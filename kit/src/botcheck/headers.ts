// The bot-check header of a guarded request (sign-in, sign-up, forgot password, contact,
// checkout, gift card balance and purchase: docs/identity.md).
//
// The loader (botcheck.ts) is fetched with the first guarded request, not with the form
// that makes it: a form's first render needs none of it. It is imported through
// "@henhouse/kit/…" (the federation's shared singleton, one script loader on the page;
// tests can replace it with jest.mock).
import { BotCheckError } from '@henhouse/kit/botcheck/errors';

export { BotCheckError };

/** The actions the edge guards (edge/internal/botcheck/botcheck.go). */
export type BotAction = 'login' | 'signup' | 'forgot_password' | 'contact' | 'checkout' | 'giftcard' | 'giftcard_buy';

/** botHeaders runs the invisible bot check for an action and returns the header the
 *  edge verifies (`{'X-Bot-Check': token}`), to pass as the request's headers. A failed
 *  check rejects with a BotCheckError. */
export async function botHeaders(action: BotAction): Promise<Record<string, string>> {
  try {
    const { executeBotCheck } = await import('@henhouse/kit/botcheck/botcheck');
    return { 'X-Bot-Check': await executeBotCheck(action) };
  } catch (e) {
    throw new BotCheckError(e instanceof Error ? e.message : String(e));
  }
}
