// Bot check client (docs/identity.md, "CSRF, bot check and rate limits"): reCAPTCHA version 3 in enterprise mode with the badge
// hidden. executeBotCheck(action) loads the script once and returns a response token
// that the edge verifies (header X-Bot-Check; headers.ts botHeaders(action) gives it for
// a request). The edge's built-in verifier serves a script with the same API, so this
// code is the same with or without Google. Guest wording for failures: errors.ts.
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { withNonce } from '@henhouse/kit/csp';
import { loadScript, resetLoadedScripts } from '@henhouse/kit/loadScript';
import { botCheckErrors } from '@henhouse/kit/botcheck/errors';

export { botCheckErrors };

export interface BotCheckConfig {
  siteKey: string;
  version: number;
  enterprise: boolean;
  hideBadge: boolean;
  scriptUrl: string;
}

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha & { enterprise?: Grecaptcha };
  }
}

/** scriptSrc is the script URL for the configuration (render=key for version 3). */
export function scriptSrc(cfg: BotCheckConfig): string {
  const base =
    cfg.scriptUrl ||
    (cfg.enterprise ? 'https://www.google.com/recaptcha/enterprise.js' : 'https://www.google.com/recaptcha/api.js');
  const u = new URL(base, typeof window === 'undefined' ? 'http://localhost' : window.location.href);
  u.searchParams.set('render', cfg.siteKey);
  return cfg.scriptUrl && cfg.scriptUrl.startsWith('/') ? u.pathname + u.search : u.toString();
}

function hideBadge(doc: Document) {
  if (doc.getElementById('hh-botcheck-badge')) return;
  const style = withNonce(doc.createElement('style'));
  style.id = 'hh-botcheck-badge';
  // Google's terms allow hiding the badge when the page shows their notice instead.
  style.textContent = '.grecaptcha-badge{visibility:hidden!important}';
  doc.head.appendChild(style);
}

/**
 * executeBotCheck runs the bot check for an action ("login", "signup",
 * "forgot_password", "contact", "checkout") and resolves with the response token.
 * It rejects with one of botCheckErrors.
 */
export async function executeBotCheck(
  action: string,
  cfg: BotCheckConfig = readBootstrap().config.botCheck,
  win: Window = window,
): Promise<string> {
  if (!cfg?.siteKey) throw new Error(botCheckErrors.noKey);
  if (!cfg.version) throw new Error(botCheckErrors.noVersion);
  try {
    await loadScript(scriptSrc(cfg), win.document);
  } catch {
    throw new Error(botCheckErrors.load);
  }
  if (cfg.hideBadge) hideBadge(win.document);
  const g = cfg.enterprise ? win.grecaptcha?.enterprise : win.grecaptcha;
  if (!g) throw new Error(botCheckErrors.load);
  try {
    await new Promise<void>((resolve) => g.ready(resolve));
    const token = await g.execute(cfg.siteKey, { action });
    if (!token) throw new Error(botCheckErrors.execute);
    return token;
  } catch {
    throw new Error(botCheckErrors.execute);
  }
}

/** Forget loaded scripts (tests). */
export function resetBotCheck(): void {
  resetLoadedScripts();
}
