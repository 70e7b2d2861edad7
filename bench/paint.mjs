// First paint and layout stability per route (docs/shell.md, "First paint and layout
// stability"): FCP, LCP (and its element), the blocking time after the first paint (TBT,
// from long tasks) and CLS of a first visit in Chromium, with the
// CPU slowed 4× and the network at 9 Mbps / 100 ms RTT, at a phone and a desktop size.
// Run after `make build`:
//
//   node bench/paint.mjs                 # every main route, both sizes, one run each
//   node bench/paint.mjs --runs 3 /      # median of 3 runs, one route
//   node bench/paint.mjs --shifts        # also list every layout shift and what moved
//   node bench/paint.mjs --popups /      # a visitor who has not dismissed the popups yet
//   node bench/paint.mjs --cart /order/checkout   # a visitor with a cart (2 × 3 Tenders)
//
// To compare with another build, run it with BUILD_DIR pointing at that build (and
// EDGE_BIN at another edge binary).
//
// "screen ms" is when the route's screen ([data-screen]) is first on the page: the cost
// side of anything that makes the first paint come earlier by starting scripts later.
import { startEdge, launch, pageApi, slowPhone } from '../e2e/tests/harness.mjs';
import { watchLayoutShifts } from './shifts.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  args.splice(i, 1);
  return true;
};
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, v] = args.splice(i, 2);
  return v;
};
const showShifts = flag('--shifts');
// The harness marks the popups dismissed unless asked, as for a returning visitor.
const showPopups = Boolean(flag('--popups'));
// A cart made through the API before the measured load, whose cache is then emptied.
const withCart = Boolean(flag('--cart'));
const runs = Number(option('--runs', '1'));
const widths = option('--sizes', '390x844,1280x800')
  .split(',')
  .map((s) => s.split('x').map(Number));
const routes = args.length
  ? args
  : [
      '/',
      '/locations',
      '/menu/m-standard',
      '/menu/m-standard/product/combo-2pc',
      '/order/checkout',
      '/account/signin',
      '/catering',
      '/contact',
    ];

// Collected in the page from the first byte on, after watchLayoutShifts (./shifts.mjs),
// which also names the elements.
function observe() {
  const m = { fcp: 0, lcp: 0, lcpEl: '', screen: 0 };
  window.__paint = m;
  const screen = new MutationObserver(() => {
    if (document.querySelector('[data-screen]')) {
      m.screen = performance.now();
      screen.disconnect();
    }
  });
  screen.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  // Long tasks, for the blocking time after the first paint (TBT: each task's time over
  // 50 ms, summed), as Lighthouse counts it but in real time at 4× CPU.
  m.long = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) m.long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      m.lcp = e.startTime;
      m.lcpEl = window.__describeNode(e.element) + (e.url ? ` ${new URL(e.url).pathname}` : '');
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure(browser, base, path, [width, height]) {
  const storageState = withCart ? await makeCart(browser, base) : undefined;
  const context = await browser.newContext({ viewport: { width, height }, showPopups, storageState });
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (msg) => msg.type() === 'error' && consoleErrors.push(msg.text()));
  await page.addInitScript(watchLayoutShifts);
  await page.addInitScript(observe);
  await slowPhone(page);
  await page.goto(base + path, { waitUntil: 'networkidle', timeout: 60_000 });
  // The network can be idle while the CPU still runs the scripts: wait for the screen.
  await page
    .locator('[data-screen]')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => {});
  // Late shifts (images, a popup, a map) come after the network is idle.
  await page.waitForTimeout(1500);
  const m = await page.evaluate(() => ({ ...window.__paint, ...window.__layoutShifts }));
  m.tbt = m.long.filter(([start]) => start >= m.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  await context.close();
  return { ...m, consoleErrors };
}

/** makeCart makes a cart at Columbus (two 3 Tenders, spicy), as a guest who ordered from
 *  the menu would have, in a browser context of its own, and answers that context's
 *  cookies and storage: the measured load is then a first visit (no cache, no open
 *  connection) by a guest with a cart. */
async function makeCart(browser, base) {
  const context = await browser.newContext({ showPopups });
  const page = await context.newPage();
  let cart;
  // The edge now and then refuses the first page's CSRF token (403 csrf_failed) in this
  // setup; a fresh load of the page gets one it takes.
  for (let tries = 0; tries < 3 && cart?.status !== 201; tries++) {
    await page.goto(base + '/contact', { waitUntil: 'networkidle' });
    cart = await pageApi(page, 'POST', '/cart', { menuId: 'm-standard', locationId: 'oh-columbus-downtown' });
  }
  const line = await pageApi(page, 'POST', '/cart/products', {
    productId: 'tenders-3',
    quantity: 2,
    modifiers: [{ id: 'flv-spicy' }],
  });
  if (cart.status !== 201 || line.status !== 201) throw new Error(`no cart: ${JSON.stringify([cart, line])}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const edge = await startEdge();
const browser = await launch();
try {
  console.log(
    'route'.padEnd(36),
    'size'.padEnd(9),
    'FCP ms'.padStart(7),
    'LCP ms'.padStart(7),
    'TBT ms'.padStart(7),
    'CLS'.padStart(6),
    'screen ms'.padStart(10),
    '  LCP element',
  );
  for (const path of routes) {
    for (const size of widths) {
      const all = [];
      for (let i = 0; i < runs; i++) all.push(await measure(browser, edge.base, path, size));
      const last = all[all.length - 1];
      console.log(
        path.padEnd(36),
        size.join('x').padEnd(9),
        String(Math.round(median(all.map((r) => r.fcp)))).padStart(7),
        String(Math.round(median(all.map((r) => r.lcp)))).padStart(7),
        String(Math.round(median(all.map((r) => r.tbt)))).padStart(7),
        median(all.map((r) => r.cls))
          .toFixed(3)
          .padStart(6),
        String(Math.round(median(all.map((r) => r.screen)))).padStart(10),
        ' ',
        last.lcpEl,
      );
      if (showShifts)
        for (const s of last.shifts)
          console.log(`    shift ${s.value.toFixed(4)} at ${s.t} ms: ${s.sources.join('; ')}`);
      for (const e of new Set(all.flatMap((r) => r.consoleErrors))) console.log('    console error:', e.slice(0, 200));
    }
  }
} finally {
  await browser.close();
  edge.stop();
}
