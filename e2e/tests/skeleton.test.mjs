// The walking skeleton: every module's screen arrives through Module Federation at the
// version the edge chose, in the layout the edge chose.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, slowPhone } from './harness.mjs';

const site = useSite(before, after);

const screens = [
  ['/', 'mf-content/ContentPage', 'mf-content'],
  ['/locations', 'mf-locations/Search', 'mf-locations'],
  ['/menu/m-standard/category/chicken', 'mf-menu/Category', 'mf-menu'],
  ['/order/checkout', 'mf-checkout/Checkout', 'mf-checkout'],
  ['/account/signin', 'mf-account/SignIn', 'mf-account'],
];

for (const [path, screen, module] of screens) {
  test(`${path} shows ${screen} from ${module}`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors);
    const res = await page.goto(site.edge.base + path);
    assert.equal(res.status(), 200);
    await page.locator(`[data-screen="${screen}"]`).waitFor({ timeout: 15000 });
    const boot = JSON.parse(await page.locator('#bootstrap').textContent());
    assert.equal(boot.route.module, module);
    assert.match(
      boot.modules[module].manifest,
      new RegExp(`^/modules/${module}/\\d+\\.\\d+\\.\\d+/mf-manifest\\.json$`),
    );
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.ok(
      loaded.some((u) => u.includes(`/modules/${module}/${boot.modules[module].version}/`)),
      'the remote was loaded from the version the edge picked',
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('an unknown path answers 404 with the not-found page', async () => {
  const page = await newPage(site.browser);
  const res = await page.goto(site.edge.base + '/no-such-page-here');
  assert.equal(res.status(), 404);
  await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
  const back = page.getByRole('link', { name: 'Back to the home page' });
  assert.equal(await back.getAttribute('href'), '/');
  await page.context().close();
});

test('/app/checkout renders without header and footer', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/app/checkout');
  await page.locator('[data-screen="mf-checkout/Checkout"]').waitFor();
  assert.equal(await page.locator('[data-layout="app"]').count(), 1);
  assert.equal(await page.locator('header').count(), 0);
  assert.equal(await page.locator('footer').count(), 0);
  await page.context().close();
});

test('a remote that cannot load shows a fallback for its area while the header works', async () => {
  // No service worker: the page's chunk error reloads it once, and a worker controlling
  // the reloaded page would fetch the remote's files itself, past the page's routes.
  const page = await newPage(site.browser, [], { serviceWorkers: 'block' });
  await page.route('**/modules/mf-account/**', (route) => route.abort());
  await page.goto(site.edge.base + '/account/signin');
  await page.getByRole('heading', { name: "This part of the page didn't load" }).waitFor({ timeout: 15000 });
  // One area fell back, not the page (the site's live regions are alerts too, unnamed).
  assert.equal(await page.getByRole('alert', { name: "This part of the page didn't load" }).count(), 1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  await page.locator('[data-screen="mf-locations/Search"]').waitFor();
  assert.equal(new URL(page.url()).pathname, '/locations');
  await page.context().close();
});

test('client-side navigation changes screens without a reload', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/');
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor();
  await page.evaluate(() => (window.__marker = 'kept'));
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'All Locations' }).click();
  await page.locator('[data-screen="mf-locations/All"]').waitFor();
  assert.equal(await page.evaluate(() => window.__marker), 'kept');
  assert.equal(await page.locator('h1').textContent(), 'Page locations all');
  await page.goBack();
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor();
  await page.context().close();
});

test('the page runs one copy of React', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/');
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor();
  // Open a second remote so two remotes share the page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  await page.locator('[data-screen="mf-locations/Search"]').waitFor();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.endsWith('.js')),
  );
  let reactCopies = 0;
  for (const url of scripts) {
    const body = await (await fetch(url)).text();
    // React's own module defines useState on its exports exactly once.
    reactCopies += (body.match(/\.useState=function/g) ?? []).length;
  }
  assert.equal(reactCopies, 1, `React is loaded ${reactCopies} times`);
  await page.context().close();
});

test('/checkout/order redirects to /order/checkout', async () => {
  const res = await fetch(site.edge.base + '/checkout/order', { redirect: 'manual' });
  assert.equal(res.status, 302);
  assert.equal(new URL(res.headers.get('location'), site.edge.base).pathname, '/order/checkout');
});

test('module files are immutable, manifests are revalidated', async () => {
  const boot = await (await fetch(site.edge.base + '/')).text();
  const json = JSON.parse(boot.match(/<script id="bootstrap" type="application\/json"[^>]*>(.*?)<\/script>/s)[1]);
  const m = json.modules['mf-menu'];
  const manifest = await fetch(site.edge.base + m.manifest);
  assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  const entry = await fetch(site.edge.base + m.entry);
  assert.equal(entry.status, 200);
  assert.match(entry.headers.get('cache-control'), /immutable/);
});

// Runs in the page before its scripts: what React's first commit, the one that takes the
// prerendered chrome's place in #root, shows in the main area.
function watchFirstCommit() {
  const observer = new MutationObserver((records) => {
    const root = document.getElementById('root');
    if (!root || !records.some((r) => r.target === root && r.removedNodes.length > 0)) return;
    observer.disconnect();
    const main = document.getElementById('main');
    window.__firstCommit = {
      // The shell's loading state for an area whose code has not arrived.
      areaLoading: main?.querySelector('[data-area-loading]') != null,
      // The screen's own first render: its frame, or its own loading state while it
      // reads its data.
      screen: main != null && main.children.length > 0 && main.querySelector('[data-area-loading]') == null,
    };
  });
  observer.observe(document, { childList: true, subtree: true });
}

// The shell renders once the first screen's code is here (docs/shell.md, "The first
// screen renders with the shell"): the page goes from the prerendered chrome straight to
// the screen, with no loading state of the shell's in between, which React would keep
// for at least 300 ms once shown.
for (const [path, screen] of screens) {
  test(`${path}: React's first commit shows ${screen}, not the shell's loading state`, async () => {
    const page = await newPage(site.browser);
    await page.addInitScript(watchFirstCommit);
    // A phone on a mobile network (as bench/paint.mjs measures), where the scripts run
    // slowly enough for the screen's code to be still on its way when the shell first
    // renders unless the shell waits for it.
    await slowPhone(page);
    await page.goto(site.edge.base + path);
    await page.waitForFunction(() => window.__firstCommit);
    assert.deepEqual(await page.evaluate(() => window.__firstCommit), { areaLoading: false, screen: true });
    await page.locator(`[data-screen="${screen}"]`).waitFor();
    await page.context().close();
  });
}
