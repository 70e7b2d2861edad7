import { loadScript, resetLoadedScripts } from './loadScript';

// jsdom does not fetch scripts: each test settles the load by hand.
const settle = (event: 'load' | 'error') => {
  const orig = document.head.appendChild.bind(document.head);
  return jest.spyOn(document.head, 'appendChild').mockImplementation((node: Node) => {
    const added = orig(node);
    if (node instanceof HTMLScriptElement) setTimeout(() => node.dispatchEvent(new Event(event)), 0);
    return added;
  });
};

afterEach(() => {
  jest.restoreAllMocks();
  resetLoadedScripts();
  document.head.innerHTML = '';
});

test('a script is added once, async, however often it is asked for', async () => {
  settle('load');
  await Promise.all([loadScript('/payments/2.8.0/checkout.js'), loadScript('/payments/2.8.0/checkout.js')]);
  await loadScript('/payments/2.8.0/checkout.js');
  const scripts = document.querySelectorAll('script');
  expect(scripts).toHaveLength(1);
  expect(scripts[0].getAttribute('src')).toBe('/payments/2.8.0/checkout.js');
  expect(scripts[0].async).toBe(true);
});

test('a script that fails is taken out of the page, and the next call tries again', async () => {
  settle('error');
  await expect(loadScript('/botcheck/enterprise.js')).rejects.toThrow('Failed to load /botcheck/enterprise.js');
  expect(document.querySelectorAll('script')).toHaveLength(0);
  jest.restoreAllMocks();
  settle('load');
  await expect(loadScript('/botcheck/enterprise.js')).resolves.toBeUndefined();
  expect(document.querySelectorAll('script')).toHaveLength(1);
});
