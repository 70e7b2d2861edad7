import { botCheckErrors, executeBotCheck, resetBotCheck, scriptSrc, type BotCheckConfig } from './botcheck';

const cfg: BotCheckConfig = {
  siteKey: 'site-1',
  version: 3,
  enterprise: true,
  hideBadge: true,
  scriptUrl: '/botcheck/enterprise.js',
};

function loadWith(install: () => void) {
  // jsdom does not fetch scripts: complete the load by hand.
  const orig = document.head.appendChild.bind(document.head);
  jest.spyOn(document.head, 'appendChild').mockImplementation((node: Node) => {
    const r = orig(node);
    if (node instanceof HTMLScriptElement)
      setTimeout(() => {
        install();
        node.onload?.(new Event('load'));
      }, 0);
    return r;
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  resetBotCheck();
  delete window.grecaptcha;
  document.head.innerHTML = '';
});

test('no key and no version give their own messages', async () => {
  await expect(executeBotCheck('login', { ...cfg, siteKey: '' })).rejects.toThrow('No key provided');
  await expect(executeBotCheck('login', { ...cfg, version: 0 })).rejects.toThrow('No version provided');
});

test('a script that fails to load gives "Failed to load script"', async () => {
  const orig = document.head.appendChild.bind(document.head);
  jest.spyOn(document.head, 'appendChild').mockImplementation((node: Node) => {
    const r = orig(node);
    if (node instanceof HTMLScriptElement) setTimeout(() => node.onerror?.(new Event('error')), 0);
    return r;
  });
  await expect(executeBotCheck('login', cfg)).rejects.toThrow(botCheckErrors.load);
});

test('executes the enterprise API with the action, loads once, hides the badge', async () => {
  const execute = jest.fn(async (_k: string, o: { action: string }) => 'tok-' + o.action);
  loadWith(() => {
    window.grecaptcha = { ready: () => {}, execute: async () => '', enterprise: { ready: (cb) => cb(), execute } };
  });
  expect(await executeBotCheck('signup', cfg)).toBe('tok-signup');
  expect(await executeBotCheck('login', cfg)).toBe('tok-login');
  expect(execute).toHaveBeenCalledWith('site-1', { action: 'signup' });
  expect(document.querySelectorAll('script').length).toBe(1);
  expect(document.querySelector('script')!.getAttribute('src')).toBe('/botcheck/enterprise.js?render=site-1');
  expect(document.getElementById('hh-botcheck-badge')?.textContent).toContain('visibility:hidden');
});

test('an execute failure gives "Failed to execute"', async () => {
  loadWith(() => {
    window.grecaptcha = {
      ready: (cb) => cb(),
      execute: async () => '',
      enterprise: {
        ready: (cb) => cb(),
        execute: async () => {
          throw new Error('boom');
        },
      },
    };
  });
  await expect(executeBotCheck('login', cfg)).rejects.toThrow('Failed to execute');
});

test('Google script URL when none is configured', () => {
  expect(scriptSrc({ ...cfg, scriptUrl: '' })).toBe('https://www.google.com/recaptcha/enterprise.js?render=site-1');
});
