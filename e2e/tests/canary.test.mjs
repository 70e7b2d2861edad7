// A canary that fails in guests' browsers is rolled back by the edge itself
// (docs/operations.md, "Canary health"): ops publish a build of mf-menu whose screen
// throws on render and give it every visitor; the pages' beacons report the failures;
// once the canary has CANARY_MIN_VIEWS views the edge rolls it back, with no further
// step, and the next visitor gets the stable menu.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge, launch, newPage, freePort } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'ops:canary-test-token-0123456789';
const MIN_VIEWS = 4;
const MENU = '/menu/m-standard';
const MENU_SCREEN = '[data-screen^="mf-menu/"]';

let tmp, edge, browser, admin;

before(async () => {
  // The edge publishes into its build directory: give it a copy, so no other test sees
  // the broken version.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'henhouse-canary-'));
  cpSync(path.join(root, 'build'), path.join(tmp, 'build'), { recursive: true });
  admin = `http://127.0.0.1:${await freePort()}`;
  edge = await startEdge({
    BUILD_DIR: path.join(tmp, 'build'),
    OPS_TOKEN: TOKEN,
    ADMIN_ADDR: admin.replace('http://', ''),
    CANARY_MIN_VIEWS: String(MIN_VIEWS),
    // Each page below is a new browser, so a new visitor.
    CANARY_MIN_VISITORS: String(MIN_VIEWS),
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  edge?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** ops runs "bin/edge modules …" against the edge's ops API, as ops would. */
function ops(...args) {
  const r = spawnSync(path.join(root, 'bin', 'edge'), ['modules', ...args, '--edge', admin], {
    env: { ...process.env, OPS_TOKEN: TOKEN },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `edge modules ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

async function status() {
  const res = await fetch(admin + '/admin/modules/mf-menu', {
    headers: { authorization: `Bearer ${TOKEN.split(':')[1]}` },
  });
  assert.equal(res.status, 200);
  return res.json();
}

/** brokenBuild copies mf-menu's stable build and makes every screen it exposes throw
 *  when it renders, as a build with a bug would. */
function brokenBuild() {
  const stable = path.join(tmp, 'build', 'modules', 'mf-menu', '1.0.0');
  const dir = path.join(tmp, 'mf-menu-broken', '1.0.1');
  cpSync(stable, dir, { recursive: true });
  const entry = path.join(dir, 'remoteEntry.js');
  writeFileSync(
    entry,
    readFileSync(entry, 'utf8') +
      // After the source map comment's line: the appended code runs.
      `\n;mf_menu = (function (c) {
  // The container's exports are read-only getters: a proxy stands in for it.
  function get() {
    return c.get.apply(c, arguments).then(function (factory) {
      return function () {
        var m = factory();
        return Object.assign({}, m, { default: function Broken() { throw new Error('this build fails to render'); } });
      };
    });
  }
  return new Proxy(c, { get: function (t, k) { return k === 'get' ? get : t[k]; } });
})(mf_menu);\n`,
  );
  // The edge serves the precompressed copies to browsers that take them: make them anew.
  const js = readFileSync(entry);
  writeFileSync(entry + '.gz', gzipSync(js));
  writeFileSync(entry + '.br', brotliCompressSync(js));
  return dir;
}

async function visit(expectScreen) {
  const page = await newPage(browser, []);
  await page.goto(edge.base + MENU);
  if (expectScreen) {
    await page.locator(MENU_SCREEN).first().waitFor({ timeout: 20000 });
  } else {
    await page
      .getByRole('heading', { name: "This part of the page didn't load" })
      .waitFor({ timeout: 20000 })
      .catch(async (e) => {
        const main = await page
          .locator('#main')
          .innerText()
          .catch(() => '(no #main)');
        const boot = await page.locator('#bootstrap').textContent();
        throw new Error(
          `${e.message}\nthe page showed: ${main.slice(0, 400)}\nmf-menu: ${JSON.stringify(JSON.parse(boot).modules['mf-menu'])}`,
        );
      });
  }
  const version = await page.evaluate(
    () => JSON.parse(document.getElementById('bootstrap').textContent).modules['mf-menu'].version,
  );
  // The beacon code loads at once after an error, else once the page is idle; leaving
  // the page sends what it queued.
  await page.waitForLoadState('networkidle');
  await page.goto('about:blank');
  // The beacon leaves as the page goes; the context stays open until the edge has it.
  return { version, done: () => page.context().close() };
}

test('a canary whose screen throws in the browser is rolled back by the edge, with no step by ops', async () => {
  assert.match(ops('publish', 'mf-menu', brokenBuild(), '--version', '1.0.1'), /published mf-menu@1\.0\.1/);
  ops('canary', 'mf-menu', '1.0.1', '--percent', '100');
  assert.equal((await status()).canary, '1.0.1');

  let rolledBack = null;
  for (let i = 1; i <= MIN_VIEWS * 2 && !rolledBack; i++) {
    const { version, done } = await visit(false);
    assert.equal(version, '1.0.1', 'every visitor gets the canary while it runs');
    // Each page's beacon reaches the edge: a view of the canary, and its error. From
    // MIN_VIEWS on, the edge judges the canary after storing the counts, so the counts
    // can show before the rollback does: wait for the rollback itself.
    let s;
    for (let wait = 0; wait < 100; wait++) {
      s = await status();
      if (!s.canary || (i < MIN_VIEWS && s.health?.canary?.views >= i)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await done();
    if (!s.canary) rolledBack = s;
    else assert.deepEqual(s.health.canary, { views: i, errors: i, visitors: i }, `after ${i} failed pages`);
  }
  assert.ok(rolledBack, 'the edge rolled the canary back by itself');
  assert.equal(rolledBack.stable, '1.0.0');
  assert.equal(rolledBack.lastRollback.actor, 'auto-rollback');
  assert.equal(rolledBack.lastRollback.version, '1.0.1');
  assert.match(rolledBack.lastRollback.reason, /error rate/i);
  assert.match(ops('audit'), /auto-rollback/);

  // The next visitor gets the stable menu, and it renders.
  const stable = await visit(true);
  assert.equal(stable.version, '1.0.0');
  await stable.done();
});
