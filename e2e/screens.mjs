#!/usr/bin/env node
// Screenshots of the site: every route of the route table (tests/visits.mjs) at 390 × 844
// and 1280 × 800, whole pages, as a guest with an item in the cart, plus the open cart
// drawer: `node e2e/screens.mjs [outdir]` (docs/screens/ unless told), after `make build`.
// Files are named <visit>.<width>.png ("menu.390.png", "cart-drawer.1280.png"). One
// browser and one page, one shot after another, at 1× device scale; where Debian's
// pngquant is installed (`apt-get install pngquant`) each file is also reduced to a
// 256-color palette, a quarter of its size or less. docs/design.md uses a few of them.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPage, startEdge } from './tests/harness.mjs';
import { openCartDrawer, visit, visits, withCart } from './tests/visits.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'docs', 'screens'));
const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

mkdirSync(out, { recursive: true });
const pngquant = spawnSync('pngquant', ['--version']).status === 0;
if (!pngquant) console.error('pngquant is not installed: the pictures stay full-color PNGs');
const edge = await startEdge();
const browser = await launch();
let failed = 0;
try {
  const page = await newPage(browser, [], { viewport: sizes[1], deviceScaleFactor: 1, reducedMotion: 'reduce' });
  await withCart(page, edge.base);
  const shot = async (name, viewport, fullPage = true) => {
    const file = path.join(out, `${name}.${viewport.width}.png`);
    await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
    if (pngquant) {
      spawnSync('pngquant', ['--quality=60-85', '--speed=3', '--strip', '--force', '--ext=.png', file]);
    }
    console.log(path.relative(process.cwd(), file));
  };
  for (const viewport of sizes) {
    await page.setViewportSize(viewport);
    for (const [name, url, ready] of visits) {
      try {
        await visit(page, edge.base, url, ready);
        await shot(name, viewport);
      } catch (e) {
        failed++;
        console.error(`${name} at ${viewport.width} px: ${e.message.split('\n')[0]}`);
      }
    }
    try {
      await visit(page, edge.base, '/menu/m-standard', 'h2:text-is("Chicken")');
      await openCartDrawer(page);
      // The drawer covers the window: the window is the picture.
      await shot('cart-drawer', viewport, false);
    } catch (e) {
      failed++;
      console.error(`cart drawer at ${viewport.width} px: ${e.message.split('\n')[0]}`);
    }
  }
} finally {
  await browser.close();
  edge.stop();
}
if (failed) {
  console.error(`${failed} screenshot(s) could not be taken`);
  process.exitCode = 1;
}
