// Order again (docs/checkout.md, "Confirmation"): a member places an order, finds it in
// the order history, presses Order again and lands on the menu with the cart drawer open
// and the order's items in the cart. Pressed again over that cart, the page asks before
// replacing it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, signUp } from './harness.mjs';

const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_START: noonInOhio });

test('a member orders again from the order history and sees the cart', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: { width: 1280, height: 900 } });
  await signUp(page, site.edge.base, 'again@example.com', '5135550177');
  assert.equal(
    (await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  const added = await api(page, 'POST', '/cart/products', {
    product_id: 'tenders-3',
    quantity: 2,
    modifiers: [{ id: 'flv-spicy' }],
  });
  assert.equal(added.status, 201, JSON.stringify(added.body));

  await page.goto(site.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('again@example.com');
  await page.getByLabel('Phone').fill('5135550177');
  await page.getByRole('radio', { name: 'Pay in store' }).check();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByRole('button', { name: 'Order again' }).waitFor();

  await page.goto(site.edge.base + '/account/settings');
  const table = page.getByRole('table', { name: 'Your orders, newest first' });
  await table.waitFor({ timeout: 15000 });
  const reorder = page.waitForResponse((r) => /\/api\/orders\/o_[^/]+\/reorder$/.test(r.url()));
  await table
    .getByRole('button', { name: /^Order again/ })
    .first()
    .click();
  assert.equal((await reorder).status(), 201);
  await page.waitForURL(/\/menu\/m-standard/, { timeout: 15000 });
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByText('3 Tenders').waitFor({ timeout: 15000 });

  // The cart holds items now: ordering again asks first, and keeping it changes nothing.
  await page.goto(site.edge.base + '/account/settings');
  await table.waitFor({ timeout: 15000 });
  await table
    .getByRole('button', { name: /^Order again/ })
    .first()
    .click();
  const ask = page.getByRole('dialog', { name: 'Replace your current cart?' });
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Keep my cart' }).click();
  await ask.waitFor({ state: 'detached' });
  assert.match(page.url(), /\/account\/settings/);
  assert.deepEqual(errors, []);
});
