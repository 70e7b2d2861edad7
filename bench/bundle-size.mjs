// Prints what a first visit downloads on each route of the budget: JS files, raw and
// gzip bytes up to the first render, by module, and what loads after the first render;
// then each route against its budget (bench/bundle-budget.json). Exits 1 when a route
// is over. Run after `make build`: node bench/bundle-size.mjs [route…]
// The measuring is bench/firstload.mjs, shared with e2e/tests/budget.test.mjs.
import { startEdge, launch } from '../e2e/tests/harness.mjs';
import { budget, kb, measureRoute, overBudget } from './firstload.mjs';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(budget);
const edge = await startEdge();
const browser = await launch();
const results = [];
try {
  console.log('route'.padEnd(36), 'js files'.padStart(8), 'raw KB'.padStart(9), 'gzip KB'.padStart(9));
  for (const path of routes) {
    const r = await measureRoute(browser, edge.base, path);
    results.push(r);
    console.log(
      path.padEnd(36),
      String(r.first.count).padStart(8),
      kb(r.first.raw).toFixed(1).padStart(9),
      kb(r.first.gzip).toFixed(1).padStart(9),
      '  gzip KB by module:',
      Object.entries(r.first.byModule)
        .map(([m, b]) => `${m} ${kb(b).toFixed(1)}`)
        .join(', '),
    );
    if (r.later.count) {
      console.log(
        ''.padEnd(36),
        `after first render: ${r.later.count} files, ${kb(r.later.gzip).toFixed(1)} KB gzip:`,
        [
          ...r.later.files.filter((f) => f.gzip >= 1024).map((f) => `${f.path} ${kb(f.gzip).toFixed(1)}`),
          ...(r.later.files.some((f) => f.gzip < 1024)
            ? [`${r.later.files.filter((f) => f.gzip < 1024).length} files under 1 KB`]
            : []),
        ].join(', '),
      );
    }
  }
  console.log('\nbudget (KB gzip, first render):');
  for (const r of results) {
    const limit = budget[r.path];
    const used = kb(r.first.gzip);
    const verdict = limit == null ? 'no budget' : used <= limit ? 'ok' : 'OVER';
    console.log(r.path.padEnd(36), used.toFixed(1).padStart(9), '/', String(limit ?? '-').padStart(5), `  ${verdict}`);
  }
} finally {
  await browser.close();
  edge.stop();
}
const over = overBudget(results);
if (over.length) {
  console.error(`\nover budget:\n  ${over.join('\n  ')}`);
  process.exitCode = 1;
}
