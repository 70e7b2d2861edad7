// The page's Content-Security-Policy nonce (docs/security.md). The edge writes a fresh
// nonce on the page's scripts; the webpack runtime of the shell and of every remote
// reads it from the script that loaded it (kit/build/webpack.cjs, ScriptNoncePlugin)
// into __webpack_nonce__, which webpack's chunk loading and mini-css-extract's style
// sheet loading put on the elements they create. Elements the page's own code creates
// take it from here.

declare const __webpack_nonce__: string | undefined;

/** pageNonce is the nonce the page's policy allows, or undefined outside a built page
 *  (tests). */
export function pageNonce(): string | undefined {
  // webpack replaces __webpack_nonce__ with its runtime's value; elsewhere it does not exist.
  return typeof __webpack_nonce__ === 'string' && __webpack_nonce__ !== '' ? __webpack_nonce__ : undefined;
}

/** withNonce gives a script, style or link element the page's nonce, when there is one. */
export function withNonce<E extends HTMLElement>(el: E, nonce: string | undefined = pageNonce()): E {
  if (nonce) el.nonce = nonce;
  return el;
}
