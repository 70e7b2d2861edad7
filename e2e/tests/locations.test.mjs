// Finding a location and starting an order there, as a new guest in Chromium: the search
// and its map, choosing a location, the delivery check, all locations and the browse pages,
// keyboard only, and axe at phone and desktop widths (docs/locations.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, seriousViolations } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

const results = (page) => page.getByRole('list', { name: /locations? (near|in|delivering)/i });
const field = (page) => page.getByRole('combobox', { name: 'Address, city, state or ZIP code' });

/** Opens /locations and waits for the search on load to list its results. */
async function openSearch(page) {
  await page.goto(site.edge.base + '/locations');
  await page.getByRole('heading', { name: /^\d+ locations? near the centre of the map$/ }).waitFor({ timeout: 15000 });
}

/** How many results the map shows: a marker each, a cluster of markers too close to tell
 *  apart its count. Waits until it is n (markers are placed a few per task). */
async function waitMarkers(page, n) {
  const shown = () =>
    page.locator('.leaflet-marker-icon').evaluateAll((els) =>
      els.reduce((sum, e) => {
        const m = /^(\d+) locations, zoom in$/.exec(e.getAttribute('aria-label') ?? '');
        return sum + (m ? Number(m[1]) : e.classList.contains('hh-loc-pin') ? 1 : 0);
      }, 0),
    );
  for (let i = 0; i < 100 && (await shown()) !== n; i++) await page.waitForTimeout(50);
  assert.equal(await shown(), n);
}

async function searchFor(page, q) {
  await field(page).fill(q);
  await field(page).press('Enter');
  await page.getByRole('heading', { name: new RegExp(`^\\d+ locations? near ${q}$`) }).waitFor();
}

test('search "Louisville, KY": results nearest first and a marker for each on the map', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await openSearch(page);
  await page.locator('.leaflet-container').waitFor();
  await searchFor(page, 'Louisville, KY');
  const names = await results(page).getByRole('heading').allTextContents();
  assert.equal(names[0], 'Henhouse Louisville');
  assert.equal(names.length, 10);
  await waitMarkers(page, names.length);
  await page.getByRole('status').filter({ hasText: '10 locations near Louisville, KY, nearest first.' }).waitFor();
  // A marker selects its result (the one of its number), and the result its marker.
  const pin = page.locator('.leaflet-marker-icon.hh-loc-pin').nth(1);
  const n = Number(await pin.textContent());
  await pin.click();
  assert.equal(await results(page).locator('[aria-current="true"] h3').textContent(), names[n - 1]);
  await page.getByRole('button', { name: `Show on map ${names[2]}` }).click();
  await page.locator('.hh-loc-pin--selected').waitFor();
  assert.equal(await page.locator('.hh-loc-pin--selected').textContent(), '3');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an address nobody knows says so in words and the list stays', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await openSearch(page);
  const before = await results(page).getByRole('heading').allTextContents();
  await field(page).fill('Qwxzv Nowhere Plaza 99999999');
  await field(page).press('Enter');
  await page.locator('.hh-loc-notice').filter({ hasText: "We couldn't find" }).waitFor();
  assert.deepEqual(await results(page).getByRole('heading').allTextContents(), before);
  await field(page).fill('x'.repeat(300));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('.hh-form-field__error').filter({ hasText: 'Search for at most 200 characters' }).waitFor();
  assert.equal(await field(page).getAttribute('aria-invalid'), 'true');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('choosing a location starts a cart on its menu and opens the menu', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await openSearch(page);
  await searchFor(page, 'Louisville, KY');
  await page.getByRole('button', { name: 'Order here at Henhouse Louisville' }).click();
  await page.waitForURL(/\/menu\/m-standard$/);
  const { cart } = (await api(page, 'GET', '/cart')).body;
  assert.equal(cart.location_id, 'ky-louisville');
  assert.equal(cart.menu_id, 'm-standard');
  assert.equal(await page.evaluate(() => window.__henhouse.store.getState().location?.id), 'ky-louisville');
  await page.context().close();
});

test('a cart moved to another menu reports the items that could not move', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await page.goto(site.edge.base + '/about');
  await api(page, 'POST', '/cart', { menu_id: 'm-texas', location_id: 'tx-dallas' });
  await api(page, 'POST', '/cart/products', { product_id: 'brisket-sandwich', modifiers: [{ id: 'bun-brioche' }] });
  await api(page, 'POST', '/cart/products', { product_id: 'tenders-3', modifiers: [{ id: 'flv-original' }] });
  await openSearch(page);
  await searchFor(page, 'Louisville, KY');
  await page.getByRole('button', { name: 'Order here at Henhouse Louisville' }).click();
  const dialog = page.getByRole('alertdialog', { name: "Some items couldn't move" });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /Chicken & Brisket Stack/);
  assert.equal(new URL(page.url()).pathname, '/locations');
  await dialog.getByRole('button', { name: 'Continue to the menu' }).click();
  await page.waitForURL(/\/menu\/m-standard$/);
  const { cart } = (await api(page, 'GET', '/cart')).body;
  assert.deepEqual(
    cart.products.map((p) => p.name),
    ['3 Tenders'],
  );
  await page.context().close();
});

async function fillAddress(page, { street, city, state, zip }) {
  await page.getByRole('textbox', { name: 'Street address' }).fill(street);
  await page.getByRole('textbox', { name: 'City', exact: true }).fill(city);
  await page.getByRole('combobox', { name: 'State', exact: true }).selectOption(state);
  await page.getByRole('textbox', { name: 'ZIP code' }).fill(zip);
  await page.getByRole('button', { name: 'Find locations that deliver' }).click();
}

test('delivery: an address outside every delivery area is a message at the street; inside, only locations that deliver', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await openSearch(page);
  const before = await results(page).getByRole('heading').allTextContents();
  await page.getByRole('radio', { name: 'Delivery' }).check();
  // Lexington itself does not deliver, and Louisville's radius stops far short of it.
  await fillAddress(page, { street: '1 Main St', city: 'Lexington', state: 'KY', zip: '40507' });
  const street = page.getByRole('textbox', { name: 'Street address' });
  await page.waitForFunction(
    () => document.querySelector('input[name="street"]')?.getAttribute('aria-invalid') === 'true',
  );
  const describedBy = await street.getAttribute('aria-describedby');
  const message = await page.evaluate(
    (ids) =>
      ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    describedBy,
  );
  assert.match(message, /\w/, 'the street field says why');
  assert.deepEqual(await results(page).getByRole('heading').allTextContents(), before, 'the list stays');

  await fillAddress(page, { street: '100 W Main St', city: 'Louisville', state: 'KY', zip: '40202' });
  await page.getByRole('heading', { name: /^\d+ locations? delivering to 100 W Main St$/ }).waitFor();
  const names = await results(page).getByRole('heading').allTextContents();
  assert.equal(names[0], 'Henhouse Louisville');
  await page.getByRole('button', { name: 'Order here at Henhouse Louisville' }).click();
  await page.waitForURL(/\/menu\/m-standard$/);
  const { cart } = (await api(page, 'GET', '/cart')).body;
  assert.equal(cart.handoff.mode, 'delivery');
  assert.equal(cart.handoff.address.street, '100 W Main St');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('keyboard only: search, move through the results, choose', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await openSearch(page);
  // From the top of the page: the skip link, then into the search field.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // "Skip to content"
  for (let i = 0; i < 10 && !(await field(page).evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  assert.ok(await field(page).evaluate((el) => el === document.activeElement), 'the search field takes focus');
  await page.keyboard.type('Louisville, KY');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /^\d+ locations near Louisville, KY$/ }).waitFor();
  // Tab on until the first result's "Order here"; every stop on the way has a name.
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement;
      const byId = (ids) =>
        (ids ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
      return (
        el?.getAttribute('aria-label') ||
        byId(el?.getAttribute('aria-labelledby')).trim() ||
        [...(el?.labels ?? [])]
          .map((l) => l.textContent)
          .join(' ')
          .trim() ||
        el?.textContent?.trim() ||
        ''
      );
    });
    assert.notEqual(name, '', 'focus never lands on something without a name');
    reached = name === 'Order here at Henhouse Louisville';
  }
  assert.ok(reached, 'the first result can be reached with Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/menu\/m-standard$/);
  await page.context().close();
});

// Results far below the window are not drawn until the guest comes near them
// (locations.css, .hh-loc-results__item): they are in the list for screen readers and the
// keyboard all the same, and drawn once reached.
test('a result below the window is drawn when the guest reaches it, by keyboard too', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: phone });
  await openSearch(page);
  const items = results(page).locator(':scope > li');
  assert.equal(await items.count(), 10);
  const drawn = (i) =>
    items.nth(i).evaluate((li) => li.querySelector('h3').checkVisibility({ contentVisibilityAuto: true }));
  assert.equal(await drawn(9), false, 'the tenth result is not drawn before the guest goes there');
  const names = await results(page).getByRole('heading', { level: 3 }).allTextContents();
  assert.equal(names.length, 10, 'every result is a heading for screen readers');
  // Focus on the last result's "Order here" brings it into view, drawn at its real height.
  const order = page.getByRole('button', { name: `Order here at ${names[9]}` });
  await order.focus();
  assert.equal(await drawn(9), true, 'the tenth result is drawn once the guest is there');
  const box = await items.nth(9).boundingBox();
  assert.ok(box.height > 150 && box.y < phone.height && box.y + box.height > 0, `in view at ${JSON.stringify(box)}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

// No popup covers a task page (docs/shell.md, "Popups"): on a first visit the search is
// there to use at once, the map with it.
test('on a first visit no popup covers the search, and the map loads', async () => {
  for (const viewport of [phone, desktop]) {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport, showPopups: true });
    await openSearch(page);
    await page.locator('.leaflet-container').waitFor();
    await waitMarkers(page, 10);
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.equal(await results(page).getByRole('heading', { level: 3 }).count(), 10);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('/locations/all → state → city → location, by links with real addresses', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await page.goto(site.edge.base + '/locations/all');
  const ky = page.getByRole('region', { name: /^Kentucky/ });
  await ky.waitFor({ timeout: 15000 });
  assert.equal(await page.evaluate(() => typeof window.L), 'undefined', 'no map code on /locations/all');
  assert.equal(await ky.getByRole('link', { name: 'Kentucky' }).getAttribute('href'), '/locations/ky');
  await ky.getByRole('link', { name: 'Kentucky' }).click();
  await page.waitForURL(/\/locations\/ky$/);
  await page.getByRole('heading', { level: 2, name: 'Kentucky' }).waitFor();
  await page.getByRole('navigation', { name: 'Cities in Kentucky' }).getByRole('link', { name: 'Louisville' }).click();
  await page.waitForURL(/\/locations\/ky\/louisville$/);
  await page.getByRole('heading', { level: 2, name: 'Louisville, KY' }).waitFor();
  await page.getByRole('link', { name: 'Details for Henhouse Louisville' }).click();
  await page.waitForURL(/\/locations\/ky\/louisville\/louisville$/);
  await page.getByRole('heading', { level: 2, name: 'Henhouse Louisville' }).waitFor();
  const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents();
  assert.deepEqual(crumbs, ['All locations', 'Kentucky', 'Louisville', 'Henhouse Louisville']);
  // The same address loaded as a first page.
  const res = await page.goto(site.edge.base + '/locations/ky/louisville/louisville');
  assert.equal(res.status(), 200);
  await page.getByRole('heading', { level: 2, name: 'Henhouse Louisville' }).waitFor();
  await page.context().close();
});

test('a state, city or address that does not exist is the 404 page with status 404', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  for (const path of ['/locations/zz', '/locations/ky/nowhere', '/locations/ky/louisville/nowhere']) {
    const res = await page.goto(site.edge.base + path);
    assert.equal(res.status(), 404, path);
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
  }
  await page.context().close();
});

for (const [label, viewport] of [
  ['390 px', phone],
  ['1280 px', desktop],
]) {
  for (const [path, ready] of [
    ['/locations', 'h3:has-text("near the centre of the map")'],
    ['/locations/all', '.hh-loc-all'],
    ['/locations/ky', '.hh-loc-results'],
    ['/locations/ky/louisville', '.hh-loc-results'],
    ['/locations/ky/louisville/louisville', '.hh-loc-page'],
  ]) {
    test(`${path} at ${label} has no serious accessibility violations`, async () => {
      const page = await newPage(site.browser, [], { viewport });
      await page.goto(site.edge.base + path);
      await page.locator(ready).first().waitFor({ timeout: 15000 });
      if (path !== '/locations/all') await page.locator('.leaflet-container').waitFor();
      const serious = await seriousViolations(page);
      assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
      await page.context().close();
    });
  }
}
