// The federation runtime's work on a first visit, counted instead of timed (counts do not
// move with a busy machine): how many shared modules the page's federation instances
// load, and how many times they register a shared module in the share scope
// (docs/shell.md, "Each federation instance registers its share table once"). Run after
// `make build`:
//
//   node bench/federation.mjs                      # '/', '/locations', '/menu/m-standard'
//   node bench/federation.mjs /catering            # any routes
//   BASELINE=/tmp/old/build node bench/federation.mjs   # beside another build, same run
import { chromium } from 'playwright-core';
import { startEdge } from '../e2e/tests/harness.mjs';

const routes = process.argv.slice(2);
if (!routes.length) routes.push('/', '/locations', '/menu/m-standard');

const builds = { build: await startEdge() };
if (process.env.BASELINE) builds.baseline = await startEdge({ BUILD_DIR: process.env.BASELINE });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

// Runs in the page before its scripts: a global plugin, which the runtime applies to
// every instance it creates (the shell's and each remote's), counts the two events.
function countFederationWork() {
  const counts = { registrations: 0, loads: 0 };
  window.__federationWork = counts;
  globalThis.__FEDERATION__ = {
    __GLOBAL_PLUGIN__: [
      {
        name: 'bench-count',
        afterRegisterShare(args) {
          counts.registrations += 1;
          return args;
        },
        afterLoadShare(args) {
          counts.loads += 1;
          return args;
        },
      },
    ],
  };
}

try {
  console.log('route'.padEnd(22), 'build'.padEnd(9), 'shared-module loads', ' registrations');
  for (const path of routes) {
    for (const [name, edge] of Object.entries(builds)) {
      const context = await browser.newContext();
      await context.addInitScript(countFederationWork);
      const page = await context.newPage();
      await page.goto(edge.base + path, { waitUntil: 'load' });
      await page.locator('#main [data-screen]').first().waitFor();
      // The deferred chrome and the map load their shared modules once the page is idle.
      await page.waitForTimeout(2000);
      const { loads, registrations } = await page.evaluate(() => window.__federationWork);
      console.log(path.padEnd(22), name.padEnd(9), String(loads).padStart(19), String(registrations).padStart(14));
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const edge of Object.values(builds)) edge.stop();
}
