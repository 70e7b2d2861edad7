// Layout stability while a page loads (docs/shell.md, "First paint and layout
// stability"): every answer of the API is held back long enough for the screen's
// loading state to be painted, then the screen's content arrives and nothing already on
// the page may move. CLS is read as web-vitals counts it (bench/shifts.mjs) and must
// stay at or under 0.05, at 390 and 1280 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage } from './harness.mjs';
import { watchLayoutShifts } from '../../bench/shifts.mjs';

const site = useSite(before, after);

const routes = [
  '/',
  '/locations',
  '/locations/all',
  '/locations/oh',
  '/locations/oh/dayton',
  '/menu/m-standard',
  '/menu/m-standard/product/combo-2pc',
  '/order/checkout',
  '/account/signin',
  '/contact',
  '/catering',
  '/sitemap',
  '/henhouse-dayton-jobs',
  '/gift-cards/buy',
  '/gift-cards/balance',
];
const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** How long each API answer is held: the loading state is on screen for at least this. */
const API_DELAY_MS = 400;

/** The screen is on the page and none of its parts still says it is loading. */
const settled = () =>
  document.querySelector('#main [data-screen]') &&
  !document.querySelector('#main .hh-area-loading, #main [data-screen-loading]') &&
  ![...document.querySelectorAll('#main [role=status]')].some((el) => /^Loading\b/.test(el.textContent.trim()));

for (const path of routes) {
  test(`${path}: nothing moves while it loads, at 390 and 1280 px`, async () => {
    for (const viewport of sizes) {
      const page = await newPage(site.browser, [], { viewport });
      await page.addInitScript(watchLayoutShifts);
      await page.route(
        (url) => url.pathname.startsWith('/api/'),
        async (route) => {
          await new Promise((r) => setTimeout(r, API_DELAY_MS));
          await route.continue();
        },
      );
      await page.goto(site.edge.base + path);
      await page.waitForFunction(settled, null, { timeout: 20000, polling: 100 });
      // Images, the map and late chrome come after the screen's data.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const m = await page.evaluate(() => window.__layoutShifts);
      const shifts = m.shifts.map((s) => `${s.value.toFixed(3)} at ${s.t} ms: ${s.sources.join('; ')}`);
      assert.ok(
        m.cls <= 0.05,
        `${path} at ${viewport.width} px: CLS ${m.cls.toFixed(3)} > 0.05\n  ${shifts.join('\n  ')}`,
      );
      await page.context().close();
    }
  });
}
