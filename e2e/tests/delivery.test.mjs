// Module delivery in Chromium (docs/shell.md, "Delivering modules" and "Beacons"): a page
// whose remote version is gone (its entry answers 404) loads the one the edge names now; an entry whose bytes
// differ from its published integrity is refused; the page sends its beacon.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { useSite, newPage } from './harness.mjs';

const site = useSite(before, after);
const HOME_SCREEN = '[data-screen="mf-content/ContentPage"]';
const OLD = '/modules/mf-content/1.0.0/';
const NEW = '/modules/mf-content/1.0.1/';
// The service worker fetches module files itself, past the page's routes below.
const noWorker = { serviceWorkers: 'block' };

/** release makes the page see a release of mf-content 1.0.1 that removed 1.0.0: the old
 *  entry is gone, GET /api/modules names 1.0.1 (with integrity, when given), and
 *  1.0.1's files are 1.0.0's. Returns how often /api/modules was asked. */
async function release(page, integrity) {
  const asked = { modules: 0 };
  await page.route(`**${OLD}remoteEntry.js`, (route) => route.fulfill({ status: 404, body: 'module file not found' }));
  await page.route('**/api/modules', async (route) => {
    asked.modules++;
    const res = await route.fetch();
    const body = await res.json();
    const m = body.modules['mf-content'];
    body.modules['mf-content'] = {
      ...m,
      version: '1.0.1',
      manifest: m.manifest.replace(OLD, NEW),
      entry: m.entry.replace(OLD, NEW),
      ...(integrity ? { integrity } : {}),
    };
    await route.fulfill({ response: res, json: body });
  });
  await page.route(`**${NEW}**`, async (route) => {
    const res = await route.fetch({ url: route.request().url().replace(NEW, OLD) });
    await route.fulfill({ response: res });
  });
  return asked;
}

/** watchEntries records each remote entry script the page adds, with its attributes. */
async function watchEntries(page) {
  await page.addInitScript(() => {
    window.__entries = [];
    new MutationObserver((changes) => {
      for (const c of changes) {
        for (const n of c.addedNodes) {
          if (n.tagName === 'SCRIPT' && n.src.endsWith('/remoteEntry.js')) {
            const attr = (name) => n.getAttribute(name);
            window.__entries.push({ src: n.src, integrity: attr('integrity'), crossorigin: attr('crossorigin') });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function entryIntegrity() {
  const manifest = await (await fetch(site.edge.base + OLD + 'mf-manifest.json')).json();
  const entry = await (await fetch(site.edge.base + OLD + manifest.metaData.remoteEntry.name)).arrayBuffer();
  return 'sha384-' + createHash('sha384').update(Buffer.from(entry)).digest('base64');
}

test('a page whose remote version was removed loads the version the edge names now, with its integrity checked', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, noWorker);
  await watchEntries(page);
  const asked = await release(page, await entryIntegrity());
  await page.goto(site.edge.base + '/');
  await page.locator(HOME_SCREEN).waitFor({ timeout: 15000 });
  assert.equal(asked.modules, 1);
  // The runtime removes an entry's script once it has run: what it was created with was
  // recorded as it was added (watchEntries).
  const entries = await page.evaluate(() => window.__entries);
  assert.deepEqual(
    entries.filter((e) => e.src.includes(NEW)),
    [{ src: site.edge.base + NEW + 'remoteEntry.js', integrity: await entryIntegrity(), crossorigin: 'anonymous' }],
  );
  assert.equal(await page.getByText("This part of the page didn't load").count(), 0);
  assert.deepEqual(errors, []);
});

test('a remote entry whose bytes differ from its published integrity is refused: the area shows its fallback', async () => {
  const page = await newPage(site.browser, [], noWorker);
  await release(page, 'sha384-' + Buffer.alloc(48, 7).toString('base64'));
  await page.goto(site.edge.base + '/');
  await page.getByRole('heading', { name: "This part of the page didn't load" }).waitFor({ timeout: 15000 });
  assert.equal(await page.locator(HOME_SCREEN).count(), 0);
});

test('the page sends a beacon of its view and vitals, with no URL or id in it', async () => {
  const page = await newPage(site.browser, [], noWorker);
  const beacons = [];
  // The edge's endpoint answers 204; here the browser's request is caught as it leaves.
  await page.route('**/api/beacons', async (route) => {
    beacons.push({ type: route.request().headers()['content-type'], body: route.request().postData() });
    await route.fulfill({ status: 204 });
  });
  await page.goto(site.edge.base + '/');
  await page.locator(HOME_SCREEN).waitFor({ timeout: 15000 });
  // The beacon module loads once the browser is idle; the page being left sends what waits.
  for (let i = 0; i < 50 && !beacons.length; i++) {
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    await page.waitForTimeout(200);
  }
  assert.ok(beacons.length, 'no beacon was sent');
  const { type, body } = beacons[0];
  assert.match(type, /^application\/json/);
  const beacon = JSON.parse(body);
  assert.equal(beacon.route, 'home');
  assert.equal(beacon.modules['mf-content'], '1.0.0');
  assert.deepEqual(beacon.events[0], { kind: 'view' });
  for (const e of beacon.events) assert.match(e.kind, /^(view|vital|error)$/);
  assert.doesNotMatch(body, /https?:|\/modules|hh_sid|127\.0\.0\.1/);
});
