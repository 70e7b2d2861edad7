// The menu and product screens as a guest on a phone and a desktop sees them (docs/menu.md):
// products on the first phone screen, the filters' sheet, categories by daypart with the
// edge's clock at lunch and at breakfast, the card as one target, the product page's add
// bar, the kit's controls only, tap targets, and no cart state shown before it is known.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, chooseLocation, seriousViolations } from './harness.mjs';

// Noon in Dayton (which opens at 6:30), and 7:00 AM there.
const lunch = useSite(before, after, { ORDER_CLOCK_START: '2026-11-25T12:00:00-05:00' });
const breakfast = useSite(before, after, { ORDER_CLOCK_START: '2026-11-25T07:00:00-05:00' });
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const location = async (site, id) => (await (await fetch(`${site.edge.base}/api/locations/${id}`)).json()).location;

/** Native radios, checkboxes and selects not inside a kit control. */
const bareControls = (page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('input[type=radio], input[type=checkbox], select')].filter(
        (el) => !el.closest('[data-hh-control]'),
      ).length,
  );

/** Buttons and links of the screen smaller than 44 × 44 px. */
const smallTargets = (page, selector) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => ({ text: el.textContent.trim(), r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 44 || r.height < 44)
        .map(({ text, r }) => `${text} ${Math.round(r.width)}×${Math.round(r.height)}`),
    selector,
  );

test('at 390 × 844 the first screen of the menu shows products, and the filters open in a sheet', async () => {
  const errors = [];
  const page = await newPage(lunch.browser, errors, { viewport: phone });
  await page.goto(lunch.edge.base + '/menu/m-standard');
  const name = page.locator('.hh-product-card__name').first();
  await name.waitFor({ timeout: 15000 });
  const box = await name.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= phone.height, `the first card's name at ${box?.y} px`);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  // One bar: the search and "Filters"; the legend is in the sheet.
  assert.equal(await page.getByText('What the allergen icons mean').count(), 0);
  const open = page.getByRole('button', { name: 'Filters', exact: true });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.waitFor();
  assert.equal(await sheet.evaluate((d) => d.contains(document.activeElement)), true, 'focus is in the sheet');
  await sheet.getByText('What the allergen icons mean').waitFor();
  assert.equal(await bareControls(page), 0, 'the filters are kit controls');
  assert.deepEqual(await smallTargets(page, '.hh-dialog button, .hh-dialog [data-hh-control]'), []);
  await sheet.getByRole('checkbox', { name: 'Vegan only' }).click();
  await sheet.getByRole('checkbox', { name: 'No gluten' }).click();
  await page.waitForURL(/diet=vegan/);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  const counted = page.getByRole('button', { name: 'Filters (2)' });
  assert.equal(await counted.evaluate((el) => el === document.activeElement), true, 'focus returns');
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('at lunch breakfast comes after the served categories and says when it is served; at 7:00 it leads', async () => {
  for (const [site, first, last] of [
    [lunch, 'Chicken', 'Breakfast'],
    [breakfast, 'Breakfast', null],
  ]) {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport: desktop });
    await page.goto(site.edge.base + '/locations');
    await chooseLocation(page, await location(site, 'oh-dayton'));
    await page.goto(site.edge.base + '/menu/m-standard');
    await page.locator('.hh-menu[data-screen="mf-menu/Menu"]:not([data-screen-loading])').waitFor({ timeout: 15000 });
    const headings = await page.locator('.hh-menu-section h2').allTextContents();
    assert.equal(headings[0], first);
    if (last) assert.equal(headings.at(-1), last);
    const bar = await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link').allTextContents();
    assert.equal(bar[0].trim(), first);
    await page
      .locator('#category-breakfast')
      .getByText('Breakfast · served 6:30–10:30 AM', { exact: true })
      .waitFor({ state: 'attached' });
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('a card is one target: the picture and the name open the product page; names and buttons keep to one line at 1280 px', async () => {
  const errors = [];
  const page = await newPage(lunch.browser, errors, { viewport: desktop });
  await page.goto(lunch.edge.base + '/menu/m-standard');
  const card = page.locator('.hh-product-card').filter({ hasText: '3 Tenders' }).first();
  await card.waitFor({ timeout: 15000 });
  const lines = await page.evaluate(() =>
    [...document.querySelectorAll('.hh-product-card__name, .hh-product-card__actions > *')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => el.getBoundingClientRect().height > parseFloat(getComputedStyle(el).lineHeight) * 1.5 + 24)
      .map((el) => el.textContent),
  );
  assert.deepEqual(lines, [], 'wrapped at 1280 px');
  assert.deepEqual(
    await smallTargets(page, '.hh-product-card a, .hh-product-card button, .hh-menu-filters button'),
    [],
  );
  // No control inside another.
  assert.equal(
    await page.locator('.hh-product-card a a, .hh-product-card a button, .hh-product-card button a').count(),
    0,
  );
  await card.locator('img').click();
  await page.waitForURL(/\/menu\/m-standard\/product\/tenders-3$/);
  await page.getByRole('heading', { name: '3 Tenders', level: 2 }).waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the product page: price and calories by the name, the add bar on the first phone screen saying what is missing, kit controls only', async () => {
  const errors = [];
  const page = await newPage(lunch.browser, errors, { viewport: phone });
  await page.goto(lunch.edge.base + '/menu/m-standard/product/family-8');
  const name = page.getByRole('heading', { name: '8 Piece Family Meal', level: 2 });
  await name.waitFor({ timeout: 15000 });
  await page.locator('[data-screen="mf-menu/Product"] .hh-product__form').waitFor();
  assert.match(await page.locator('.hh-product__facts').textContent(), /^\$\d+\.\d\d · \d+ cal$/);
  const add = page.getByRole('button', { name: 'Choose Family sides' });
  const box = await add.boundingBox();
  assert.ok(box && box.y + box.height <= phone.height && box.y >= 0, `the add bar at ${box?.y} px`);
  assert.equal(await bareControls(page), 0, 'every choice is a kit control');
  assert.equal(await page.locator('.hh-counter, button:text-is("−")').count(), 0, 'no browser-default − and +');
  // The price of an option is apart from its name.
  assert.equal(
    await page
      .locator('.hh-group')
      .getByText(/[a-z]\$\d/)
      .count(),
    0,
  );
  assert.ok(
    await page
      .locator('.hh-group')
      .getByText(/^\+\$\d+\.\d\d$/)
      .count(),
    'option prices are shown apart',
  );
  assert.deepEqual(await smallTargets(page, '.hh-product button, .hh-product a'), []);
  // aria-disabled, so still pressed (Playwright's click waits for an enabled button).
  await add.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    document.activeElement?.closest('fieldset')?.textContent?.startsWith('Family sides'),
  );
  await page.getByRole('button', { name: 'Increase quantity of Large Fries' }).click();
  await page.getByRole('button', { name: 'Increase quantity of Large Fries' }).click();
  const ready = page.getByRole('button', { name: /^Add to cart · \$\d+\.\d\d$/ });
  await ready.waitFor();
  const inView = await ready.boundingBox();
  assert.ok(inView && inView.y + inView.height <= phone.height, 'the bar stays in the window');
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('on a wide window the product page has the picture beside the choices', async () => {
  const page = await newPage(lunch.browser, [], { viewport: desktop });
  await page.goto(lunch.edge.base + '/menu/m-standard/product/combo-2pc');
  await page.locator('[data-screen="mf-menu/Product"] .hh-group').first().waitFor({ timeout: 15000 });
  const img = await page.locator('[data-screen="mf-menu/Product"] .hh-product__img').boundingBox();
  const group = await page.locator('[data-screen="mf-menu/Product"] .hh-group').first().boundingBox();
  assert.ok(group.x >= img.x + img.width, `choices at ${group.x}, picture ends at ${img.x + img.width}`);
  assert.ok(group.y < img.y + img.height, 'the first group is beside the picture');
  await page.context().close();
});

test('after an add: "Added 2 × 3 Tenders" with View cart, focus stays, and a reload never shows an empty cart', async () => {
  const errors = [];
  const page = await newPage(lunch.browser, errors, { viewport: phone });
  await page.goto(lunch.edge.base + '/locations');
  await chooseLocation(page, await location(lunch, 'oh-dayton'));
  await page.goto(lunch.edge.base + '/menu/m-standard/product/tenders-3');
  await page.getByRole('heading', { name: '3 Tenders', level: 2 }).waitFor({ timeout: 15000 });
  await page.getByRole('button', { name: 'Increase quantity of 3 Tenders' }).click();
  const add = page.getByRole('button', { name: /^Add to cart · / });
  await add.click();
  const toast = page.locator('.hh-toast').filter({ hasText: 'Added 2 × 3 Tenders' });
  await toast.waitFor();
  assert.equal(await add.evaluate((el) => el === document.activeElement), true, 'focus stays on the add');
  assert.equal(await page.locator('.hh-cart-button .visually-hidden').textContent(), 'Cart, 2 items');
  await toast.getByRole('button', { name: 'View cart' }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).waitFor();

  // Reloads: what the screens say about the cart waits for it.
  for (const path of ['/menu/m-standard', '/menu/m-standard/product/tenders-3']) {
    const seen = [];
    await page.goto(lunch.edge.base + path);
    for (let i = 0; i < 20; i++) {
      seen.push(
        await page.evaluate(() => {
          const t = document.querySelector('main')?.textContent ?? '';
          return /cart is empty|Cart, 0 items/.test(t);
        }),
      );
      await page.waitForTimeout(50);
    }
    assert.deepEqual(seen.filter(Boolean), [], `${path} said the cart was empty`);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});
