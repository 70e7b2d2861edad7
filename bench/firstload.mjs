// What a first visit of a route downloads, measured in a real browser: each JavaScript
// file, its raw and gzip size (gzip -9 of the file as served), the remote it belongs
// to, and whether it was requested for the first render or after it. Shared by
// bench/bundle-size.mjs and the budget test (e2e/tests/budget.test.mjs); the budget
// is bench/bundle-budget.json (docs/shell.md, "First-load budget").
//
// "First render" is the moment the route's screen is on the page: a screen
// ([data-screen], kit/src/ui/ScreenFrame.tsx) is in #main and no area is still loading
// (no .hh-area-loading spinner). JavaScript requested
// before it is what the visitor waits for and counts against the budget; what is
// requested after it (work the shell defers to idle time, a map that loads once the
// list is shown) is reported apart.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** The routes measured, and their budget in KB gzip, of the first render's JavaScript. */
export const budget = JSON.parse(readFileSync(new URL('./bundle-budget.json', import.meta.url), 'utf8'));

// Runs in the page before its scripts: records when the screen is first on the page.
function watchFirstRender() {
  const done = () => {
    return document.querySelector('#main [data-screen]') && !document.querySelector('.hh-area-loading');
  };
  const mark = () => {
    if (window.__firstRender != null || !done()) return;
    window.__firstRender = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(mark);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * measureRoute opens a route in a fresh browser context and measures its JavaScript.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base the site's origin
 * @param {string} path the route
 */
export async function measureRoute(browser, base, path) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(watchFirstRender);
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => window.__firstRender != null, null, { timeout: 15000 });
    // Idle-time work runs after the first render: give it its chance to load too.
    await page.evaluate(
      () => new Promise((r) => (window.requestIdleCallback ?? setTimeout)(() => r(), { timeout: 3000 })),
    );
    await page.waitForLoadState('networkidle');
    const { entries, firstRender } = await page.evaluate(() => ({
      firstRender: window.__firstRender,
      entries: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ url: e.name, start: e.startTime })),
    }));
    const seen = new Set();
    const files = [];
    for (const { url, start } of entries) {
      if (seen.has(url)) continue;
      seen.add(url);
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      const { pathname } = new URL(url);
      files.push({
        path: pathname,
        module: /\/modules\/([^/]+)\//.exec(pathname)?.[1] ?? 'shell',
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        afterFirstRender: start > firstRender,
      });
    }
    const sum = (list, k) => list.reduce((n, f) => n + f[k], 0);
    const first = files.filter((f) => !f.afterFirstRender);
    const later = files.filter((f) => f.afterFirstRender);
    const byModule = {};
    for (const f of first) byModule[f.module] = (byModule[f.module] ?? 0) + f.gzip;
    return {
      path,
      files,
      first: { count: first.length, raw: sum(first, 'raw'), gzip: sum(first, 'gzip'), byModule },
      later: { count: later.length, raw: sum(later, 'raw'), gzip: sum(later, 'gzip'), files: later },
    };
  } finally {
    await context.close();
  }
}

export const kb = (bytes) => bytes / 1024;

/** overBudget lists the routes of a measurement whose first render exceeds the budget. */
export function overBudget(results) {
  return results
    .filter((r) => budget[r.path] != null && kb(r.first.gzip) > budget[r.path])
    .map((r) => `${r.path}: ${kb(r.first.gzip).toFixed(1)} KB gzip > ${budget[r.path]} KB`);
}
