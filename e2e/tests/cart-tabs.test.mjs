// Two tabs of one guest change the same cart (docs/api.md, "Concurrent changes"): a
// change made on a cart the other tab has changed since is made again on the cart as it
// is now when it means the same there, and the guest is told when it does not (in the
// polite live region, the open drawer's own while it is open).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, chooseLocation } from './harness.mjs';

const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_START: noonInOhio });

test('a stale tab adds to the cart the other tab changed, and is told when its line is gone', async () => {
  const a = await newPage(site.browser, [], { viewport: { width: 1280, height: 900 } });
  await a.goto(site.edge.base + '/locations');
  assert.equal(
    (await api(a, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  assert.equal((await api(a, 'POST', '/cart/products', { product_id: 'biscuit' })).status, 201);
  await chooseLocation(a, (await api(a, 'GET', '/locations/oh-columbus-downtown')).body.location);
  await a.goto(site.edge.base + '/menu/m-standard');
  await a.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await a.waitForTimeout(300);
  const close = a.locator('dialog[open]:not([data-testid="cart-drawer"])').getByRole('button', { name: 'Close' });
  if (await close.count()) await close.first().click();
  await a.locator('.hh-cart-button').click();
  const drawer = a.getByTestId('cart-drawer');
  const moreBiscuit = drawer.getByRole('button', { name: 'One more Buttermilk Biscuit' });
  await moreBiscuit.waitFor({ timeout: 15000 });

  // The second tab adds a sandwich; the first still shows the biscuit alone.
  const b = await a.context().newPage();
  await b.goto(site.edge.base + '/locations');
  assert.equal((await api(b, 'POST', '/cart/products', { product_id: 'sandwich-biscuit' })).status, 201);

  await moreBiscuit.click();
  await drawer.getByRole('button', { name: 'One more Chicken Biscuit' }).waitFor({ timeout: 15000 });
  let cart = (await api(b, 'GET', '/cart')).body.cart;
  assert.deepEqual(
    cart.products.map((l) => [l.product_id, l.quantity]),
    [
      ['biscuit', 2],
      ['sandwich-biscuit', 1],
    ],
  );

  // The second tab removes the biscuit; the first tab's "one more" has no line to change.
  const biscuit = cart.products.find((l) => l.product_id === 'biscuit');
  assert.equal((await api(b, 'DELETE', '/cart/products/' + biscuit.id)).status, 200);
  await moreBiscuit.click();
  await a
    .locator('[data-live="polite"]')
    .filter({ hasText: 'Your cart changed in another tab or device. Check it before you continue.' })
    .waitFor({ state: 'attached', timeout: 15000 });
  await moreBiscuit.waitFor({ state: 'detached', timeout: 15000 });
  cart = (await api(b, 'GET', '/cart')).body.cart;
  assert.deepEqual(
    cart.products.map((l) => l.product_id),
    ['sandwich-biscuit'],
  );
});
