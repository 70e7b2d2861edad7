import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { BotCheckError } from './errors';

export type BotAction = 'login' | 'signup' | 'forgot_password';

/** botHeaders runs the invisible bot check for an action and returns the header the
 *  edge verifies (docs/identity.md). */
export async function botHeaders(action: BotAction): Promise<Record<string, string>> {
  try {
    return { 'X-Bot-Check': await executeBotCheck(action) };
  } catch (e) {
    throw new BotCheckError(e instanceof Error ? e.message : String(e));
  }
}
