// The pages' Content-Security-Policy in Chromium (docs/security.md): pages that load
// remotes render them with nothing blocked, the remotes' entry scripts, chunks and style
// sheets carry the page's nonce, and script injected into a page does not run and is
// reported to /csp-report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';

const site = useSite(before, after);

/** watchedPage opens a page that records policy violations (as the page's own
 *  securitypolicyviolation events), console errors, and every script, style and link
 *  element added to the document with its nonce. */
async function watchedPage() {
  const context = await site.browser.newContext();
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile }),
    );
    window.__added = [];
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeName === 'SCRIPT' || n.nodeName === 'STYLE' || n.nodeName === 'LINK') {
            window.__added.push({
              tag: n.nodeName,
              rel: n.rel || '',
              url: n.src || n.href || '',
              nonce: n.nonce,
              parsed: !document.body,
            });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

const violations = (page) => page.evaluate(() => window.__violations);
/** The page's nonce, as the shell's entry script carries it (on a page that opens on a
 *  prerendered copy, the script is put on the page after its first paint). */
const nonceOf = async (page) => {
  const script = page.locator('script[src*="/assets/main."]');
  await script.waitFor({ state: 'attached' });
  return script.evaluate((s) => s.nonce);
};

async function reportedViolations() {
  const r = await fetch(site.edge.base + '/readyz');
  return (await r.json()).csp.violations;
}

test('pages that load remotes render them with nothing blocked, and what the remotes add carries the nonce', async () => {
  const { page, errors } = await watchedPage();
  const screens = [
    ['/locations', () => page.getByRole('heading', { name: /^\d+ locations? near the centre of the map$/ })],
    ['/menu/m-standard', () => page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 })],
    ['/account/signin', () => page.getByLabel('Password', { exact: true })],
    ['/catering', () => page.getByRole('heading', { level: 1 }).first()],
  ];
  for (const [path, screen] of screens) {
    await page.goto(site.edge.base + path);
    await screen().waitFor({ timeout: 15000 });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await violations(page), [], `${path}: policy violations`);
    assert.deepEqual(errors, [], `${path}: console errors`);

    const nonce = await nonceOf(page);
    assert.match(nonce, /^[A-Za-z0-9_-]{22,}$/);
    const added = await page.evaluate(() => window.__added);
    const entries = added.filter((a) => a.tag === 'SCRIPT' && a.url.endsWith('/remoteEntry.js'));
    assert.ok(entries.length > 0, `${path}: no remote entry script was added`);
    // A remote's styles are style sheets its webpack runtime links with its chunks.
    const sheet = (a) => a.tag === 'LINK' && a.rel === 'stylesheet' && /\/modules\/[^/]+\/[^/]+\/.+\.css$/.test(a.url);
    const dynamic = added.filter((a) => (a.tag === 'SCRIPT' && a.url) || a.tag === 'STYLE' || sheet(a));
    assert.ok(dynamic.some(sheet), `${path}: no remote style sheet`);
    for (const a of dynamic) assert.equal(a.nonce, nonce, `${path}: ${a.tag} ${a.url} without the page's nonce`);
  }
  // A new document, a new nonce.
  const first = await nonceOf(page);
  await page.reload();
  assert.notEqual(await nonceOf(page), first);
  await page.context().close();
});

test('the 404 page and the offline page run with nothing blocked', async () => {
  const { page, errors } = await watchedPage();
  await page.goto(site.edge.base + '/no-such-page');
  await page.getByRole('heading', { name: 'This page could not be found' }).waitFor({ timeout: 15000 });
  await page.goto(site.edge.base + '/offline.html');
  await page.getByRole('button', { name: 'Try again' }).waitFor();
  // Its inline script (allowed by hash) handles the button: the page reloads in place.
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Try again' }).click()]);
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(
    errors.filter((e) => e.includes('Content Security Policy')),
    [],
  );
  await page.context().close();
});

test('script injected into a page does not run, and the browser reports it to /csp-report', async () => {
  const before = await reportedViolations();
  const { page } = await watchedPage();
  // Markup injected into the served document (as a stored cross-site scripting flaw
  // would put it there): an inline script, an inline handler and a script file, none
  // with the nonce.
  await page.route(site.edge.base + '/about', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      '<div id="root">',
      '<script>window.__pwned = "inline"</script><img src="/nope.png" onerror="window.__pwned = \'handler\'">' +
        '<script src="/assets/main.js"></script><div id="root">',
    );
    await route.fulfill({ response, body });
  });
  // And a flaw in the page's own (trusted) code that puts data into the page as markup
  // or code at run time: the shell's entry script, changed to do both. (A trusted script
  // that creates a script element itself is trusted by 'strict-dynamic': see
  // docs/security.md, "What the policy does not stop".)
  await page.route(/\/assets\/main\.[0-9a-f]{8}\.js$/, async (route) => {
    const response = await route.fetch();
    const flaw = `
;setTimeout(function () {
  document.body.insertAdjacentHTML('beforeend', '<img src="/nope.png" onerror="window.__pwned = \\'innerHTML\\'">');
  try { eval('window.__pwned = "eval"'); } catch (e) { window.__evalRefused = e.name; }
}, 0);`;
    await route.fulfill({ response, body: (await response.text()) + flaw });
  });
  await page.goto(site.edge.base + '/about');
  await page.getByRole('link', { name: 'Locations' }).first().waitFor({ timeout: 15000 });
  await page.waitForFunction(() => window.__violations.length >= 5);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.evaluate(() => window.__evalRefused), 'EvalError');
  const seen = (await violations(page)).map((v) => `${v.directive} ${v.blocked.replace(site.edge.base, '')}`).sort();
  assert.deepEqual(seen, [
    'script-src eval',
    'script-src-attr inline',
    'script-src-attr inline',
    'script-src-elem /assets/main.js',
    'script-src-elem inline',
  ]);
  // The page still works: the shell rendered.
  assert.ok((await page.getByRole('navigation').count()) > 0);

  // The browser sends the reports to the edge, which counts them.
  const deadline = Date.now() + 20000;
  let now = before;
  while (now < before + 5 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    now = await reportedViolations();
  }
  assert.ok(now >= before + 5, `reported violations went from ${before} to ${now}`);
  await page.context().close();
});
