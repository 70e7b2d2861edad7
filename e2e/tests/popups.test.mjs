// Welcome and site popups (docs/shell.md, "Popups"): shown from content, dismissible, remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, injectAxe, seriousViolations, holdScripts, scriptFiles, signUp } from './harness.mjs';

const site = useSite(before, after);

/** newVisit starts a new visit in the page's browser, as closing it would: the session
 *  cookie that marks a visit's popup goes (shell/src/chrome/popupVisit.ts). */
async function newVisit(page) {
  await page.context().clearCookies({ name: 'hh_popup_visit' });
}

const noDialog = async (page, why) => {
  await page.getByRole('banner').waitFor();
  await page.locator('#main [data-screen]').first().waitFor();
  await page.waitForTimeout(800);
  assert.equal(await page.getByRole('dialog').count(), 0, why);
};

// A popup waits for a content page: none covers a task (finding a location, the menu, a
// product, checkout, gift cards, the contact form, the account forms), and a visit has one.
test('a first visit to a menu shows no popup; home then shows one; the next content page none', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  for (const path of ['/menu/m-standard', '/locations', '/gift-cards/buy', '/contact', '/account/signup']) {
    const response = await page.goto(site.edge.base + path);
    assert.doesNotMatch(await response.text(), /id="hh-early-popup"/, path);
    await noDialog(page, path);
  }
  await page.goto(site.edge.base + '/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  await welcome.waitFor();
  await page.waitForFunction(
    () => document.querySelector('dialog:modal') && !document.getElementById('hh-early-popup'),
  );
  await welcome.getByRole('button', { name: 'Close' }).click();
  await welcome.waitFor({ state: 'detached' });
  // Served by the edge, and navigated to in the page: no second popup on this visit.
  const response = await page.goto(site.edge.base + '/about');
  assert.doesNotMatch(await response.text(), /id="hh-early-popup"/);
  await noDialog(page, 'a direct load of another content page');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Franchise' }).click();
  await page.waitForURL(/\/franchising$/);
  await noDialog(page, 'a client-side navigation to another content page');
  await page.context().close();
});

test('a member never sees a popup meant for guests', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  await page.goto(site.edge.base + '/menu/m-standard');
  await page.locator('#main [data-screen]').first().waitFor();
  await signUp(page, site.edge.base, `popups.${Date.now()}@example.com`, '5135550188');
  for (const path of ['/', '/about']) {
    await newVisit(page);
    const response = await page.goto(site.edge.base + path);
    assert.doesNotMatch(await response.text(), /id="hh-early-popup"/, path);
    await noDialog(page, path);
  }
  await page.context().close();
});

test('a first visit is welcomed; the popup keeps focus, closes with Escape and stays closed', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  await page.goto(site.edge.base + '/about');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  await welcome.waitFor();
  // The page's HTML held it (below); once the shell has taken it over, the dialog is
  // modal: focus is inside it.
  await page.waitForFunction(
    () => document.querySelector('dialog:modal') && !document.getElementById('hh-early-popup'),
  );
  assert.ok(await welcome.evaluate((d) => d.contains(document.activeElement)));
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  assert.deepEqual(violations, []);
  await page.keyboard.press('Escape');
  await welcome.waitFor({ state: 'detached' });
  // One popup per visit: the site popup waits for the next one; "Close" dismisses it.
  await page.waitForTimeout(300);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await page.reload();
  await page.getByRole('banner').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByRole('dialog').count(), 0, 'the same visit has had its popup');
  await newVisit(page);
  await page.reload();
  const promo = page.getByRole('dialog', { name: 'Double points on Tuesdays' });
  await promo.waitFor();
  await promo.getByRole('button', { name: 'Close' }).click();
  await promo.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('banner').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await page.context().close();
});

test('the welcome popup button goes where content says and is not shown at checkout', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  await page.goto(site.edge.base + '/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  await welcome.getByRole('button', { name: 'Find a Location' }).click();
  await page.waitForURL(/\/locations$/);
  assert.equal(await page.getByRole('dialog', { name: 'Welcome to Henhouse' }).count(), 0);
  const fresh = await newPage(site.browser, [], { showPopups: true });
  await fresh.goto(site.edge.base + '/checkout/order');
  await fresh.waitForTimeout(800);
  assert.equal(await fresh.getByRole('dialog').count(), 0);
  await page.context().close();
  await fresh.context().close();
});

// The edge writes the popup a visitor will see into the page's HTML, so it paints with the
// page instead of after the scripts; the shell then shows its own in the same place
// (shell/src/chrome/earlyPopup.ts).
const boxes = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('dialog[open]');
    const r = (e) => {
      const b = e.getBoundingClientRect();
      return [b.x, b.y, b.width, b.height].map(Math.round).join(',');
    };
    return d ? [r(d), ...[...d.querySelectorAll('h2, img, p, a, button')].map(r)] : null;
  });

test('the popup comes with the HTML, is usable before the scripts run, and the shell takes it over in place', async () => {
  // The shell's scripts are held until the test lets them go.
  const page = await newPage(site.browser, [], { showPopups: true, viewport: { width: 390, height: 844 } });
  const release = await holdScripts(page);
  const response = await page.goto(site.edge.base + '/', { waitUntil: 'commit' });
  assert.match(
    await response.text(),
    /<dialog class="hh-dialog hh-dialog--early" id="hh-early-popup" data-popup-key="welcome@1"/,
  );
  const welcome = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  await welcome.waitFor();
  await page.locator('#hh-early-popup img').evaluate((img) => img.complete || new Promise((r) => (img.onload = r)));
  assert.deepEqual(await seriousViolations(page), []);
  const before = await boxes(page);
  assert.ok(await welcome.getByRole('link', { name: 'Find a Location' }).isVisible());
  release();
  await page.waitForFunction(
    () => document.querySelector('dialog:modal') && !document.getElementById('hh-early-popup'),
  );
  const modal = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  assert.ok(await modal.evaluate((d) => d.contains(document.activeElement)));
  assert.equal(await page.locator('dialog[open]').count(), 1);
  // The same place and size for every part: nothing moves when the shell's takes over.
  assert.deepEqual(await boxes(page), before);
  await page.context().close();
});

// With the popup in the HTML, the page's scripts and reads start once it has painted
// (edge/internal/page/render.go, afterPopup): its image gets the connection first. The
// page then starts as any other, under the same policy.
test('on a first visit the scripts download after the popup has painted, and the site starts', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { showPopups: true });
  await page.goto(site.edge.base + '/about');
  await page.waitForFunction(
    () => document.querySelector('dialog:modal') && !document.getElementById('hh-early-popup'),
  );
  const t = await page.evaluate(async () => {
    // The image's own paint, as the page's script hears of it (Element Timing, the image's
    // elementtiming): the largest-contentful-paint entries may leave an image out.
    const painted = await new Promise((resolve) =>
      new PerformanceObserver((l) => resolve(l.getEntries())).observe({ type: 'element', buffered: true }),
    );
    const image = painted.find((e) => e.identifier === 'hh-early-popup');
    const later = performance
      .getEntriesByType('resource')
      .filter((e) => /\.js$/.test(e.name) || e.name.includes('/api/'))
      .map((e) => e.startTime);
    return { painted: image?.renderTime || image?.startTime, first: Math.min(...later), count: later.length };
  });
  assert.ok(t.painted > 0, 'the popup image was painted');
  assert.ok(t.count > 3, `${t.count} scripts and reads`);
  assert.ok(t.first >= t.painted, `first script or read at ${t.first} ms, popup painted at ${t.painted} ms`);
  // The screen behind it came up: the content page.
  await page.getByRole('button', { name: 'Close' }).click();
  await page.locator('#main [data-screen="mf-content/ContentPage"]').waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});

// Each download the page holds back goes in in a task of its own: every insertion starts a
// request, and all of them in one task were a long task on a slow phone.
test('the held-back downloads start one per task, in their order', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { showPopups: true });
  await page.addInitScript(() => {
    const key = (e) =>
      `${e.localName}|${e.getAttribute('rel') ?? ''}|${e.getAttribute('href') ?? e.getAttribute('src')}`;
    window.__started = [];
    new MutationObserver((records) => {
      const held = document.getElementById('hh-after-popup');
      if (!held) return;
      const keys = [...held.content.children].map(key);
      const batch = [];
      for (const r of records)
        for (const n of r.addedNodes) if (n.nodeType === 1 && keys.includes(key(n))) batch.push(keys.indexOf(key(n)));
      if (batch.length) window.__started.push(batch);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(site.edge.base + '/about');
  await page.locator('#main [data-screen]').first().waitFor();
  const { started, held } = await page.evaluate(() => ({
    started: window.__started,
    held: document.getElementById('hh-after-popup').content.children.length,
  }));
  assert.ok(held > 5, `${held} downloads held back`);
  assert.deepEqual(started.flat(), [...Array(held).keys()], 'each held element once, in order');
  assert.equal(started.length, held, `inserted in ${started.length} tasks: ${JSON.stringify(started)}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a popup image that does not come holds the scripts back 1.5 s at most', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { showPopups: true });
  await page.route('**/chicken-2-piece.webp', () => {}); // never answered
  const started = Date.now();
  await page.goto(site.edge.base + '/', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.querySelector('dialog:modal'), null, { timeout: 10_000 });
  const waited = await page.evaluate(() => {
    const js = performance.getEntriesByType('resource').filter((e) => /\.js$/.test(e.name));
    return Math.min(...js.map((e) => e.startTime));
  });
  assert.ok(waited >= 1400 && waited < 4000, `the first script asked for at ${waited} ms`);
  assert.ok(Date.now() - started < 10_000);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a popup closed before the scripts run stays dismissed, and the edge is told', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  const release = await holdScripts(page);
  await page.goto(site.edge.base + '/about', { waitUntil: 'commit' });
  const welcome = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  await welcome.getByRole('button', { name: 'Close' }).click();
  await welcome.waitFor({ state: 'hidden' });
  // Remembered at once, by the page itself: a guest who goes on before the scripts come
  // does not see it again. (The dialog's close event, which does it, is a task queued as
  // it closes.)
  await page.waitForFunction(() => localStorage.getItem('henhouse:popups'));
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('henhouse:popups'))), ['welcome@1']);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hh_popups');
  assert.equal(cookie?.value, 'welcome%401');
  release();
  await page.waitForFunction(() => window.__henhouse && !document.getElementById('hh-early-popup'));
  await page.waitForTimeout(500);
  // One popup per visit: the site popup waits for the next.
  assert.equal(await page.getByRole('dialog').count(), 0);
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('henhouse:popups'))), ['welcome@1']);
  await page.unroute(scriptFiles);
  await newVisit(page);
  const next = await page.reload({ waitUntil: 'commit' });
  const html = await next.text();
  assert.doesNotMatch(html, /data-popup-key="welcome@1"/);
  assert.match(html, /data-popup-key="rewards-double-points@1"/);
  await page.context().close();
});

test("following the popup's link before the scripts run remembers it too", async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  await page.route(scriptFiles, () => {}); // the scripts never come
  await page.goto(site.edge.base + '/about', { waitUntil: 'commit' });
  await page
    .getByRole('dialog', { name: 'Welcome to Henhouse' })
    .getByRole('link', { name: 'Find a Location' })
    .click();
  await page.waitForURL('**/locations');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hh_popups');
  assert.equal(cookie?.value, 'welcome%401');
  await page.context().close();
});

test('a tap on the cart button before the scripts come opens the cart once they have', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  const release = await holdScripts(page);
  await page.goto(site.edge.base + '/about', { waitUntil: 'commit' });
  await page.getByRole('dialog', { name: 'Welcome to Henhouse' }).getByRole('button', { name: 'Close' }).click();
  await page.locator('.hh-cart-button').click();
  release();
  await page.getByTestId('cart-drawer').waitFor();
  await page.context().close();
});

test('a visitor who dismissed the popups gets none in the HTML', async () => {
  const page = await newPage(site.browser);
  const response = await page.goto(site.edge.base + '/');
  // No popup element (the script that starts the downloads after a prerendered screen's
  // first paint names its id all the same).
  assert.doesNotMatch(await response.text(), /id="hh-early-popup"/);
  await page.context().close();
});
