// The first-load budget (docs/shell.md, "First-load budget"): on each route of
// bench/bundle-budget.json, the JavaScript a first visit downloads up to the first
// render stays within the route's KB gzip. Measured as bench/bundle-size.mjs measures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, watchIntl } from './harness.mjs';
import { budget, kb, measureRoute } from '../../bench/firstload.mjs';

const site = useSite(before, after);

for (const [path, limit] of Object.entries(budget)) {
  test(`${path}: first render within ${limit} KB gzip of JavaScript`, async () => {
    const r = await measureRoute(site.browser, site.edge.base, path);
    assert.ok(r.first.count > 0, 'the route loaded JavaScript');
    const files = r.files
      .filter((f) => !f.afterFirstRender)
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((f) => `${f.path} ${kb(f.gzip).toFixed(1)}`)
      .join(', ');
    assert.ok(
      kb(r.first.gzip) <= limit,
      `${path}: ${kb(r.first.gzip).toFixed(1)} KB gzip in ${r.first.count} files > ${limit} KB (largest: ${files})`,
    );
  });
}

// No Intl object on a first visit (watchIntl in ./harness.mjs says why).
test('a first visit to each route of the budget makes no Intl object', async () => {
  const made = [];
  for (const path of Object.keys(budget)) {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(watchIntl);
    await page.goto(site.edge.base + path, { waitUntil: 'networkidle' });
    await page.locator('[data-screen]:not([data-screen-loading])').first().waitFor();
    await page.waitForTimeout(500);
    for (const m of await page.evaluate(() => window.__intlMade)) made.push(`${path}: ${m}`);
    await context.close();
  }
  assert.deepEqual(made, []);
});

// Every script of the shell and of the remotes carries V8's compile hint on its first
// line, so a first visit compiles it off the main thread (CompileHintsPlugin in
// kit/build/webpack.cjs): the shell's entry and the chunks it preloads, a remote's entry
// and its screen's chunks, and what loads after the first render (the map on
// /locations).
test("the site's scripts start with V8's compile hint", async () => {
  const html = await (await fetch(site.edge.base + '/contact')).text();
  const preloaded = [...html.matchAll(/\/assets\/(main|vendor|kit|shell)\.[0-9a-f]{8}\.js/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(preloaded)].sort(), ['kit', 'main', 'shell', 'vendor']);

  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/(assets|modules)\/.*\.js$/.test(pathname)) scripts.add(pathname);
  });
  await page.goto(site.edge.base + '/locations', { waitUntil: 'networkidle' });
  await page.getByRole('region', { name: /^Map of locations/ }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const all = [...scripts];
  for (const want of [/^\/assets\/main\./, /^\/modules\/mf-locations\/[^/]+\/remoteEntry\.js$/, /leaflet-map/]) {
    assert.ok(
      all.some((s) => want.test(s)),
      `${want} among ${all.join(', ')}`,
    );
  }
  for (const src of all) {
    const body = await (await fetch(site.edge.base + src, { headers: { 'accept-encoding': 'br' } })).text();
    assert.ok(
      body.startsWith('//# allFunctionsCalledOnLoad\n'),
      `${src} starts with ${JSON.stringify(body.slice(0, 40))}`,
    );
  }
});
