// Tab titles (docs/routes.md, "Titles"): the edge writes them on a direct load, the shell
// sets the same ones on a client-side navigation; the screen-reader heading keeps its rule.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, chooseLocation } from './harness.mjs';

const site = useSite(before, after);

const titleOf = (html) => html.match(/<title>([^<]*)<\/title>/)[1].replaceAll('&amp;', '&');

test('a direct load is titled by what the page shows', async () => {
  const page = await newPage(site.browser);
  for (const [path, want] of [
    ['/', 'Henhouse'],
    ['/locations', 'Find a Location | Henhouse'],
    ['/menu/m-standard/product/nuggets-8', '8 Nuggets | Henhouse'],
    ['/order/checkout', 'Checkout | Henhouse'],
    ['/contact', 'Contact Us | Henhouse'],
    ['/locations/all', 'All Locations | Henhouse'],
  ]) {
    const response = await page.goto(site.edge.base + path);
    assert.equal(titleOf(await response.text()), want, path);
  }
  // A menu is titled by the location it is shown for, as its heading names it.
  const response = await page.goto(site.edge.base + '/menu/m-standard');
  const heading = await page.locator('#page-heading').textContent();
  assert.match(heading, /^Menu page: Henhouse /);
  assert.equal(titleOf(await response.text()), `Menu · ${heading.slice('Menu page: '.length)} | Henhouse`);
  await page.context().close();
});

/** go navigates in the page, as a link would: through the history the shell's router follows. */
const go = (page, path) =>
  page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

test('a client-side navigation sets the title the edge would have written', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  await page.locator('#main [data-screen]').first().waitFor();
  await chooseLocation(page, { id: 'ky-louisville', name: 'Henhouse Louisville', menu_id: 'm-standard' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  await page.waitForFunction(() => document.title === 'Find a Location | Henhouse');
  await go(page, '/menu/m-standard');
  await page.waitForFunction(() => document.title === 'Menu · Henhouse Louisville | Henhouse');
  assert.equal(await page.locator('#page-heading').textContent(), 'Menu page: Henhouse Louisville');
  await go(page, '/menu/m-standard/product/nuggets-8');
  await page.waitForFunction(() => document.title === '8 Nuggets | Henhouse');
  assert.equal(await page.locator('#page-heading').textContent(), 'Product page: 8 Nuggets');
  await go(page, '/order/checkout');
  await page.waitForFunction(() => document.title === 'Checkout | Henhouse');
  await go(page, '/');
  await page.waitForFunction(() => document.title === 'Henhouse');
  await page.context().close();
});
