// The nutrition page in Chromium (docs/menu.md, "Nutrition and allergens"): the table the
// edge sends, a product's calories as its product page's answer has them, the table
// scrolling inside its region at 390 px with its header row in view, and axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, seriousViolations } from './harness.mjs';

const site = useSite(before, after);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the nutrition table at ${viewport.width} px lists 3 Tenders with its calories and stays readable`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    const { product } = await (await fetch(site.edge.base + '/api/menus/m-standard/products/tenders-3')).json();
    await page.goto(site.edge.base + '/nutrition-and-allergen/');
    const region = page.getByRole('region', { name: /^Calories and allergens of our \d+ menu items$/ });
    const table = region.getByRole('table');
    await table.waitFor();
    const row = table.locator('tr', { has: page.locator('th[scope=row] a', { hasText: /^3 Tenders$/ }) });
    const cells = row.locator('td');
    assert.equal((await cells.first().textContent()).trim(), String(product.calories));
    assert.equal(await cells.nth(1).textContent(), 'No', 'no cashew');
    assert.match(await cells.last().textContent(), /Contains wheat/);

    // The page never scrolls sideways; the table scrolls inside its region, and its
    // header row stays in view when the region scrolls down.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'page scrolls sideways');
    const box = await region.elementHandle();
    if (viewport.width < 600) {
      assert.ok(await box.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table scrolls inside its region');
    }
    await box.evaluate((el) => (el.scrollTop = 600));
    const [regionTop, headTop] = await Promise.all([
      box.evaluate((el) => el.getBoundingClientRect().top),
      table
        .locator('thead th')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top),
    ]);
    assert.ok(Math.abs(headTop - regionTop) <= 2, `header row at ${headTop}, region at ${regionTop}`);

    const serious = await seriousViolations(page);
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
