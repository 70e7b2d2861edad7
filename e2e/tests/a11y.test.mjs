// axe-core's WCAG 2.2 A and AA rules over every route of the route table (docs/routes.md)
// in each layout (default, minimal, app) at 320, 390 and 1280 px, for a guest and, on the
// member pages, for a member: no violation of any impact (docs/accessibility.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useSite, wcagViolations, signUp, pageApi } from './harness.mjs';

const site = useSite(before, after);

const widths = [320, 390, 1280];
const source = readFileSync(new URL(import.meta.url), 'utf8');

/** expectNoViolationsAtEachWidth checks the page as it is at each of the widths. */
async function expectNoViolationsAtEachWidth(page, path) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const found = await wcagViolations(page);
    assert.deepEqual(found, [], `${path} at ${width} px: ${JSON.stringify(found, null, 2)}`);
  }
}

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
  ['/gift-cards/balance', '[data-screen="mf-checkout/GiftCardsBalance"]'],
  ['/gift-cards', '[data-screen="mf-content/ContentPage"]'],
  ['/about', '[data-screen="mf-content/ContentPage"]'],
  ['/account/confirmed', '[data-screen="mf-account/Confirmed"]'],
  ['/henhouse-louisville-jobs', '[data-screen="mf-content/Jobs"] h2'],
  ['/locations', '[data-screen="mf-locations/Search"]'],
  ['/locations/all', '[data-screen="mf-locations/All"]'],
  ['/locations/ky/louisville', '[data-screen="mf-locations/Browse"]'],
  ['/order', '[data-screen="mf-checkout/Order"]'],
  ['/order/confirm', '[data-screen="mf-checkout/Confirmation"]'],
  ['/menu/m-standard', '.hh-product-card'],
  ['/menu/m-standard/category/sides', '.hh-product-card'],
  ['/menu/m-standard/product/combo-2pc', '[data-screen^="mf-menu/"] h2'],
  ['/app/code', '[data-screen="mf-account/AppCode"]'],
  ['/app/subscribe', '[data-screen="mf-account/Subscribe"]'],
  ['/app/testcheckout', '[data-screen="mf-checkout/TestCheckout"]'],
  ['/sitemap', '[data-screen="mf-content/Sitemap"]'],
  ['/404', 'text=This page could not be found'],
  ['/menu', '[data-screen="mf-locations/Search"]'],
  ['/checkout/order', '[data-screen="mf-checkout/Checkout"]'],
]) {
  test(`${path} has no WCAG 2.2 A/AA violations at 320, 390 and 1280 px`, async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(site.edge.base + path);
    await page.locator(ready).first().waitFor({ timeout: 15000 });
    await page.waitForLoadState('networkidle');
    await expectNoViolationsAtEachWidth(page, path);
    await context.close();
  });
}

test('the member pages have no WCAG 2.2 A/AA violations at 320, 390 and 1280 px', async () => {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  await signUp(page, site.edge.base, 'axe.member@example.com', '(614) 555-0142');
  for (const path of ['/account', '/account/settings', '/account?section=rewards']) {
    await page.goto(site.edge.base + path);
    await page.locator('[data-screen^="mf-account/"]').first().waitFor({ timeout: 15000 });
    await page.waitForLoadState('networkidle');
    await expectNoViolationsAtEachWidth(page, path);
  }
  await context.close();
});

// A group order's page (docs/group-orders.md), with the question of the guest's name open:
// the code is one a host's cart was just given.
test('a group order has no WCAG 2.2 A/AA violations at 320, 390 and 1280 px, site and app', async () => {
  const host = await (await site.browser.newContext()).newPage();
  await host.goto(site.edge.base + '/locations');
  await pageApi(host, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' });
  const started = await pageApi(host, 'POST', '/cart/group', { host_name: 'Dana', note: 'One combo each' });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  for (const path of ['/group/{code}', '/app/group/{code}']) {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(site.edge.base + path.replace('{code}', started.body.cart.group.code));
    await page.getByRole('dialog', { name: "Join Dana's group order" }).waitFor({ timeout: 15000 });
    await page.waitForLoadState('networkidle');
    await expectNoViolationsAtEachWidth(page, path);
    await context.close();
  }
  await host.context().close();
});

test('every route of the route table is checked above', () => {
  const table = JSON.parse(readFileSync(new URL('../../edge/internal/routes/testdata/routes.json', import.meta.url)));
  const checked = [...source.matchAll(/'(\/[^']*)'/g)].map((m) => m[1]);
  const unchecked = table.filter((r) => !checked.some((p) => new RegExp(r.regex).test(p.split('?')[0])));
  assert.deepEqual(
    unchecked.map((r) => r.id),
    [],
  );
});
