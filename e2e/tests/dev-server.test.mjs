// One team's dev loop (README.md, "Working on one module"): mf-menu's webpack dev server
// (`npm -w mf-menu start`) beside a dev edge, whose module override names that server.
// The menu page then loads mf-menu's remote entry and chunks from the dev server, with
// the page's policy allowing it, and renders; the published version's files are not
// fetched. Clearing the override brings the published version back. Edits nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge, launch, newPage, freePort } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let edge;
let browser;
let dev; // { base, proc, log }

/** startDevServer runs the workspace's start script on port, for the edge at edgeOrigin,
 *  and waits until the first compile is served (a cold compile on two cores takes a while). */
async function startDevServer(port, edgeOrigin) {
  const proc = spawn('npm', ['-w', 'mf-menu', 'start'], {
    cwd: root,
    env: { ...process.env, DEV_PORT: String(port), DEV_HOST: '127.0.0.1', EDGE_ORIGIN: edgeOrigin },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: npm, the shell and webpack stop together
  });
  let log = '';
  proc.stdout.on('data', (d) => (log += d));
  proc.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the dev server exited:\n' + log);
    try {
      const r = await fetch(base + 'remoteEntry.js');
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the dev server did not serve remoteEntry.js:\n' + log);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, proc, log: () => log };
}

before(async () => {
  edge = await startEdge({ APP_ENV: 'dev' });
  dev = await startDevServer(await freePort(), edge.base);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  edge?.stop();
  if (dev?.proc.exitCode === null) process.kill(-dev.proc.pid, 'SIGTERM');
});

test('with the override naming the dev server, the menu comes from it and renders', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const sockets = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));

  // The dev-only address that sets the cookie, then goes to the page.
  await page.goto(edge.base + '/dev/module?mf-menu=' + encodeURIComponent(dev.base) + '&return=/menu/m-standard');
  assert.equal(new URL(page.url()).pathname, '/menu/m-standard');
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 60000 });
  await page.getByText('2 Piece Chicken').first().waitFor({ timeout: 15000 });

  const boot = JSON.parse(await page.locator('#bootstrap').textContent());
  const menu = boot.modules['mf-menu'];
  assert.equal(menu.entry, dev.base + 'remoteEntry.js');
  assert.equal(menu.manifest, dev.base + 'mf-manifest.json');
  assert.equal(menu.channel, 'dev');
  assert.equal(menu.integrity, undefined);
  const manifest = await (await fetch(menu.manifest)).json();
  assert.equal(manifest.name, 'mf_menu');

  const fromDev = requests.filter((u) => u.startsWith(dev.base));
  assert.ok(fromDev.includes(dev.base + 'remoteEntry.js'), `no remote entry from the dev server: ${fromDev}`);
  assert.ok(
    fromDev.some((u) => u.endsWith('.js') && !u.endsWith('remoteEntry.js')),
    `no chunk from the dev server: ${fromDev}`,
  );
  assert.deepEqual(
    requests.filter((u) => u.includes('/modules/mf-menu/')),
    [],
    'the published mf-menu was fetched too',
  );
  // Hot reloading's WebSocket reaches the dev server (the page's policy allows it).
  for (let i = 0; i < 50 && !sockets.length; i++) await page.waitForTimeout(100);
  assert.ok(
    sockets.some((u) => u.startsWith(dev.base.replace('http', 'ws'))),
    `no WebSocket to the dev server: ${sockets}`,
  );
  assert.deepEqual(errors, []);

  // Cleared, the page is the published version's again.
  requests.length = 0;
  await page.goto(edge.base + '/dev/module?clear&return=/menu/m-standard');
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  const after = JSON.parse(await page.locator('#bootstrap').textContent()).modules['mf-menu'];
  assert.equal(after.channel, 'stable');
  assert.ok(!requests.some((u) => u.startsWith(dev.base)), 'the dev server was still asked');
  await page.context().close();
});
