// One member on two devices changes one cart (docs/api.md, "Concurrent changes"): the
// website in one browser and the app, which calls the API with its bearer token and no
// cookies. What one adds the other shows after a reload, and a change made on a cart the
// other device has changed since is refused 412 cart_changed with the cart as it is now:
// the app gets that cart in the body, the website shows it and tells the member.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, chooseLocation, signUp } from './harness.mjs';

const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_START: noonInOhio });
const NOTICE = 'Your cart changed in another tab or device. Check it before you continue.';

test("a member's cart is the same on the website and in the app, and a stale change on either is caught", async () => {
  const web = await newPage(site.browser, [], { viewport: { width: 1280, height: 900 } });
  await signUp(web, site.edge.base, 'two.devices@example.com', '6145550142');
  const token = (await web.context().cookies()).find((c) => c.name === 'hh_token').value;

  /** app is the member's phone: the bearer token, no cookies. */
  const app = async (method, path, body, ifMatch) => {
    const r = await fetch(site.edge.base + '/api' + path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(ifMatch ? { 'If-Match': ifMatch } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, etag: r.headers.get('etag'), body: r.status === 204 ? null : await r.json() };
  };

  // The app starts the cart and adds a biscuit; the website shows it after a reload.
  assert.equal(
    (await app('POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  const added = await app('POST', '/cart/products', { product_id: 'biscuit' });
  assert.equal(added.status, 201);
  const appSees = added.etag;
  await web.goto(site.edge.base + '/menu/m-standard');
  await chooseLocation(web, (await api(web, 'GET', '/locations/oh-columbus-downtown')).body.location);
  await web.reload();
  await web.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await web.waitForTimeout(300);
  const close = web.locator('dialog[open]:not([data-testid="cart-drawer"])').getByRole('button', { name: 'Close' });
  if (await close.count()) await close.first().click();
  await web.locator('.hh-cart-button').click();
  const drawer = web.getByTestId('cart-drawer');
  const moreBiscuit = drawer.getByRole('button', { name: 'One more Buttermilk Biscuit' });
  await moreBiscuit.waitFor({ timeout: 15000 });

  // The website adds a second biscuit: the app reads it, and its own change on the version
  // it last saw is refused with the cart as it is now.
  await moreBiscuit.click();
  let now = await app('GET', '/cart');
  for (let i = 0; i < 60 && now.body.cart.products[0]?.quantity !== 2; i++) {
    await web.waitForTimeout(250);
    now = await app('GET', '/cart');
  }
  assert.deepEqual(
    now.body.cart.products.map((l) => [l.product_id, l.quantity]),
    [['biscuit', 2]],
  );
  const stale = await app('PUT', '/cart/tip', { percent: 18 }, appSees);
  assert.equal(stale.status, 412);
  assert.equal(stale.body.error.code, 'cart_changed');
  assert.equal(stale.body.cart.version, now.body.cart.version);
  assert.equal(stale.etag, now.etag);
  assert.deepEqual(stale.body.cart.tip ?? null, now.body.cart.tip ?? null, 'a refused tip changed nothing');

  // The app removes the biscuit on the version it now has; the website's "one more" is
  // made on a cart that no longer holds the line: it shows the cart and tells the member.
  const line = now.body.cart.products[0];
  assert.equal((await app('DELETE', '/cart/products/' + line.id, undefined, now.etag)).status, 200);
  await moreBiscuit.click();
  await web.locator('[data-live="polite"]').filter({ hasText: NOTICE }).waitFor({ state: 'attached', timeout: 15000 });
  await moreBiscuit.waitFor({ state: 'detached', timeout: 15000 });
  now = await app('GET', '/cart');
  assert.deepEqual(now.body.cart.products, []);
  await web.context().close();
});
