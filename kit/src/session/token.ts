// The session check on every route change: a token is valid only if its provider is the loyalty provider and
// its version is present and at least the token version ("1").
import type { TokenInfo } from '../state/store';

export function tokenValid(token: TokenInfo | null | undefined, loyaltyProvider: string, minVersion = '1'): boolean {
  if (!token) return false;
  if (token.provider !== loyaltyProvider) return false;
  if (token.version === undefined || token.version === null || token.version === '') return false;
  const v = Number(token.version);
  const min = Number(minVersion);
  return Number.isFinite(v) && v >= min;
}
