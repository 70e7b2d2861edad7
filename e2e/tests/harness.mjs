// Starts the built edge on a free loopback port and a headless Debian Chromium
// driven by playwright-core. Every browser test file uses this.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function startEdge(env = {}) {
  const bin = path.join(root, 'bin', 'edge');
  if (!existsSync(bin)) throw new Error('bin/edge is missing: run make build first');
  const port = await freePort();
  const proc = spawn(bin, [], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', COOKIE_SECURE: 'false', REDIS_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  proc.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(base + '/healthz');
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (proc.exitCode !== null) throw new Error('edge exited:\n' + log);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, proc, log: () => log, stop: () => proc.kill('SIGTERM') };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** newPage opens a page that fails the test on any uncaught page error. */
export async function newPage(browser, errors = []) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

/**
 * useSite starts one edge and one browser for a test file (node:test before/after)
 * and returns an object whose edge and browser fields are set once they are up.
 */
export function useSite(before, after, env = {}) {
  const site = { edge: null, browser: null };
  before(async () => {
    site.edge = await startEdge(env);
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    site.edge?.stop();
  });
  return site;
}
