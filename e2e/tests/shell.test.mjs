// The shell's chrome in a real browser: navigation scroll lock, the cart drawer,
// start-up and the webview start-up (docs/shell.md, "Start-up" and "Webview").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, chooseLocation } from './harness.mjs';

const site = useSite(before, after);

const scrollLocked = (page) => page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');

test('opening the navigation blocks page scrolling; Escape closes it and scrolling returns', async () => {
  const page = await newPage(site.browser);
  await page.setViewportSize({ width: 800, height: 700 });
  await page.goto(site.edge.base + '/catering');
  await page.getByRole('button', { name: 'Open menu' }).click();
  // A tap on the page's own button before the shell has rendered opens the menu once it
  // has (docs/shell.md, "Early taps"), so the lock may come a moment after the click.
  await page.waitForFunction(() => getComputedStyle(document.body).overflow === 'hidden');
  assert.equal(await scrollLocked(page), true);
  await page.keyboard.press('Escape');
  assert.equal(await scrollLocked(page), false);
  await page.context().close();
});

test('the cart drawer shows the cart, locks scrolling, and "Clear All Items" abandons the cart and closes it', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  assert.equal((await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-dayton' })).status, 201);
  assert.equal(
    (
      await api(page, 'POST', '/cart/products', {
        product_id: 'tenders-3',
        quantity: 2,
        modifiers: [{ id: 'flv-spicy' }],
      })
    ).status,
    201,
  );
  await page.reload(); // start-up fetches the cart the edge says exists
  await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.waitFor();
  await drawer.getByText('3 Tenders').waitFor();
  assert.equal(await scrollLocked(page), true);
  await drawer.getByRole('heading', { name: 'Order Handoff' }).waitFor();
  await drawer.getByRole('heading', { name: 'Order Time' }).waitFor();
  await drawer.getByRole('button', { name: 'Clear All Items' }).click();
  await drawer.waitFor({ state: 'detached' });
  assert.equal(await scrollLocked(page), false);
  assert.equal((await api(page, 'GET', '/cart')).body.cart, null);
  await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
  await page.context().close();
});

test('"Back to Menu" in the drawer goes to the menu and closes the cart', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('button', { name: 'Back to Menu' }).first().click();
  await page.waitForURL(/\/(menu|locations)/);
  assert.equal(await page.getByRole('dialog', { name: 'Your Cart' }).count(), 0);
  await page.context().close();
});

test("start-up moves the cart to the chosen location's menu when it allows transfers", async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  await api(page, 'POST', '/cart', { menu_id: 'm-texas', location_id: 'tx-dallas' });
  await api(page, 'POST', '/cart/products', { product_id: 'brisket-sandwich', modifiers: [{ id: 'bun-brioche' }] });
  await api(page, 'POST', '/cart/products', { product_id: 'tenders-3', modifiers: [{ id: 'flv-original' }] });
  const dayton = (await api(page, 'GET', '/locations/oh-dayton')).body.location;
  await chooseLocation(page, dayton);
  const transferred = page.waitForResponse((r) => r.url().endsWith('/api/cart/transfer') && r.status() === 200);
  await page.goto(site.edge.base + '/catering');
  const body = await (await transferred).json();
  assert.equal(body.cart.menu_id, 'm-standard');
  assert.deepEqual(
    body.not_transferred.map((n) => n.name),
    ['Chicken & Brisket Stack'],
  );
  await page.context().close();
});

test('start-up stops on /menu paths: no location reload or transfer', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  await api(page, 'POST', '/cart', { menu_id: 'm-texas', location_id: 'tx-dallas' });
  const calls = [];
  page.on('request', (r) => r.url().includes('/api/') && calls.push(new URL(r.url()).pathname));
  await page.goto(site.edge.base + '/menu/m-texas');
  await page.waitForLoadState('networkidle');
  assert.ok(calls.includes('/api/cart'));
  assert.ok(!calls.some((c) => c.startsWith('/api/locations/by-menu') || c === '/api/cart/transfer'), calls.join(','));
  await page.context().close();
});

test('?store=clear clears the location and abandons the cart', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-dayton' });
  await chooseLocation(page, { id: 'oh-dayton', name: 'Henhouse Dayton', menu_id: 'm-standard' });
  const abandoned = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'DELETE');
  await page.goto(site.edge.base + '/about?store=clear');
  assert.equal((await abandoned).status(), 204);
  assert.equal((await api(page, 'GET', '/cart')).body.cart, null);
  await page.waitForFunction(() => !(localStorage.getItem('henhouse:app') || '').includes('oh-dayton'));
  await page.context().close();
});

test('the webview clears what the browser kept, then loads the app data', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  await chooseLocation(page, { id: 'oh-dayton', name: 'Henhouse Dayton', menu_id: 'm-standard' });
  const appData = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/app-data');
  await page.goto(site.edge.base + '/app/checkout');
  await appData;
  await page.waitForFunction(() => !(localStorage.getItem('henhouse:app') || '').includes('oh-dayton'));
  assert.equal(await page.locator('header.hh-header').count(), 0);
  assert.equal(await page.getByRole('dialog', { name: 'Your Cart' }).count(), 0);
  await page.context().close();
});

// A remote runs on the shell's federation runtimes (docs/shell.md, "First-load budget").
// Built with another Module Federation version, it must not start on the page: its
// area says it did not load, and the console names both versions.
test("a remote built with another Module Federation version than the shell's shows the area's fallback", async () => {
  const page = await newPage(site.browser);
  await page.addInitScript(() => {
    // The shell hands its bundler runtime to the remotes here; stamp it with a version
    // no remote was built with.
    let handed;
    Object.defineProperty(globalThis, '__henhouseBundlerRuntime', {
      configurable: true,
      get: () => handed,
      set: (v) => {
        handed = { ...v, version: '0.0.1' };
      },
    });
  });
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(site.edge.base + '/catering');
  await page.getByRole('heading', { name: "This part of the page didn't load" }).waitFor();
  assert.ok(
    errors.some((e) => /built with Module Federation \d+\.\d+\.\d+ .*the page has 0\.0\.1/.test(e)),
    `no error names the versions: ${errors.join(' | ')}`,
  );
  await page.context().close();
});
