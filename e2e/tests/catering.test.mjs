// Catering on /catering as a guest in Chromium (docs/catering.md): the estimator's
// suggestion into the cart, the catering search by occasion and headcount, and axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, chooseLocation, seriousViolations } from './harness.mjs';

const site = useSite(before, after);
const dayton = async () => (await (await fetch(site.edge.base + '/api/locations/oh-dayton')).json()).location;

test('the estimator suggests packages for 40 hearty guests and adds them all to the cart', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: { width: 1280, height: 900 } });
  await page.goto(site.edge.base + '/catering');
  await chooseLocation(page, await dayton());
  const more = page.getByRole('button', { name: 'Increase number of guests' });
  for (let i = 0; i < 3; i++) await more.click(); // 25 → 40, 5 a press
  await page.getByRole('radio', { name: /^Hearty/ }).check();
  await page.getByRole('button', { name: 'Suggest quantities' }).click();
  const table = page.getByRole('table', { name: 'Suggested catering for 40 guests' });
  await table.waitFor();
  const rows = await table.locator('tbody tr').count();
  assert.ok(rows >= 4, `${rows} packages`);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await page.getByText(/^Added the suggestion for 40 guests to your cart/).waitFor();
  await page.getByRole('button', { name: /^Cart, \d+ items$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.locator('.hh-cart__line').first().waitFor();
  assert.equal(await drawer.locator('.hh-cart__line').count(), rows);
  await drawer
    .getByText(/needs? 24 hours' notice: the earliest time is /)
    .first()
    .waitFor();
  assert.equal(await drawer.getByRole('link', { name: /^Edit/ }).count(), 0, 'a package has no choices to edit');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the catering search by occasion and headcount says how many of each to order', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: { width: 1280, height: 900 } });
  await page.goto(site.edge.base + '/catering');
  await chooseLocation(page, await dayton());
  await page.getByRole('radio', { name: /^Game Day/ }).check();
  await page.getByRole('spinbutton', { name: 'Guests (optional)' }).fill('60');
  await page.getByRole('searchbox', { name: 'Search catering' }).fill('wing');
  const add = page.getByRole('button', { name: 'Add 5: Wing Tray' });
  await add.waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^1 package$/ })
    .waitFor();
  await add.click();
  await page.getByRole('status').filter({ hasText: 'Added 5 Wing Tray to your cart.' }).waitFor();
  assert.match(await page.locator('.hh-cart-button .visually-hidden').textContent(), /Cart, 5 items/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`/catering with its estimate at ${viewport.width} px has no serious accessibility violations`, async () => {
    const page = await newPage(site.browser, [], { viewport });
    await page.goto(site.edge.base + '/catering');
    await chooseLocation(page, await dayton());
    await page.getByRole('button', { name: 'Suggest quantities' }).click();
    await page.getByRole('table').waitFor();
    await page.locator('.hh-catering-card').first().waitFor();
    const serious = await seriousViolations(page);
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    await page.context().close();
  });
}
