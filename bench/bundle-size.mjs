// Prints what a first visit downloads on a few routes: JS files, raw and gzip bytes,
// and how much of it is React. Run after `make build`: node bench/bundle-size.mjs
import { gzipSync } from 'node:zlib';
import { startEdge, launch } from '../e2e/tests/harness.mjs';

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/locations', '/menu/m-standard', '/menu/m-standard/product/combo-2pc', '/order/checkout', '/account/signin'];
const edge = await startEdge();
const browser = await launch();
try {
  console.log('route'.padEnd(28), 'js files'.padStart(8), 'raw KB'.padStart(9), 'gzip KB'.padStart(9));
  for (const path of routes) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(edge.base + path, { waitUntil: 'networkidle' });
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.endsWith('.js')),
    );
    const all = [new URL(edge.base + '/assets/main.js').href, ...urls.filter((u) => !u.endsWith('/assets/main.js'))];
    let raw = 0;
    let gz = 0;
    const byModule = {};
    for (const u of all) {
      const body = Buffer.from(await (await fetch(u)).arrayBuffer());
      const z = gzipSync(body, { level: 9 }).length;
      raw += body.length;
      gz += z;
      const mod = /\/modules\/([^/]+)\//.exec(new URL(u).pathname)?.[1] ?? 'shell';
      byModule[mod] = (byModule[mod] ?? 0) + z;
    }
    console.log(
      path.padEnd(28),
      String(all.length).padStart(8),
      (raw / 1024).toFixed(1).padStart(9),
      (gz / 1024).toFixed(1).padStart(9),
      '  gzip KB by module:',
      Object.entries(byModule)
        .map(([m, b]) => `${m} ${(b / 1024).toFixed(1)}`)
        .join(', '),
    );
    await page.context().close();
  }
} finally {
  await browser.close();
  edge.stop();
}
