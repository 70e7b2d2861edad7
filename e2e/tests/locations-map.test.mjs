// The location search's suggestions and its map, as a new guest in Chromium at phone and
// desktop widths: suggestions from the third letter, markers kept inside the map and apart
// (clusters that are buttons), and a scroll wheel that scrolls the page until the map has
// focus (docs/locations.md, "Suggestions" and "Map").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

const field = (page) => page.getByRole('combobox', { name: 'Address, city, state or ZIP code' });
const pins = (page) => page.locator('.leaflet-marker-icon.hh-loc-pin');
const clusters = (page) => page.getByRole('button', { name: /^\d+ locations, zoom in$/ });

async function openSearch(page) {
  await page.goto(site.edge.base + '/locations');
  await page.getByRole('heading', { name: /^\d+ locations? near the centre of the map$/ }).waitFor({ timeout: 15000 });
  await page.locator('.leaflet-container').waitFor();
}

/** What the map shows for the results: each pin counts one, each cluster its number. */
async function shownCount(page) {
  const names = await clusters(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  return (await pins(page).count()) + names.reduce((n, name) => n + Number.parseInt(name, 10), 0);
}

/** Waits until the map shows every one of n results (pins are placed a few per task). */
async function waitShown(page, n) {
  for (let i = 0; i < 100 && (await shownCount(page)) !== n; i++) await page.waitForTimeout(50);
  assert.equal(await shownCount(page), n);
}

for (const [size, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
]) {
  test(`${size}: "Lou" suggests Louisville, KY; Enter searches it`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    await openSearch(page);
    const asked = [];
    page.on('request', (r) => r.url().includes('/api/places') && asked.push(new URL(r.url()).searchParams.get('q')));
    await field(page).pressSequentially('Lo', { delay: 30 });
    await page.waitForTimeout(400);
    assert.deepEqual(asked, [], 'two letters ask for nothing');
    await field(page).pressSequentially('u', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Suggested places' });
    const first = list.getByRole('option').first();
    await first.waitFor();
    assert.equal(await first.textContent(), 'Louisville, KY');
    await page
      .getByRole('status')
      .filter({ hasText: /^\d suggestions?\.$/ })
      .waitFor();
    await field(page).press('ArrowDown');
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    await field(page).press('Enter');
    await page.getByRole('heading', { name: /^\d+ locations near Louisville, KY$/ }).waitFor();
    assert.equal(await field(page).inputValue(), 'Louisville, KY');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('"9838 Madison" suggests the Louisville store\'s street address first', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await openSearch(page);
  await field(page).fill('9838 Madison');
  const first = page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').first();
  await first.waitFor();
  assert.equal(await first.textContent(), '9838 Madison Ave, Louisville, KY 40202');
  await page.context().close();
});

for (const [size, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
]) {
  test(`${size}: every marker and cluster is inside the map, clear of the zoom buttons`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    await openSearch(page);
    await field(page).fill('Louisville, KY');
    await field(page).press('Enter');
    await page.getByRole('heading', { name: /^10 locations near Louisville, KY$/ }).waitFor();
    await waitShown(page, 10);
    const map = await page.locator('.hh-loc-map__canvas.leaflet-container').boundingBox();
    const zoom = await page.locator('.leaflet-control-zoom').boundingBox();
    const boxes = [
      ...(await pins(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))),
      ...(await clusters(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))),
    ];
    const scrollY = await page.evaluate(() => window.scrollY);
    for (const b of boxes) {
      const top = b.top + scrollY;
      assert.ok(b.left >= map.x && b.right <= map.x + map.width, `marker ${JSON.stringify(b)} across the map's side`);
      assert.ok(
        top >= map.y && top + b.height <= map.y + map.height,
        `marker ${JSON.stringify(b)} across the map's top or bottom`,
      );
      const underZoom =
        b.left < zoom.x + zoom.width && b.right > zoom.x && top < zoom.y + zoom.height && top + b.height > zoom.y;
      assert.ok(!underZoom, `marker ${JSON.stringify(b)} under the zoom buttons`);
    }
    // The zoom buttons are tap targets.
    for (const b of await page
      .locator('.leaflet-control-zoom a')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
      assert.ok(b.width >= 44 && b.height >= 44, `zoom button ${b.width}×${b.height}`);
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('markers too close to tell apart are a cluster: a named button that zooms in on Enter', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: phone });
  await openSearch(page);
  // The first view is the whole country: the Columbus and Cincinnati locations are a few
  // pixels apart there.
  const cluster = clusters(page).first();
  await cluster.waitFor();
  const name = await cluster.getAttribute('aria-label');
  const n = Number.parseInt(name, 10);
  assert.ok(n >= 2, name);
  assert.equal(await cluster.textContent(), String(n));
  const box = await cluster.boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `a cluster is ${box.width}×${box.height}`);
  const labels = () => clusters(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join());
  const pinsBefore = await pins(page).count();
  const clustersBefore = await labels();
  const stateWidth = () =>
    page
      .locator('.leaflet-states-pane path')
      .first()
      .evaluate((p) => p.getBoundingClientRect().width);
  await page.locator('.leaflet-states-pane path').first().waitFor({ state: 'attached' });
  const w0 = await stateWidth();
  await cluster.focus();
  await page.keyboard.press('Enter');
  // Zoomed in to the cluster: the map is closer, and its markers are drawn again apart.
  for (let i = 0; i < 60 && (await stateWidth()) === w0; i++) await page.waitForTimeout(50);
  assert.ok((await stateWidth()) > w0, 'the map zoomed in');
  await page.waitForTimeout(500);
  assert.notEqual(
    `${await pins(page).count()}|${await labels()}`,
    `${pinsBefore}|${clustersBefore}`,
    'the cluster opened',
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the scroll wheel scrolls the page over the map until the map has focus', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await openSearch(page);
  await waitShown(page, 10);
  const mapBox = page.locator('.hh-loc-map__canvas.leaflet-container');
  // Where the markers are within the map: the same until the map zooms.
  const layout = () =>
    mapBox.evaluate((m) => {
      const o = m.getBoundingClientRect();
      return [...m.querySelectorAll('.leaflet-marker-icon')]
        .map((e) => e.getBoundingClientRect())
        .map((r) => `${Math.round(r.left - o.left)},${Math.round(r.top - o.top)}`)
        .sort()
        .join(' ');
    });
  const box = await mapBox.boundingBox();
  const l0 = await layout();
  const y0 = await page.evaluate(() => window.scrollY);
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
  await page.mouse.wheel(0, 300);
  await page.waitForTimeout(500);
  assert.ok((await page.evaluate(() => window.scrollY)) > y0, 'the page scrolled');
  assert.equal(await layout(), l0, 'the map did not zoom');

  await page.evaluate(() => window.scrollTo(0, 0));
  const again = await mapBox.boundingBox();
  // A click on the map's land (not on a marker) gives it focus.
  await page.mouse.click(again.x + 8, again.y + again.height - 60);
  assert.equal(await mapBox.evaluate((m) => m === document.activeElement), true);
  await page.mouse.wheel(0, -300);
  for (let i = 0; i < 40 && (await layout()) === l0; i++) await page.waitForTimeout(50);
  assert.notEqual(await layout(), l0, 'focused, the wheel zooms the map');

  // Focus elsewhere: the wheel scrolls the page again.
  await field(page).focus();
  await page.waitForTimeout(500);
  const l1 = await layout();
  const y1 = await page.evaluate(() => window.scrollY);
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2 - y1);
  await page.mouse.wheel(0, 300);
  await page.waitForTimeout(500);
  assert.ok((await page.evaluate(() => window.scrollY)) > y1, 'the page scrolled again');
  assert.equal(await layout(), l1);
  await page.context().close();
});

test('the offline map names the big cities, none over another, under the markers, credited', async () => {
  for (const viewport of [phone, desktop]) {
    const page = await newPage(site.browser, [], { viewport });
    await openSearch(page);
    const names = page.locator('.hh-loc-city');
    await names.first().waitFor();
    const shown = await names.evaluateAll((els) =>
      els.map((e) => ({ name: e.textContent, ...e.getBoundingClientRect().toJSON() })),
    );
    assert.ok(shown.length >= 3, JSON.stringify(shown.map((s) => s.name)));
    assert.ok(
      shown.some((s) => s.name === 'Chicago'),
      'Chicago is named at the first view',
    );
    for (let i = 0; i < shown.length; i++)
      for (let j = i + 1; j < shown.length; j++) {
        const [a, b] = [shown[i], shown[j]];
        const over = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        assert.ok(!over, `${a.name} over ${b.name}`);
      }
    // Under the markers, and not read out: the list names every location.
    const [namesZ, markersZ] = await page.evaluate(() => [
      Number(getComputedStyle(document.querySelector('.hh-loc-city').closest('.leaflet-pane')).zIndex),
      Number(getComputedStyle(document.querySelector('.leaflet-marker-pane')).zIndex),
    ]);
    assert.ok(namesZ < markersZ);
    assert.equal(await names.first().evaluate((e) => e.closest('[aria-hidden="true"]') !== null), true);
    await page.locator('.leaflet-control-attribution', { hasText: 'GeoNames (CC BY 4.0)' }).waitFor();
    await page.context().close();
  }
});
