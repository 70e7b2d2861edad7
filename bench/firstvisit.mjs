// A Chromium for Lighthouse to measure one first visit in, shared by bench/lighthouse.mjs
// and bench/tbt.mjs. A new browser each time: one that has run the site's scripts keeps
// them compiled in memory, though Lighthouse empties the cache, so a later route in the
// same browser reads warmer than a guest's first visit (bench/README.md, "Compile hints;
// a Chromium per Lighthouse run"). Before it is handed over, the browser loads the
// offline page once, unreported: that page runs none of the site's scripts, and the
// browser's and Lighthouse's own start (its renderer, V8's built-ins, Lighthouse's
// gatherers) is then not charged to the route.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

/** firstVisitChrome starts that Chromium (CHROMIUM_PATH, default /usr/bin/chromium) for
 *  the site at base; the caller kills it. */
export async function firstVisitChrome(base) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await lighthouse(base + '/offline.html', {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
  } catch (err) {
    await chrome.kill();
    throw err;
  }
  return chrome;
}
