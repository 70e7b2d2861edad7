import { loadCheckoutClient } from './checkoutClient';
import { checkoutClientLoadError } from './hostedFields';
import { resetLoadedScripts } from '@henhouse/kit/loadScript';

const script = () =>
  document.head.querySelector('script[src="/payments/2.8.0/checkout.js"]') as HTMLScriptElement | null;

afterEach(() => {
  script()?.remove();
  resetLoadedScripts();
  delete window.HenhousePay;
});

test('loads the processor checkout client of version 2.8.0 once, and says so in words when it cannot', async () => {
  const p = loadCheckoutClient();
  await waitForScript();
  const client = { version: '2.8.0', mount: jest.fn() };
  window.HenhousePay = client;
  script()!.onload!(new Event('load'));
  await expect(p).resolves.toBe(client);
  await expect(loadCheckoutClient()).resolves.toBe(client);
  expect(document.head.querySelectorAll('script[src="/payments/2.8.0/checkout.js"]')).toHaveLength(1);
});

test('a script that defined no client is a message a guest understands', async () => {
  const p = loadCheckoutClient();
  await waitForScript();
  script()!.onload!(new Event('load'));
  await expect(p).rejects.toThrow(checkoutClientLoadError);
});

test('a script that fails to load is a message a guest understands', async () => {
  const p = loadCheckoutClient();
  await waitForScript();
  script()!.onerror!(new Event('error'));
  await expect(p).rejects.toThrow(checkoutClientLoadError);
});

// Behind the welcome popup the card form cannot be used: the processor's script waits
// for the dialog to close.
test('waits while a dialog covers the page', async () => {
  const popup = document.createElement('dialog');
  popup.setAttribute('open', '');
  document.body.appendChild(popup);
  try {
    const p = loadCheckoutClient();
    await new Promise((r) => setTimeout(r, 50));
    expect(script()).toBeNull();
    popup.removeAttribute('open'); // the guest closes it
    await waitForScript();
    window.HenhousePay = { version: '2.8.0', mount: jest.fn() };
    script()!.onload!(new Event('load'));
    await expect(p).resolves.toBe(window.HenhousePay);
  } finally {
    popup.remove();
  }
});

async function waitForScript() {
  for (let i = 0; i < 50 && !script(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(script()).not.toBeNull();
}
