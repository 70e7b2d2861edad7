// Every row of the route table (docs/routes.md) in Chromium: status, layout and the
// owning module's screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEdge, launch } from './harness.mjs';

let edge;
let browser;
let context;
before(async () => {
  edge = await startEdge();
  browser = await launch();
  context = await browser.newContext();
});
after(async () => {
  await browser?.close();
  edge?.stop();
});

// [path, status, layout, screen (data-screen) or a visible heading, final path]
const rows = [
  ['/', 200, 'default', 'mf-content/ContentPage'],
  ['/404', 404, 'default', 'heading:This page could not be found'],
  // Member pages send a guest to sign in (and back afterwards).
  ['/account?section=rewards-single', 200, 'default', 'mf-account/SignIn', '/account/signin'],
  ['/account/confirmed', 200, 'default', 'mf-account/Confirmed'],
  ['/account/forgot', 200, 'default', 'mf-account/Forgot'],
  ['/account/settings', 200, 'default', 'mf-account/SignIn', '/account/signin'],
  ['/account/signin', 200, 'default', 'mf-account/SignIn'],
  ['/account/signup', 200, 'default', 'mf-account/SignUp'],
  ['/contact', 200, 'default', 'mf-content/Contact'],
  ['/henhouse-louisville-jobs', 200, 'default', 'mf-content/Jobs'],
  ['/locations', 200, 'default', 'mf-locations/Search'],
  ['/locations/all', 200, 'default', 'mf-locations/All'],
  ['/locations/ky/louisville', 200, 'default', 'mf-locations/Browse'],
  ['/order', 200, 'default', 'mf-checkout/Order'],
  ['/order/checkout', 200, 'minimal', 'mf-checkout/Checkout'],
  ['/order/confirm', 200, 'default', 'mf-checkout/Confirmation'],
  ['/menu', 200, 'default', 'mf-locations/Search', '/locations'],
  ['/app/checkout', 200, 'app', 'mf-checkout/Checkout'],
  ['/app/code', 200, 'app', 'mf-account/AppCode'],
  ['/app/signin', 200, 'app', 'mf-account/SignIn'],
  ['/account/signin?webview=1', 200, 'app', 'mf-account/SignIn', '/app/signin'],
  ['/app/subscribe', 200, 'app', 'mf-account/Subscribe'],
  ['/app/testcheckout', 200, 'app', 'mf-checkout/TestCheckout'],
  ['/sitemap', 200, 'default', 'mf-content/Sitemap'],
  ['/typography', 200, 'default', 'mf-content/Typography'],
  ['/catering', 200, 'default', 'mf-content/ContentPage'],
  ['/rewards', 200, 'default', 'mf-content/ContentPage'],
  ['/gift-cards', 200, 'default', 'mf-content/ContentPage'],
  ['/gift-cards/buy', 200, 'default', 'mf-checkout/GiftCardsBuy'],
  ['/gift-cards/balance', 200, 'default', 'mf-checkout/GiftCardsBalance'],
  ['/franchising', 200, 'default', 'mf-content/ContentPage'],
  ['/about', 200, 'default', 'mf-content/ContentPage'],
  ['/nutrition-and-allergen/', 200, 'default', 'mf-content/ContentPage'],
  ['/privacy-policy', 200, 'default', 'mf-content/ContentPage'],
  ['/terms-and-conditions', 200, 'default', 'mf-content/ContentPage'],
  ['/checkout/order', 200, 'minimal', 'mf-checkout/Checkout', '/order/checkout'],
  ['/not-a-page/at-all', 404, 'default', 'heading:This page could not be found'],
];

for (const [path, status, layout, screen, finalPath] of rows) {
  test(`${path}: ${status}, ${layout}, ${screen}`, async () => {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(edge.base + path);
    assert.equal(res.status(), status);
    if (screen.startsWith('heading:')) {
      await page.getByRole('heading', { name: screen.slice(8) }).waitFor({ timeout: 15000 });
    } else {
      await page.locator(`[data-screen="${screen}"]`).waitFor({ timeout: 15000 });
    }
    assert.equal(await page.locator(`[data-layout="${layout}"]`).count(), 1, 'layout');
    assert.equal(
      await page.locator('header').count(),
      layout === 'default' ? 1 : 0,
      'header only in the default layout',
    );
    assert.equal(new URL(page.url()).pathname, finalPath ?? new URL(edge.base + path).pathname);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
