// Order times as a guest sees them in Chromium (docs/api.md, "GET /api/locations/{id}/times";
// docs/catering.md): a catering tray needs a day's notice, which the cart drawer says and
// the checkout holds to; and at night every time names its day, ASAP is not offered and
// breakfast's "Earliest available" follows the location's opening hours. Two edges: one
// whose ordering clock starts at noon on a Wednesday, one at 11:30 PM that night.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, chooseLocation, pageApi as api } from './harness.mjs';

const noon = useSite(before, after, { ORDER_CLOCK_START: '2026-11-25T11:50:00-05:00' });
const night = useSite(before, after, { ORDER_CLOCK_START: '2026-11-25T23:30:00-05:00' });
const desktop = { width: 1280, height: 900 };
const location = async (site, id) => (await (await fetch(`${site.edge.base}/api/locations/${id}`)).json()).location;
const notice = "Tender Tray (small) needs 24 hours' notice: the earliest time is Thu 12:00 PM.";

test('a Tender Tray needs a day’s notice: the drawer says why, ASAP is not offered and Place order is held back', async () => {
  const errors = [];
  const page = await newPage(noon.browser, errors, { viewport: desktop });
  await page.goto(noon.edge.base + '/catering');
  await chooseLocation(page, await location(noon, 'ky-louisville'));
  await page.getByRole('button', { name: 'Add: Tender Tray (small)' }).click();
  await page.getByRole('status').filter({ hasText: 'Added 1 Tender Tray (small) to your cart.' }).waitFor();

  await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByText(notice).first().waitFor();
  const asap = drawer.getByRole('radio', { name: 'ASAP' });
  assert.equal(await asap.isDisabled(), true, 'ASAP is offered for a tray');
  assert.equal(await asap.isChecked(), false);
  assert.equal(await drawer.getByText('Earliest available:').textContent(), 'Earliest available: Thu 12:00 PM');
  // Only times the notice allows are offered.
  await drawer
    .locator('.hh-ctl-segmented__option')
    .filter({ has: page.locator('.hh-ctl-segmented__label', { hasText: /^Select date and time$/ }) })
    .click();
  const first = await drawer
    .getByRole('group', { name: 'Select Time' })
    .locator('.hh-ctl-chips__label')
    .first()
    .textContent();
  assert.equal(first, 'Thu 12:00 PM');

  // Placing it ASAP is refused, with the same words, where the time is changed.
  await page.goto(noon.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Phone').fill('6145550134');
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Expiry date').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Billing ZIP code').fill('40202');
  // The cart's validation says so before payment: Place order is held back with the
  // notice beside it, and nothing is sent.
  const place = page.getByRole('button', { name: /^Place order/ });
  await page.locator('#co-submit-why').getByText(notice).waitFor();
  assert.equal(await place.getAttribute('aria-disabled'), 'true');
  await place.click({ force: true });
  assert.match(page.url(), /\/order\/checkout$/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('at night every time names its day, ASAP is not offered, and breakfast is earliest when the store opens', async () => {
  const errors = [];
  const page = await newPage(night.browser, errors, { viewport: desktop });
  await page.goto(night.edge.base + '/locations');
  await chooseLocation(page, await location(night, 'oh-dayton'));
  assert.equal((await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-dayton' })).status, 201);
  assert.equal((await api(page, 'POST', '/cart/products', { product_id: 'tenders-3', quantity: 1 })).status, 201);
  await page.goto(night.edge.base + '/menu/m-standard');
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.getByText('Pickup, choose a time (closed now)').waitFor();
  // Dayton opens at 6:30: breakfast (from 6:00) is had from then, tomorrow.
  const biscuit = page.locator('.hh-product-card').filter({ hasText: 'Chicken & Egg Biscuit' });
  assert.equal(await biscuit.locator('.hh-badge').textContent(), 'Earliest available Thu 6:30 AM');

  await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByText('Earliest available:').waitFor();
  assert.equal(await drawer.getByText('Earliest available:').textContent(), 'Earliest available: Thu 6:55 AM');
  assert.equal(await drawer.getByRole('radio', { name: 'ASAP' }).isDisabled(), true);
  assert.equal(await drawer.getByRole('radio', { name: 'Later' }).isDisabled(), true);
  await drawer.getByText('No more times today. Select date and time instead.').waitFor();
  await drawer
    .locator('.hh-ctl-segmented__option')
    .filter({ has: page.locator('.hh-ctl-segmented__label', { hasText: /^Select date and time$/ }) })
    .click();
  const chip = (group) => drawer.getByRole('group', { name: group }).locator('.hh-ctl-chips__label');
  assert.equal(await chip('Select Date').first().textContent(), 'Thu, Nov 26');
  assert.equal(await chip('Select Time').first().textContent(), 'Thu 7:00 AM');
  // The time chosen is accepted: the choices are the edge's.
  await drawer
    .getByRole('group', { name: 'Select Time' })
    .locator('.hh-ctl-chips__option', { hasText: 'Thu 7:00 AM' })
    .click();
  await page.waitForFunction(() => window.__henhouse.store.getState().cart?.time.mode === 'advance');
  assert.deepEqual((await drawer.getByRole('alert').allTextContents()).filter(Boolean), []);
  assert.deepEqual(errors, []);
  await page.context().close();
});
