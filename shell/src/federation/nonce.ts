// Puts the page's Content-Security-Policy nonce (docs/security.md) on the elements the
// federation runtime creates: the remotes' entry scripts and any preload links. The
// policy's 'strict-dynamic' lets them load without it; with it, each remote's webpack
// runtime reads the nonce from its own entry script and gives it to the chunks and
// style sheets that remote links.
//
// A remote entry script whose integrity the bootstrap gives also carries it
// (Subresource Integrity, docs/shell.md): the browser refuses to run an entry whose
// content differs from what was published.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { pageNonce } from '@henhouse/kit/csp';

type Attrs = Record<string, unknown> | undefined;

/** IntegrityOf gives the integrity ("sha384-…") of a script URL, if one is known. */
export type IntegrityOf = (url: string) => string | undefined;

function applyAttrs(el: HTMLElement, attrs: Attrs) {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'async' || name === 'defer') (el as HTMLScriptElement)[name] = Boolean(value);
    else el.setAttribute(name, String(value));
  }
}

/** noncePlugin is the federation runtime plugin; without a nonce or a known integrity
 *  it leaves the runtime's own element creation alone. */
export function noncePlugin(
  nonce: string | undefined = pageNonce(),
  integrityOf: IntegrityOf = () => undefined,
): ModuleFederationRuntimePlugin {
  return {
    name: 'henhouse-csp-nonce',
    createScript({ url, attrs }) {
      const integrity = integrityOf(url);
      if (!nonce && !integrity) return undefined;
      const script = document.createElement('script');
      applyAttrs(script, attrs);
      script.src = url;
      if (nonce) script.nonce = nonce;
      if (integrity) {
        script.setAttribute('integrity', integrity);
        // Modules are served by the edge on the page's origin with
        // Access-Control-Allow-Origin: *, so the CORS request the check needs succeeds.
        script.setAttribute('crossorigin', 'anonymous');
      }
      return script;
    },
    createLink({ url, attrs }) {
      if (!nonce) return undefined;
      const link = document.createElement('link');
      applyAttrs(link, attrs);
      link.href = url;
      link.nonce = nonce;
      return link;
    },
  };
}
