// What a screen reader finds on each main screen (docs/accessibility.md, "Screen-reader
// path"): the accessibility tree of the page's main area (roles, names, headings, states),
// as Chromium exposes it, compared with the snapshot beside this file in tests/aria/. A
// lost label, a heading out of order or a div acting as a button changes the tree and
// fails. After a deliberate change: UPDATE_ARIA=1 node --test tests/aria.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite, newPage, pageApi as api, signUp, chooseLocation } from './harness.mjs';

// Noon in Ohio, so the restaurants are open and the times are the same each run.
const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_SPEED: '1', ORDER_CLOCK_START: noonInOhio });
const desktop = { width: 1280, height: 900 };
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'aria');

/** Words that change from run to run (order and line ids, dates, clock times, whether a
 *  restaurant is open now, the year). Applied to the recorded file too, so a rule added
 *  here needs no new recording. */
function steady(yaml) {
  return (
    yaml
      .replace(/\bo_[A-Za-z0-9_-]{8,}/g, 'o_ORDER')
      // An order's short number counts the day's orders at its restaurant.
      .replace(/(- text: Order\n\s*- strong: )"\d+"/g, '$1"NUMBER"')
      .replace(/\bl_[A-Za-z0-9_-]{8,}/g, 'l_LINE')
      // Whether a bonus offer runs today depends on the day of the run.
      .replace(/\n\s*- paragraph: On today(?=\n)/g, '')
      .replace(/\b(Open|Closed|Closing|Opens)\b[^\n"]*/g, 'OPEN-STATE')
      .replace(/HH-\d{6}-\d{6}/g, 'HH-TICKET')
      .replace(/\b\d{1,2}:\d{2}\s?(AM|PM)\b/gi, 'H:MM $1')
      .replace(/\b(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b/g, 'DAY')
      // A weekday's short name ("Earliest available Fri 6:00 AM": the day after the run's).
      .replace(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/g, 'DAY')
      .replace(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}\b/g, 'MONTH D')
      // A day is "Today" or "Tomorrow" or dated, by the browser's clock against the edge's.
      .replace(/\b(Today|Tomorrow)\b/g, 'DAY')
      .replace(/\bDAY, MONTH D\b/g, 'DAY')
      .replace(/\b20\d\d\b/g, 'YEAR')
      .replace(/[a-z0-9.]+@example\.com/g, 'EMAIL')
      // An offer of some days of the week ("Sweet Weekend") says it is on today on those.
      .replace(/\n *- paragraph: On today(?=\n)/g, '')
  );
}

/** without drops a subtree (its line and the more indented ones under it). */
function without(yaml, start) {
  const out = [];
  let skip = -1;
  for (const line of yaml.split('\n')) {
    const indent = line.search(/\S/);
    if (skip >= 0 && indent > skip) continue;
    skip = start.test(line) ? indent : -1;
    if (skip < 0) out.push(line);
  }
  return out.join('\n');
}

async function matches(name, locator, { drop } = {}) {
  let got = steady(await locator.ariaSnapshot()) + '\n';
  if (drop) got = without(got, drop);
  const file = path.join(dir, `${name}.aria.yml`);
  if (process.env.UPDATE_ARIA || !existsSync(file)) writeFileSync(file, got);
  assert.equal(
    got,
    steady(readFileSync(file, 'utf8')),
    `${name}: the accessibility tree changed (tests/aria/${name}.aria.yml)`,
  );
}

const main = (page) => page.locator('main#main');

async function withCart(page) {
  await page.goto(site.edge.base + '/locations');
  assert.equal(
    (await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  const r = await api(page, 'POST', '/cart/products', {
    product_id: 'tenders-3',
    quantity: 2,
    modifiers: [{ id: 'flv-spicy' }],
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  // The guest chose the location the cart is at (a cart is only started at a chosen one).
  const here = await api(page, 'GET', '/locations/oh-columbus-downtown');
  await chooseLocation(page, here.body.location);
}

for (const [name, url, ready] of [
  ['home', '/', '[data-screen="mf-content/ContentPage"]'],
  // The map loads once the list is shown, and draws its states layer, with its
  // attribution, last: the page's tree is whole once that is there.
  ['locations-search', '/locations', 'text=GeoNames (CC BY 4.0)'],
  ['location-page', '/locations/ky/louisville/louisville', '.hh-loc-page'],
  ['menu', '/menu/m-standard', 'h2:text-is("Chicken")'],
  ['product', '/menu/m-standard/product/tenders-3', 'role=group[name=/^Flavor/]'],
  ['sign-in', '/account/signin', '[data-screen="mf-account/SignIn"] form'],
  ['contact', '/contact', 'select[name="topic"]:enabled'],
  ['accessibility', '/accessibility', 'h2:text-is("Our standard")'],
]) {
  test(`${name}: the screen reader's view is the recorded one`, async () => {
    const page = await newPage(site.browser, [], { viewport: desktop });
    await page.goto(site.edge.base + url);
    await page.locator(ready).first().waitFor({ timeout: 15000 });
    await page.waitForLoadState('networkidle');
    await matches(name, main(page));
    await page.context().close();
  });
}

test("cart drawer, checkout and confirmation: the screen reader's view is the recorded one", async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await withCart(page);
  await page.goto(site.edge.base + '/menu/m-standard');
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.locator('.hh-cart-button').click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('heading', { name: 'Order Time' }).waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
  await matches('cart-drawer', drawer);

  await page.goto(site.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.frameLocator('iframe[title="Card details"]').getByLabel('Card number').waitFor();
  await matches('checkout', main(page));

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada.aria@example.com');
  await page.getByLabel('Phone').fill('6145550134');
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Expiry date').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Billing ZIP code').fill('43215');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByRole('heading', { name: 'Thanks, Ada! Your order is in.' }).waitFor();
  // The status moves on with the restaurant's clock: its words are checked by the
  // checkout tests, its region's presence here.
  await page.getByRole('region', { name: 'Status' }).waitFor();
  await matches('confirmation', main(page).locator('[data-testid="order-confirmation"]'), { drop: /region "Status"/ });
  await page.context().close();
});

test("account: the screen reader's view is the recorded one", async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await signUp(page, site.edge.base, `ada.aria.${Date.now()}@example.com`, '5135550142');
  await page.locator('[data-screen^="mf-account/"]').first().waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'detached' });
  await matches('account', main(page));
  await page.context().close();
});
