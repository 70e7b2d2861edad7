// axe-core's WCAG 2.2 A and AA rules over pages in each layout (default, minimal, app) at
// 320, 390 and 1280 px: no violation of any impact (docs/accessibility.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, wcagViolations } from './harness.mjs';

const site = useSite(before, after);

const widths = [320, 390, 1280];

for (const [path, ready] of [
  ['/', '[data-screen="mf-content/ContentPage"]'],
  ['/catering', '[data-screen="mf-content/ContentPage"]'],
  ['/accessibility', '[data-screen="mf-content/ContentPage"]'],
  ['/no-such-page', 'text=This page could not be found'],
  ['/order/checkout', '[data-screen="mf-checkout/Checkout"]'],
  ['/app/checkout', '[data-screen="mf-checkout/Checkout"]'],
  ['/typography', '[data-screen="mf-content/Typography"]'],
  ['/account/signin', '[data-screen="mf-account/SignIn"] form'],
  ['/app/signin', '[data-screen="mf-account/SignIn"] form'],
  ['/account/signup', '[data-screen="mf-account/SignUp"] form'],
  ['/account/forgot', '[data-screen="mf-account/Forgot"] form'],
  ['/contact', 'select[name="topic"]:enabled'],
  ['/gift-cards/buy', '[data-screen="mf-checkout/GiftCardsBuy"]'],
]) {
  test(`${path} has no WCAG 2.2 A/AA violations at 320, 390 and 1280 px`, async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(site.edge.base + path);
    await page.locator(ready).first().waitFor({ timeout: 15000 });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const found = await wcagViolations(page);
      assert.deepEqual(found, [], `${path} at ${width} px: ${JSON.stringify(found, null, 2)}`);
    }
    await context.close();
  });
}
