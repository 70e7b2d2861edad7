// The "Order Now" overlay, where it shows and where it goes (docs/shell.md, "Site overlay").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, chooseLocation } from './harness.mjs';

const site = useSite(before, after);

test('"Order Now" shows on content pages and goes to /locations with no cart or location', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/catering');
  const orderNow = page.getByRole('link', { name: 'Order Now', exact: true });
  await orderNow.waitFor();
  assert.equal(await orderNow.getAttribute('href'), '/locations');
  await orderNow.click();
  await page.locator('[data-screen="mf-locations/Search"]').waitFor();
  assert.equal(
    await page.getByRole('link', { name: 'Order Now', exact: true }).count(),
    0,
    'hidden on a locations path',
  );
  await page.context().close();
});

test('"Order Now" is hidden on the sign-in page, with or without a trailing slash', async () => {
  const page = await newPage(site.browser);
  for (const path of ['/account/signin', '/account/signin/']) {
    await page.goto(site.edge.base + path);
    await page.locator('[data-screen="mf-account/SignIn"]').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Order Now', exact: true }).count(), 0, path);
  }
  await page.context().close();
});

test('"Order Now" goes to the selected location\'s menu', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/');
  await chooseLocation(page, { id: 'l1', name: 'Bardstown Road', menu_id: 'm-louisville' });
  await page.reload();
  const orderNow = page.getByRole('link', { name: 'Order Now', exact: true });
  await orderNow.waitFor();
  assert.equal(await orderNow.getAttribute('href'), '/menu/m-louisville');
  await page.context().close();
});
