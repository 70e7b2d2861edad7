// Preloads (docs/shell.md, "First-load budget"): the page's HTML names every script and
// style sheet of the shell and of the route's remote that the first render needs (as a
// script, a style sheet or a preload), so
// the browser fetches them all at once instead of finding some a round trip later,
// once the scripts before them have run; and it names nothing the page then leaves
// unused (the browser warns of those, and they take bandwidth from what is needed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage } from './harness.mjs';
import { budget } from '../../bench/firstload.mjs';

const site = useSite(before, after);

/** Our own scripts and styles: the shell's and the remotes'. */
const ours = (path) => /^\/(assets|modules)\//.test(path) && /\.(js|css)$/.test(path);
/** A part a screen fetches on demand, behind a placeholder of its size: a remote's named
 *  chunk ("catering", "leaflet-map", a "kit-later-…" file) other than its kit files, its
 *  screens and its entry. Requested while the screen renders, it is not waited for; nor
 *  is the shell's service worker registration. */
const onDemand = (path) => {
  const file = path.split('/').pop();
  // The service worker's registration: fetched at start, beside the first render.
  if (/^\/assets\/pwa\.[0-9a-f]{8}\.js$/.test(path)) return true;
  return (
    path.startsWith('/modules/') &&
    /^[a-z]/.test(file) &&
    (file.startsWith('kit-later-') || !/^(kit-|__federation_expose_|remoteEntry)/.test(file))
  );
};

// Runs in the page before its scripts: records when the screen is first on the page.
function watchFirstRender() {
  const observer = new MutationObserver(() => {
    if (
      window.__firstRender == null &&
      document.querySelector('#main [data-screen]') &&
      !document.querySelector('.hh-area-loading')
    ) {
      window.__firstRender = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

for (const path of Object.keys(budget)) {
  test(`${path}: the HTML preloads what the first render loads, and nothing else`, async () => {
    const page = await newPage(site.browser);
    const warnings = [];
    page.on('console', (m) => /preloaded using link preload but not used/.test(m.text()) && warnings.push(m.text()));
    await page.addInitScript(watchFirstRender);
    const res = await page.goto(site.edge.base + path, { waitUntil: 'networkidle' });
    // What the document itself names: its scripts, its style sheets and its preloads.
    const named = [...(await res.text()).matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map(
      ([, url]) => new URL(url, site.edge.base).pathname,
    );
    // As the browser parsed it: every preload in the head (stray text there would end the
    // head early and move what follows into the body), and nothing before the page's root.
    assert.deepEqual(
      await page.evaluate(() => ({
        inBody: document.querySelectorAll('body link').length,
        beforeRoot: [...document.body.childNodes]
          .slice(0, [...document.body.childNodes].indexOf(document.getElementById('root')))
          .filter((n) => n.nodeType !== Node.TEXT_NODE || n.textContent.trim() !== '').length,
      })),
      { inBody: 0, beforeRoot: 0 },
      `${path}: the document's head as parsed`,
    );
    await page.waitForFunction(() => window.__firstRender != null, null, { timeout: 15000 });
    const early = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < window.__firstRender)
        .map((e) => new URL(e.name).pathname),
    );
    const missing = [...new Set(early.filter((p) => ours(p) && !onDemand(p)))].filter((p) => !named.includes(p));
    assert.deepEqual(missing, [], `${path}: loaded before the first render, not named by the document`);
    // Chromium warns of a preload still unused a few seconds after the load event.
    await page.waitForTimeout(4000);
    assert.deepEqual(warnings, [], `${path}: preloaded but not used`);
    await page.context().close();
  });
}

// A guest's chosen location lives in the browser's storage; the shell copies it into a
// cookie so the edge can preload the menu at that location (docs/menu.md, "The menu's
// answer is preloaded"). One request for the menu, the preloaded one, and none wasted.
test('a menu page preloads the menu at the location the guest chose', async () => {
  const page = await newPage(site.browser);
  const warnings = [];
  page.on('console', (m) => /preloaded using link preload but not used/.test(m.text()) && warnings.push(m.text()));
  // The guest chooses Dayton on the locations page, which opens its menu…
  await page.goto(site.edge.base + '/locations');
  const search = page.getByRole('combobox', { name: 'Address, city, state or ZIP code' });
  await search.fill('Dayton, OH');
  await search.press('Enter');
  await page.getByRole('button', { name: 'Order here at Henhouse Dayton' }).click();
  await page.waitForURL(/\/menu\/m-standard$/);
  await page.waitForFunction(() => document.cookie.includes('hh_location=oh-dayton|m-standard'));
  // (This visit's own reads of the menu are done: on a busy machine one could otherwise
  // still be on its way when the next visit is counted.)
  await page.locator('[data-screen="mf-menu/Menu"]:not([data-screen-loading])').waitFor();
  // …and comes back to it later.
  const menuReads = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/menus/') && menuReads.push(r.url()));
  const res = await page.goto(site.edge.base + '/menu/m-standard');
  const want = '/api/menus/m-standard?location_id=oh-dayton';
  assert.ok((await res.text()).includes(`<link rel="preload" href="${want}" as="fetch" crossorigin>`));
  await page.getByText('Ordering from').getByText('Henhouse Dayton').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'Menu page: Henhouse Dayton');
  await page.waitForTimeout(4000);
  assert.deepEqual(
    menuReads.map((u) => u.slice(site.edge.base.length)),
    [want],
  );
  assert.deepEqual(warnings, [], 'preloaded but not used');
  // Choosing no location takes the cookie away with it.
  await page.evaluate(() => window.__henhouse.store.getState().reset(['location']));
  assert.equal(await page.evaluate(() => document.cookie.includes('hh_location=')), false);
  await page.context().close();
});

// The location search's first read, around the map's first centre, comes with the page
// (docs/locations.md, "The first results come first"); a search the address bar asks for
// is the screen's first read instead, and the page preloads nothing it would not use.
test('/locations preloads its first search, unless the address bar asks for another', async () => {
  const page = await newPage(site.browser);
  const warnings = [];
  page.on('console', (m) => /preloaded using link preload but not used/.test(m.text()) && warnings.push(m.text()));
  const reads = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/locations' && reads.push(r.url()));
  const want = '/api/locations?lat=39&lng=-85&limit=10';
  const res = await page.goto(site.edge.base + '/locations');
  assert.ok(
    (await res.text()).includes(`<link rel="preload" href="${want.replaceAll('&', '&amp;')}" as="fetch" crossorigin>`),
  );
  await page.getByRole('heading', { name: /^\d+ locations? near the centre of the map$/ }).waitFor();
  await page.locator('.leaflet-container').waitFor();
  await page.waitForTimeout(4000);
  assert.deepEqual(
    reads.map((u) => u.slice(site.edge.base.length)),
    [want],
  );
  assert.deepEqual(warnings, [], 'preloaded but not used');

  reads.length = 0;
  const searched = await page.goto(site.edge.base + '/locations?formattedAddress=Dayton%2C%20OH');
  // Only the popups' content, preloaded on every page of the full site, is.
  const html = await searched.text();
  assert.ok(
    html.includes('<link rel="preload" href="/api/content/popups" as="fetch" fetchpriority="low" crossorigin>'),
  );
  assert.equal(html.replace('href="/api/content/popups" as="fetch"', '').includes('as="fetch"'), false);
  await page.getByRole('heading', { name: /near Dayton, OH$/ }).waitFor();
  assert.deepEqual(
    reads.map((u) => new URL(u).searchParams.get('q')),
    ['Dayton, OH'],
  );
  await page.context().close();
});

// The subscription plans, which the app's subscription page shows before anything else,
// come with the page, and the screen takes that answer instead of asking again.
test('/app/subscribe preloads its plans and uses them', async () => {
  const page = await newPage(site.browser);
  const warnings = [];
  page.on('console', (m) => /preloaded using link preload but not used/.test(m.text()) && warnings.push(m.text()));
  const reads = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/subscriptions/plans' && reads.push(r.url()));
  const res = await page.goto(site.edge.base + '/app/subscribe');
  assert.ok((await res.text()).includes('<link rel="preload" href="/api/subscriptions/plans" as="fetch" crossorigin>'));
  await page.getByRole('heading', { name: 'Plans' }).waitFor();
  await page.waitForTimeout(4000);
  assert.equal(reads.length, 1, reads.join('\n'));
  assert.deepEqual(warnings, [], 'preloaded but not used');
  await page.context().close();
});
