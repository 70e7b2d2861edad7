// The cart drawer and the checkout as a guest sees them in Chromium (docs/checkout.md):
// the drawer's header on one line, Checkout with the total in view, 44 px targets and
// only kit controls; Clear Items and Undo bringing the same cart back from the edge; no
// "Your cart is empty" while a cart loads on a slow network; the checkout's footer small
// on a phone; the whole card number visible at 320 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, chooseLocation } from './harness.mjs';

const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_START: noonInOhio });
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** withCart: a cart of two 3 Tenders and a biscuit at Columbus Downtown, the location chosen. */
async function withCart(page) {
  await page.goto(site.edge.base + '/locations');
  assert.equal(
    (await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  for (const line of [
    { product_id: 'tenders-3', quantity: 2, modifiers: [{ id: 'flv-spicy' }] },
    { product_id: 'biscuit', quantity: 1 },
  ]) {
    const r = await api(page, 'POST', '/cart/products', line);
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  await chooseLocation(page, (await api(page, 'GET', '/locations/oh-columbus-downtown')).body.location);
}

/** closePopups closes a welcome or site popup that covers the page, if one shows. */
async function closePopups(page) {
  const close = page.locator('dialog[open]:not([data-testid="cart-drawer"])').getByRole('button', { name: 'Close' });
  if (await close.count()) await close.first().click();
}

async function openDrawer(page) {
  await page.goto(site.edge.base + '/menu/m-standard');
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.waitForTimeout(300);
  await closePopups(page);
  await page.locator('.hh-cart-button').click();
  const drawer = page.getByTestId('cart-drawer');
  await drawer.getByRole('heading', { name: 'Order Time' }).waitFor({ timeout: 15000 });
  await drawer.getByRole('radio', { name: 'ASAP' }).waitFor({ timeout: 15000 });
  return drawer;
}

/** nativeOutsideKit: the radios, checkboxes and selects not inside a kit control. */
const nativeOutsideKit = (page, root) =>
  page.evaluate(
    (sel) =>
      [...document.querySelector(sel).querySelectorAll('input[type=radio], input[type=checkbox], select')]
        .filter((el) => !el.closest('[data-hh-control]'))
        .map((el) => el.outerHTML.slice(0, 120)),
    root,
  );

for (const [size, viewport] of [
  ['390 px', phone],
  ['1280 px', desktop],
]) {
  test(`drawer at ${size}: "Your Cart" on one line, Checkout with the total in view, 44 px targets, kit controls only`, async () => {
    const page = await newPage(site.browser, [], { viewport });
    await withCart(page);
    const drawer = await openDrawer(page);

    const title = drawer.getByRole('heading', { name: 'Your Cart' });
    const lines = await title.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
    });
    assert.equal(lines, 1, '"Your Cart" wraps');

    const checkout = drawer.getByRole('button', { name: /^Checkout · \$\d+\.\d\d$/ });
    assert.ok(await checkout.isVisible(), 'Checkout with its total');
    // Sticky: in view at the bottom of the drawer without scrolling to it.
    const box = await checkout.boundingBox();
    assert.ok(box.y + box.height <= viewport.height + 1 && box.y > viewport.height / 2, `Checkout at ${box.y}`);

    for (const [role, name] of [
      ['link', 'Edit 3 Tenders'],
      ['button', 'One more 3 Tenders'],
      ['button', 'One fewer 3 Tenders'],
      ['button', 'Remove Buttermilk Biscuit'],
    ]) {
      const b = await drawer.getByRole(role, { name, exact: true }).first().boundingBox();
      assert.ok(b.width >= 44 && b.height >= 44, `${name}: ${b.width} × ${b.height}`);
    }
    const clear = await drawer.getByRole('button', { name: /Clear (All )?Items/ }).boundingBox();
    assert.ok(clear.height >= 44, `Clear Items: ${clear.height}`);

    // Order Time: the kit's choices; every choice of the drawer is a kit control.
    // As a guest does: on the choice's visible face.
    await drawer
      .locator('.hh-ctl-segmented__option')
      .filter({ has: page.locator('.hh-ctl-segmented__label', { hasText: /^Select date and time$/ }) })
      .click();
    assert.ok(await drawer.getByRole('radio', { name: 'Select date and time' }).isChecked());
    await drawer.getByRole('group', { name: 'Select Date' }).waitFor();
    const asap = await drawer.locator('.hh-ctl-segmented__option').first().boundingBox();
    assert.ok(asap.height >= 44, `ASAP: ${asap.height}`);
    assert.deepEqual(await nativeOutsideKit(page, '[data-testid="cart-drawer"]'), []);
    await page.context().close();
  });
}

test('Clear Items empties the cart and closes the drawer; Undo brings the same cart back', async () => {
  const page = await newPage(site.browser, [], { viewport: phone });
  await withCart(page);
  const before = (await api(page, 'GET', '/cart')).body.cart;
  const drawer = await openDrawer(page);
  await drawer.getByRole('button', { name: /Clear (All )?Items/ }).click();
  await drawer.waitFor({ state: 'detached' });
  assert.equal((await api(page, 'GET', '/cart')).body.cart, null, 'the cart is abandoned');
  const toast = page.locator('.hh-toast');
  await toast.getByText('Cart cleared').waitFor();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await toast.getByText('Cart restored').waitFor();

  const after = (await api(page, 'GET', '/cart')).body.cart;
  assert.equal(after.id, before.id);
  assert.equal(after.item_count, before.item_count);
  assert.equal(after.totals.total_cents, before.totals.total_cents);
  assert.deepEqual(
    after.products.map((l) => [l.product_id, l.quantity, l.modifiers.map((m) => m.id)]),
    before.products.map((l) => [l.product_id, l.quantity, l.modifiers.map((m) => m.id)]),
  );
  // The drawer shows it again: its lines and total.
  await page.locator('.hh-cart-button').click();
  const again = page.getByTestId('cart-drawer');
  await again.getByRole('button', { name: 'One more 3 Tenders' }).waitFor({ timeout: 15000 });
  await again.getByRole('button', { name: `Checkout · $${(before.totals.total_cents / 100).toFixed(2)}` }).waitFor();
  await page.context().close();
});

test('on a slow network, /order/checkout, /order and the drawer never say "Your cart is empty" while the cart loads', async () => {
  const page = await newPage(site.browser, [], { viewport: phone });
  await withCart(page);
  // Every text the page shows, as it shows it.
  await page.addInitScript(() => {
    window.__seen = [];
    new MutationObserver(() => {
      const t = document.body?.innerText ?? '';
      if (t.includes('Your cart is empty')) window.__seen.push(location.pathname);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Slow 3G, as Chrome's DevTools has it.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (500 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
  });
  await page.route('**/api/cart', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });

  await page.goto(site.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 60000 });
  assert.deepEqual(await page.evaluate(() => window.__seen), [], 'checkout');

  await page.goto(site.edge.base + '/order');
  await page.getByRole('button', { name: 'One more 3 Tenders' }).waitFor({ timeout: 60000 });
  assert.deepEqual(await page.evaluate(() => window.__seen), [], 'order page');

  await page.reload();
  await page.locator('.hh-cart-button').click();
  await page
    .getByTestId('cart-drawer')
    .getByRole('button', { name: /^Checkout · \$/ })
    .waitFor({ timeout: 60000 });
  assert.deepEqual(await page.evaluate(() => window.__seen), [], 'cart drawer');

  await page.context().close();
});

test('checkout at 390 × 844: the header, kit controls only, a footer of at most a fifth of the screen', async () => {
  const page = await newPage(site.browser, [], { viewport: phone });
  await withCart(page);
  await page.goto(site.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await closePopups(page);
  assert.equal(await page.locator('.hh-co-top__title').innerText(), 'Checkout');
  assert.equal(await page.locator('.hh-co-top__brand').getAttribute('href'), '/');
  const footer = await page.locator('.hh-checkout__submit').boundingBox();
  assert.ok(footer.height <= 0.2 * 844, `the footer is ${footer.height} px`);
  assert.deepEqual(await nativeOutsideKit(page, '#main'), []);

  // With something typed, leaving asks first.
  await page.getByLabel('First name').fill('Grace');
  await page.locator('.hh-co-top__brand').click();
  const leave = page.getByRole('dialog', { name: 'Leave checkout?' });
  await leave.waitFor();
  await leave.getByRole('button', { name: 'Stay' }).click();
  assert.equal(new URL(page.url()).pathname, '/order/checkout');
  await page.context().close();
});

test('the card number field shows all of "4111 1111 1111 1111" beside the brand at 320 px', async () => {
  const page = await newPage(site.browser, [], { viewport: { width: 320, height: 700 } });
  await withCart(page);
  await page.goto(site.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await closePopups(page);
  // The frame loads as the guest nears it.
  await page.locator('iframe[title="Card details"]').scrollIntoViewIfNeeded();
  const frame = page.frameLocator('iframe[title="Card details"]');
  const number = frame.getByLabel('Card number');
  await number.fill('4111 1111 1111 1111');
  await frame.locator('#brand', { hasText: 'Visa' }).waitFor();
  const fit = await number.evaluate((el) => ({ value: el.value, scroll: el.scrollWidth, client: el.clientWidth }));
  assert.equal(fit.value, '4111 1111 1111 1111');
  assert.ok(fit.scroll <= fit.client, `the number needs ${fit.scroll} px of ${fit.client}`);
  await page.context().close();
});
