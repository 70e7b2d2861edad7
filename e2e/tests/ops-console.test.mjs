// The ops console (docs/operations.md, "Ops console"): ops sign in on the admin address
// with their token, start a canary of mf-menu and roll it back from the page; the site
// serves the canary to its share of visitors meanwhile, and the audit log shows both
// steps under the token's name. A request with the session cookie but without the
// CSRF token is refused, and the page has no serious accessibility findings.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge, launch, newPage, freePort, seriousViolations } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'ops:console-test-token-0123456789';
const SECRET = TOKEN.split(':')[1];

let tmp, edge, browser, admin;

before(async () => {
  // The edge publishes into its build directory: give it a copy, so no other test sees
  // the new version.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'henhouse-console-'));
  cpSync(path.join(root, 'build'), path.join(tmp, 'build'), { recursive: true });
  admin = `http://127.0.0.1:${await freePort()}`;
  edge = await startEdge({ BUILD_DIR: path.join(tmp, 'build'), OPS_TOKEN: TOKEN, ADMIN_ADDR: admin.slice(7) });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  edge?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** publishCopy publishes mf-menu's stable build again as another version, with the CLI. */
function publishCopy(version) {
  const r = spawnSync(
    path.join(root, 'bin', 'edge'),
    [
      'modules',
      'publish',
      'mf-menu',
      path.join(tmp, 'build', 'modules', 'mf-menu', '1.0.0'),
      '--version',
      version,
      '--edge',
      admin,
    ],
    { env: { ...process.env, OPS_TOKEN: TOKEN }, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
}

async function status() {
  const res = await fetch(admin + '/admin/modules/mf-menu', { headers: { authorization: `Bearer ${SECRET}` } });
  assert.equal(res.status, 200);
  return res.json();
}

/** menuVersions is the mf-menu version each of n new visitors' pages names. */
async function menuVersions(n) {
  const seen = new Set();
  for (let i = 0; i < n; i++) {
    const html = await (await fetch(edge.base + '/menu/m-standard')).text();
    const boot = html.match(/id="bootstrap"[^>]*>([\s\S]*?)<\/script>/);
    assert.ok(boot, 'the page has its bootstrap');
    seen.add(JSON.parse(boot[1]).modules['mf-menu'].version);
  }
  return seen;
}

test('ops sign in, start a canary and roll it back from the console', async () => {
  publishCopy('1.0.1');
  const errors = [];
  const page = await newPage(browser, errors, { viewport: { width: 1280, height: 900 } });
  await page.goto(admin + '/admin/');

  // A wrong token is refused in words, and nothing else happens.
  await page.getByLabel('Ops token').fill('not-the-token-0123456789');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('That ops token is not valid.').waitFor();

  await page.getByLabel('Ops token').fill(SECRET);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as ops').waitFor();
  const card = page.getByRole('article', { name: 'mf-menu' });
  await card.locator('[data-fact="stable"]', { hasText: '1.0.0' }).waitFor();
  const cookie = (await page.context().cookies(admin + '/admin/')).find((c) => c.name === 'hh_ops_session');
  assert.ok(cookie?.httpOnly && cookie.sameSite === 'Strict', 'the session cookie is HttpOnly and SameSite=Strict');
  assert.ok(!cookie.value.includes(SECRET), 'the cookie does not hold the token');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    assert.deepEqual(await seriousViolations(page), [], `axe at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Escape cancels the dialog; focus goes back to the button that opened it.
  await card.getByLabel('Canary version').selectOption('1.0.1');
  await card.getByLabel('Percent of visitors').fill('50');
  const start = card.getByRole('button', { name: 'Start canary…' });
  await start.click();
  const dialog = page.getByRole('dialog', { name: 'Start a canary of mf-menu' });
  await dialog.getByText('Send mf-menu 1.0.1 to 50% of visitors? Stable stays 1.0.0.').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await start.evaluate((el) => el === document.activeElement), true, 'focus is back on Start canary');
  assert.equal((await status()).canary, undefined, 'Escape changed nothing');

  await start.click();
  await dialog.getByRole('button', { name: 'Send 1.0.1 to 50%' }).click();
  await page.getByRole('status').getByText('mf-menu 1.0.1 now goes to 50% of visitors.').waitFor();
  await card.locator('[data-fact="canary"]', { hasText: '1.0.1 to 50% of visitors' }).waitFor();
  const s = await status();
  assert.equal(s.canary, '1.0.1');
  assert.equal(s.percent, 50);
  // New visitors land on both sides of the canary.
  assert.deepEqual([...(await menuVersions(40))].sort(), ['1.0.0', '1.0.1']);

  // A cookie request that changes state without the CSRF token is refused.
  const refused = await page.evaluate(() =>
    fetch('/admin/modules/mf-menu/promote', { method: 'POST' }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    })),
  );
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error.code, 'csrf_failed');

  await card.getByLabel('Reason for the rollback').fill('checkout button misaligned');
  await card.getByRole('button', { name: 'Roll back…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Roll back mf-menu' });
  await confirm.getByText(/Every visitor gets the stable 1\.0\.0; the canary 1\.0\.1 \(50% of visitors\)/).waitFor();
  await confirm.getByRole('button', { name: 'Roll back' }).click();
  await page.getByRole('status').getByText('mf-menu rolled back: every visitor gets 1.0.0.').waitFor();
  await card.locator('[data-fact="rollback"]', { hasText: '1.0.1 by ops@127.0.0.1' }).waitFor();
  // The Roll back button went with the canary: focus is on the module's heading.
  await page.waitForFunction(() => document.activeElement?.id === 'm-mf-menu');
  assert.equal((await status()).canary, undefined);
  assert.deepEqual([...(await menuVersions(5))], ['1.0.0']);

  // The audit log, newest first: the rollback, the canary, the publish.
  const rows = page.getByRole('table').getByRole('row');
  await rows.nth(1).getByText('rollback').waitFor();
  const cells = async (i) => (await rows.nth(i).getByRole('cell').allInnerTexts()).map((t) => t.trim());
  const [, who1, what1, mod1, v1, why1] = await cells(1);
  assert.deepEqual(
    [who1, what1, mod1, v1, why1],
    ['ops@127.0.0.1', 'rollback', 'mf-menu', '1.0.1', 'checkout button misaligned'],
  );
  const [, who2, what2, , v2] = await cells(2);
  assert.deepEqual([who2, what2, v2], ['ops@127.0.0.1', 'canary', '1.0.1']);

  // Publishing from the page: a .tar.gz of a build, uploaded with a version.
  const archive = path.join(tmp, 'mf-menu-1.0.2.tar.gz');
  const tar = spawnSync('tar', ['-czf', archive, '-C', path.join(tmp, 'build', 'modules', 'mf-menu', '1.0.0'), '.']);
  assert.equal(tar.status, 0, String(tar.stderr));
  await card.getByLabel('Build (.tar or .tar.gz)').setInputFiles(archive);
  await card.getByLabel('Version', { exact: true }).fill('1.0.2');
  await card.getByRole('button', { name: 'Publish…' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish mf-menu 1.0.2' });
  await publish.getByText('Publish mf-menu-1.0.2.tar.gz as mf-menu 1.0.2?').waitFor();
  await publish.getByRole('button', { name: 'Publish 1.0.2' }).click();
  await page.getByRole('status').getByText('mf-menu 1.0.2 is published.').waitFor();
  assert.ok((await status()).versions.includes('1.0.2'));
  // A file that is not a build is refused, in the API's words.
  const junk = path.join(tmp, 'notes.tar');
  writeFileSync(junk, 'these are notes, not a build');
  await card.getByLabel('Build (.tar or .tar.gz)').setInputFiles(junk);
  await card.getByLabel('Version', { exact: true }).fill('1.0.3');
  await card.getByRole('button', { name: 'Publish…' }).click();
  await page
    .getByRole('dialog', { name: 'Publish mf-menu 1.0.3' })
    .getByRole('button', { name: 'Publish 1.0.3' })
    .click();
  const alert = page.getByRole('alert');
  await alert.filter({ hasText: /\w/ }).waitFor();
  const said = await alert.innerText();
  assert.doesNotMatch(said, /answered|undefined/, `the error is the API's message: ${said}`);
  assert.equal((await page.getByRole('status').innerText()).trim(), '', 'no success is announced');
  assert.ok(!(await status()).versions.includes('1.0.3'));

  // Signing out ends the session: the API refuses the cookie afterwards.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Ops token').waitFor();
  const after = await page.evaluate(() => fetch('/admin/modules').then((r) => r.status));
  assert.equal(after, 401);
  assert.deepEqual(errors, [], 'no page errors and nothing blocked by the CSP');
  await page.context().close();
});
