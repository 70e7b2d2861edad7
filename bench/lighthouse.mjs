// Lighthouse (mobile preset: a mid-range phone, simulated 4× CPU slowdown and slow 4G)
// against the built edge: the four category scores and FCP, LCP, TBT and CLS per route,
// and every failed accessibility and best-practices audit. Run after `make build`:
//
//   node bench/lighthouse.mjs                 # '/', '/locations', '/menu/m-standard', '/account/signin'
//   node bench/lighthouse.mjs /catering       # any routes
//
// Lighthouse drives its own Chromium (CHROMIUM_PATH, default /usr/bin/chromium); each
// route is loaded as a first visit (empty cache and storage, so the welcome popup shows).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startEdge } from '../e2e/tests/harness.mjs';

const args = process.argv.slice(2);
const routes = args.length ? args : ['/', '/locations', '/menu/m-standard', '/account/signin'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const edge = await startEdge();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const ms = (audit) => `${Math.round(audit.numericValue)}`.padStart(6);
try {
  console.log(
    'route'.padEnd(20),
    'perf a11y bp  seo',
    '   FCP ms'.padStart(9),
    'LCP ms'.padStart(7),
    'TBT ms'.padStart(7),
    '  CLS',
  );
  const findings = [];
  for (const path of routes) {
    // The default configuration is the mobile preset.
    const { lhr } = await lighthouse(edge.base + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    const score = (c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(4);
    const a = lhr.audits;
    console.log(
      path.padEnd(20),
      categories.map(score).join(''),
      ms(a['first-contentful-paint']).padStart(9),
      ms(a['largest-contentful-paint']).padStart(7),
      ms(a['total-blocking-time']).padStart(7),
      a['cumulative-layout-shift'].numericValue.toFixed(3).padStart(6),
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
} finally {
  await chrome.kill();
  edge.stop();
}
