// The installable web app: manifest and icons, the service worker at /sw.js (scope /),
// the offline page, and how a new deploy's worker takes over. The edge runs on a copy
// of build/ so a test can publish a changed sw.js the way a deploy would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite, injectAxe } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildDir = mkdtempSync(path.join(tmpdir(), 'henhouse-pwa-'));
before(() => cpSync(path.join(root, 'build'), buildDir, { recursive: true }));
after(() => rmSync(buildDir, { recursive: true, force: true }));

const site = useSite(before, after, { BUILD_DIR: buildDir });

/** Publishes a changed worker, as a new deploy of the shell would. */
const deployWorker = (n) => appendFileSync(path.join(buildDir, 'shell', 'sw.js'), `\n// deploy ${n}\n`);

// One browser context (one profile, one worker registration) for the worker tests.
let context;
let page;
const errors = [];
after(() => context?.close());

function pngSize(buf) {
  assert.equal(buf.subarray(1, 4).toString('latin1'), 'PNG');
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

const cacheContents = () =>
  page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });

test('the web app manifest is linked, valid, and its icons load', async () => {
  const res = await fetch(site.edge.base + '/manifest.webmanifest');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^application\/manifest\+json/);
  const m = await res.json();
  assert.equal(m.name, 'Henhouse');
  assert.ok(m.short_name);
  assert.equal(m.start_url, '/');
  assert.equal(m.scope, '/');
  assert.equal(m.display, 'standalone');
  assert.equal(m.theme_color, '#000000');
  assert.match(m.background_color, /^#[0-9a-f]{6}$/i);

  const found = new Set();
  for (const icon of m.icons) {
    const r = await fetch(new URL(icon.src, site.edge.base));
    assert.equal(r.status, 200, icon.src);
    assert.equal(r.headers.get('content-type').split(';')[0], icon.type, icon.src);
    const body = Buffer.from(await r.arrayBuffer());
    if (icon.type === 'image/png') assert.equal(pngSize(body), icon.sizes, icon.src);
    else assert.match(body.toString('utf8'), /<svg/);
    found.add(`${icon.type} ${icon.sizes} ${icon.purpose ?? 'any'}`);
  }
  for (const want of [
    'image/png 192x192 any',
    'image/png 512x512 any',
    'image/png 512x512 maskable',
    'image/svg+xml any any',
  ]) {
    assert.ok(found.has(want), `manifest lists ${want}`);
  }

  const html = await (await fetch(site.edge.base + '/')).text();
  assert.match(html, /<link rel="manifest" href="\/manifest\.webmanifest">/);
  assert.match(html, /<meta name="theme-color" content="#000">/);
  const touch = html.match(/<link rel="apple-touch-icon" href="([^"]+)">/);
  assert.ok(touch, 'document links an apple-touch-icon');
  const t = await fetch(site.edge.base + touch[1]);
  assert.equal(pngSize(Buffer.from(await t.arrayBuffer())), '180x180');
});

test('sw.js and offline.html are served for revalidation', async () => {
  const sw = await fetch(site.edge.base + '/sw.js');
  assert.equal(sw.status, 200);
  assert.equal(sw.headers.get('cache-control'), 'no-cache');
  assert.equal(sw.headers.get('service-worker-allowed'), '/');
  assert.match(sw.headers.get('content-type'), /^application\/javascript/);
  const src = await sw.text();
  assert.match(src, /\/offline\.html/, 'the offline page is in the precache list');
  assert.doesNotMatch(src, /self\.__WB_MANIFEST/, 'the precache list was injected');

  const off = await fetch(site.edge.base + '/offline.html');
  assert.equal(off.status, 200);
  assert.equal(off.headers.get('cache-control'), 'no-cache');
  assert.match(await off.text(), /You're offline/);
});

test('the offline page has no accessibility violations', async () => {
  const ctx = await site.browser.newContext();
  try {
    const p = await ctx.newPage();
    await p.goto(site.edge.base + '/offline.html');
    await injectAxe(p);
    const violations = await p.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    });
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    assert.equal(await p.getByRole('heading', { level: 1 }).textContent(), "You're offline");
    assert.equal(await p.getByRole('button', { name: 'Try again' }).count(), 1);
  } finally {
    await ctx.close();
  }
});

test('the worker registers with scope / and controls the page after a reload', async () => {
  context = await site.browser.newContext();
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.edge.base + '/');
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor({ timeout: 15000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, site.edge.base + '/');

  await page.reload();
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor({ timeout: 15000 });
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  assert.equal(controller, site.edge.base + '/sw.js');
  assert.ok(context.serviceWorkers().some((w) => w.url() === site.edge.base + '/sw.js'));

  // An update check against an unchanged worker succeeds and changes nothing.
  const update = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    try {
      await reg.update();
      return { ok: true, installing: reg.installing != null, waiting: reg.waiting != null };
    } catch (e) {
      return { ok: false, error: String(e) };
    }
  });
  assert.deepEqual(update, { ok: true, installing: false, waiting: false });
  assert.deepEqual(errors, []);
});

test('hashed assets and remote files are cached; pages, /api and mf-manifest.json never', async () => {
  await page.goto(site.edge.base + '/locations');
  await page.locator('[data-screen="mf-locations/Search"]').waitFor({ timeout: 15000 });
  const cached = await cacheContents();
  const all = Object.values(cached).flat();
  const precache = Object.keys(cached).find((n) => n.includes('precache'));
  assert.ok(precache, `a precache exists: ${Object.keys(cached)}`);
  assert.ok(cached[precache].includes('/offline.html'), 'offline page precached');
  assert.ok(
    cached['henhouse-assets']?.some((p) => /^\/assets\/.+\.[0-9a-f]{8}\.js$/.test(p)),
    'hashed shell chunks cached',
  );
  assert.ok(
    cached['henhouse-modules']?.some((p) => /^\/modules\/mf-locations\/[^/]+\/remoteEntry\.js$/.test(p)),
    'remote entry cached',
  );
  assert.deepEqual(
    all.filter((p) => p.startsWith('/api')),
    [],
    '/api is never cached',
  );
  assert.deepEqual(
    all.filter((p) => p.endsWith('mf-manifest.json')),
    [],
    'mf-manifest.json is never cached',
  );
  assert.ok(
    cached['henhouse-assets']?.some((p) => /^\/assets\/main\.[0-9a-f]{8}\.js$/.test(p)),
    'the content-hashed entry is cached',
  );
  assert.deepEqual(
    all.filter((p) => ['/', '/locations'].includes(p)),
    [],
    'pages are never cached',
  );
  assert.deepEqual(cached['henhouse-pages'] ?? [], []);
});

test('API requests go straight to the network, without waking the worker', async () => {
  // The page is controlled here. The worker installs a static route for /api/*, so the
  // browser does not hand those requests (a beacon sent as the page is left among them)
  // to the worker at all; the worker's own files still go through it.
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller != null));
  const sources = await page.evaluate(async () => {
    // A request of its own (the page fetches the popups too).
    await (await fetch('/api/content/popups?worker-check')).json();
    // The entry of a finished fetch is listed once its body is read.
    await new Promise((r) => setTimeout(r, 100));
    const entries = performance.getEntriesByType('resource');
    const of = (re) =>
      entries.filter((e) => re.test(new URL(e.name).pathname)).map((e) => e.workerMatchedSourceType ?? null);
    const api = entries.filter((e) => e.name.endsWith('/api/content/popups?worker-check'));
    return { api: api.map((e) => e.workerMatchedSourceType ?? null), assets: of(/^\/assets\//) };
  });
  assert.deepEqual(sources.api, ['network'], "the API request matched the worker's network route");
  assert.ok(
    sources.assets.length > 0 && sources.assets.every((s) => s !== 'network'),
    'assets still go through the worker',
  );
});

test('offline, a navigation shows the offline page; back online the site returns', async () => {
  await context.setOffline(true);
  try {
    const res = await page.goto(site.edge.base + '/locations?from=offline-test');
    assert.equal(res.status(), 200);
    await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
    assert.match(await page.locator('main').textContent(), /your cart is saved/i);
    assert.match(await page.locator('main').textContent(), /check your internet connection/i);
    const retry = page.getByRole('button', { name: 'Try again' });
    const reloaded = page.waitForEvent('load');
    await retry.click();
    await reloaded;
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    assert.equal(new URL(page.url()).search, '?from=offline-test', 'Try again reloads the same address');

    // Back online the offline page retries by itself. (What that retry shows is not
    // checked: the browser may tell the page it is online a moment before the
    // emulation reaches the worker.)
    const back = page.waitForEvent('load');
    await context.setOffline(false);
    await back;
  } finally {
    await context.setOffline(false);
  }
  await page.goto(site.edge.base + '/locations');
  await page.locator('[data-screen="mf-locations/Search"]').waitFor({ timeout: 15000 });
  await page.goto(site.edge.base + '/menu/m-standard/category/chicken');
  await page.locator('[data-screen="mf-menu/Category"]').waitFor({ timeout: 15000 });
  assert.equal(await page.getByRole('heading', { name: "You're offline" }).count(), 0);
  assert.deepEqual(errors, []);
});

test("a new deploy's worker takes over and an idle page reloads once", async () => {
  await page.goto(site.edge.base + '/');
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor({ timeout: 15000 });
  await page.evaluate(() => (window.__marker = 'old page'));

  deployWorker(2);
  const started = context.waitForEvent('serviceworker');
  const reloaded = page.waitForEvent('load');
  await page
    .evaluate(() => navigator.serviceWorker.getRegistration('/').then((r) => r.update()))
    .catch((e) => {
      if (!/context was destroyed|navigat/i.test(e.message)) throw e;
    });
  await started;
  await reloaded;
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor({ timeout: 15000 });
  assert.equal(await page.evaluate(() => window.__marker), undefined, 'the page reloaded');
  assert.ok(await page.evaluate(() => sessionStorage.getItem('henhouse:sw-reload-at')), 'reloaded by the update rule');
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), site.edge.base + '/sw.js');
  const reg = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration('/');
    return { active: r.active?.state, waiting: r.waiting != null };
  });
  assert.deepEqual(reg, { active: 'activated', waiting: false }, 'the new worker did not wait');
  assert.deepEqual(errors, []);
});

test('a page the guest is using is not reloaded by a new worker', async () => {
  await page.close();
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.edge.base + '/locations');
  await page.locator('[data-screen="mf-locations/Search"]').waitFor({ timeout: 15000 });
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller != null));
  await page.evaluate(() => {
    window.__marker = 'kept';
    window.__controllerChanged = new Promise((r) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => r(true), { once: true }),
    );
  });
  // The guest keeps doing something until the new worker has taken over: on a busy
  // machine that can take longer than the idle time after which a reload is allowed.
  await page.keyboard.press('Tab');
  let active = true;
  const busy = (async () => {
    while (active) {
      await new Promise((r) => setTimeout(r, 2000));
      if (active) await page.keyboard.press('Shift').catch(() => {});
    }
  })();

  deployWorker(3);
  await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((r) => r.update()));
  try {
    assert.equal(await page.evaluate(() => window.__controllerChanged), true, 'the new worker took control');
  } finally {
    active = false;
    await busy;
  }
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => window.__marker), 'kept', 'no reload while the guest is active');
  assert.deepEqual(errors, []);
});
