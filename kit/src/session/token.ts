// The session check on every route change: a token is valid only if its provider is the
// loyalty provider and its version is present and at least the token version ("1").

/** The claims as they may arrive from anywhere (a stored or handed-over state), so
 *  every field is checked rather than trusted to be the contract's TokenInfo. */
export interface TokenClaims {
  provider?: unknown;
  version?: unknown;
}

export function tokenValid(token: TokenClaims | null | undefined, loyaltyProvider: string, minVersion = '1'): boolean {
  if (!token) return false;
  if (token.provider !== loyaltyProvider) return false;
  if (token.version === undefined || token.version === null || token.version === '') return false;
  const v = Number(token.version);
  const min = Number(minVersion);
  return Number.isFinite(v) && v >= min;
}
