// axe-core over pages in each layout: no serious or critical accessibility violations.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, seriousViolations } from './harness.mjs';

const site = useSite(before, after);

for (const [path, ready] of [
  ['/', '[data-screen="mf-content/ContentPage"]'],
  ['/catering', '[data-screen="mf-content/ContentPage"]'],
  ['/no-such-page', 'text=This page could not be found'],
  ['/order/checkout', '[data-screen="mf-checkout/Checkout"]'],
  ['/app/checkout', '[data-screen="mf-checkout/Checkout"]'],
  ['/typography', '[data-screen="mf-content/Typography"]'],
  ['/account/signin', '[data-screen="mf-account/SignIn"] form'],
  ['/account/signup', '[data-screen="mf-account/SignUp"] form'],
  ['/account/forgot', '[data-screen="mf-account/Forgot"] form'],
]) {
  test(`${path} has no serious accessibility violations`, async () => {
    const page = await (await site.browser.newContext()).newPage();
    await page.goto(site.edge.base + path);
    await page.locator(ready).first().waitFor({ timeout: 15000 });
    const serious = await seriousViolations(page);
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    await page.context().close();
  });
}
