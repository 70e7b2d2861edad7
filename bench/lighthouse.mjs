// Lighthouse (mobile preset: a mid-range phone, simulated 4× CPU slowdown and slow 4G)
// against the built edge: the four category scores and FCP, LCP, TBT and CLS per route,
// and every failed accessibility and best-practices audit. Run after `make build`:
//
//   node bench/lighthouse.mjs                 # '/', '/locations', '/menu/m-standard', '/account/signin'
//   node bench/lighthouse.mjs /catering       # any routes
//   node bench/lighthouse.mjs --returning /   # a visitor who dismissed the popups before
//   node bench/lighthouse.mjs --tasks /contact  # and the long tasks behind TBT, by script, and the layout shifts
//   node bench/lighthouse.mjs --all           # a page of every route of the route table (a few minutes)
//   node bench/lighthouse.mjs --cpu 12 /locations  # Lighthouse's CPU slowdown 12× (bench/tbt.mjs says why)
//
// Lighthouse drives a new Chromium for each route (bench/firstvisit.mjs says why). Each
// route is loaded as a first visit (empty cache and storage, so the welcome popup shows,
// and its image is then the page's largest paint: the edge writes that popup into the
// HTML, and the LCP element column reads "(no longer on the page)" once the shell's own
// popup has taken its place). --returning keeps the cache empty but remembers the live
// popups as dismissed (in storage and in the cookie the edge reads), as the browser
// tests do, so LCP is the page's own.
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { startEdge } from '../e2e/tests/harness.mjs';
import { firstVisitChrome } from './firstvisit.mjs';

const args = process.argv.slice(2);
const returning = args.includes('--returning');
const tasks = args.includes('--tasks');
const cpuAt = args.indexOf('--cpu');
const cpu = cpuAt >= 0 ? Number(args[cpuAt + 1]) : 4;
if (!(cpu >= 1)) throw new Error('--cpu takes a slowdown of 1 or more');
const routes = args.filter((a, i) => !a.startsWith('--') && (cpuAt < 0 || i !== cpuAt + 1));
// One page of each route of edge/internal/routes/table.go that answers 200 to a first
// visit (the test-only checkout aside).
const everyRoute = [
  '/',
  '/account',
  '/account/confirmed',
  '/account/forgot',
  '/account/settings',
  '/account/signin',
  '/account/signup',
  '/contact',
  '/henhouse-columbus-jobs',
  '/locations',
  '/locations/all',
  '/locations/oh/columbus',
  '/order',
  '/order/checkout',
  '/order/confirm',
  '/gift-cards/buy',
  '/gift-cards/balance',
  '/menu',
  '/menu/m-standard/category/chicken',
  '/menu/m-standard/product/combo-2pc',
  '/menu/m-standard',
  '/app/checkout',
  '/app/code',
  '/app/signin',
  '/app/subscribe',
  '/sitemap',
  '/typography',
  '/catering',
];
if (args.includes('--all')) routes.push(...everyRoute.filter((r) => !routes.includes(r)));
if (!routes.length) routes.push('/', '/locations', '/menu/m-standard', '/account/signin');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const edge = await startEdge();
let chrome;
/** lcpElement names the largest paint's element, as Lighthouse found it. */
function lcpElement(lhr) {
  const audit = lhr.audits['largest-contentful-paint-element'];
  // Lighthouse names no element when it has left the page by the end of the load: on a
  // first visit that is the popup the edge writes into the HTML, which the shell's takes over.
  if (audit?.scoreDisplayMode === 'notApplicable') return '(no longer on the page)';
  const items = audit?.details?.items ?? [];
  const node = items.flatMap((t) => t.items ?? []).find((i) => i.node)?.node;
  return node ? node.selector.split(' > ').slice(-2).join(' > ') : '-';
}

// For --returning: the route's Chromium, reached over its debugging port.
let cdp;
/** forgetAllButDismissedPopups empties the origin's cache, service worker and storage,
 *  then remembers the live popups as dismissed, as a returning visitor's browser would. */
async function forgetAllButDismissedPopups() {
  cdp ??= await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = cdp.contexts()[0];
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Storage.clearDataForOrigin', { origin: edge.base, storageTypes: 'all' });
  await devtools.send('Network.clearBrowserCache');
  const keys = ((await (await fetch(edge.base + '/api/content/popups')).json()).popups ?? []).map(
    (p) => `${p.id}@${p.version}`,
  );
  await page.goto(edge.base + '/healthz');
  await page.evaluate((k) => localStorage.setItem('henhouse:popups', JSON.stringify(k)), keys);
  await context.addCookies([{ name: 'hh_popups', value: encodeURIComponent(keys.join(' ')), url: edge.base }]);
  await page.close();
}

const ms = (audit) => `${Math.round(audit.numericValue)}`.padStart(6);
try {
  console.log(
    'route'.padEnd(20),
    'perf a11y bp  seo',
    '   FCP ms'.padStart(9),
    'LCP ms'.padStart(7),
    'TBT ms'.padStart(7),
    '  CLS',
    '  LCP element',
  );
  const findings = [];
  let benchmarkIndex;
  for (const path of routes) {
    await cdp?.close();
    cdp = undefined;
    await chrome?.kill();
    chrome = await firstVisitChrome(edge.base);
    if (returning) await forgetAllButDismissedPopups();
    // The default configuration is the mobile preset.
    const { lhr } = await lighthouse(edge.base + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      disableStorageReset: returning,
      ...(cpu !== 4 && { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu } }),
    });
    benchmarkIndex = lhr.environment?.benchmarkIndex;
    // A page Lighthouse could not measure (an error status: it measures 200 pages only)
    // is said so, and the other routes go on.
    if (lhr.runtimeError) {
      console.log(path.padEnd(20), `not measured: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      continue;
    }
    const score = (c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(4);
    const a = lhr.audits;
    console.log(
      path.padEnd(20),
      categories.map(score).join(''),
      ms(a['first-contentful-paint']).padStart(9),
      ms(a['largest-contentful-paint']).padStart(7),
      ms(a['total-blocking-time']).padStart(7),
      a['cumulative-layout-shift'].numericValue.toFixed(3).padStart(6),
      ' ',
      lcpElement(lhr),
    );
    // The main thread's long tasks as Lighthouse observed them (before its 4× CPU
    // simulation): what TBT is made of; and each layout shift, by the element it moved.
    if (tasks)
      for (const t of lhr.audits['layout-shifts']?.details?.items ?? [])
        console.log(`  layout shift ${t.score?.toFixed(3)}:`, t.node?.selector ?? t.node?.snippet ?? '(no element)');
    if (tasks)
      for (const t of lhr.audits['long-tasks']?.details?.items ?? [])
        console.log(
          `  long task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms`,
          String(t.url).replace(edge.base, ''),
        );
    for (const c of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[c].auditRefs) {
        const audit = a[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          findings.push(`${path} ${c}: ${audit.id}: ${audit.title}`);
      }
    }
  }
  for (const f of findings) console.log('  failed', f);
  // Lighthouse's own measure of this machine's CPU (higher is faster): TBT is the
  // machine's main-thread work scaled by a fixed 4×, so figures from two machines
  // compare only with this beside them.
  if (benchmarkIndex) console.log(`benchmarkIndex ${Math.round(benchmarkIndex)}`);
} finally {
  await cdp?.close();
  await chrome?.kill();
  edge.stop();
}
