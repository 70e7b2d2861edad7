// Renders the site's sample pictures (the menu's product photos, the pages' heroes and the
// popup's picture) from their SVG sources in shell/public/img/ to lossless WebP files next
// to them, at twice the source's size for sharp pictures on high-density screens, with
// headless Chromium (playwright-core) and `cwebp` (Debian's `webp` package). The WebP files
// are committed and are what the content and the menu point at; run this after changing
// or adding an SVG:
//
//   npm run images -w shell                 (CHROMIUM_PATH overrides /usr/bin/chromium)
//   npm run images -w shell -- products/side   only the sources whose path contains this
//
// Product pictures are lossless: flat colors compress best that way (2–18 KB each). The
// heroes, four times the area and the largest paint of their pages, are lossy at quality
// 85 with sharp color conversion, a third of their lossless weight with no visible loss
// on flat shapes.
//
// Why not the SVGs themselves: the browser builds each SVG picture as a small document of
// its own on the page's main thread (its parse, style, text and layout), 3–20 ms a
// picture on a slow phone, inside the page's start-up; a raster picture is decoded off
// the main thread (docs/content.md, "Pictures").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'img');
const only = process.argv[2] ?? '';
const sources = readdirSync(root, { recursive: true }).filter((f) => f.endsWith('.svg') && f.includes(only));
const scratch = mkdtempSync(path.join(tmpdir(), 'henhouse-images-'));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 2 });
  for (const src of sources) {
    const svg = readFileSync(path.join(root, src), 'utf8');
    const size = svg.match(/viewBox="0 0 (\d+) (\d+)"/);
    if (!size) throw new Error(`${src}: no viewBox "0 0 width height" to size the picture by`);
    const [width, height] = [Number(size[1]), Number(size[2])];
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<!doctype html><html><body style="margin:0">` +
        `<img alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" ` +
        `width="${width}" height="${height}" style="display:block"></body></html>`,
    );
    const png = path.join(scratch, 'picture.png');
    await page.locator('img').screenshot({ path: png });
    const out = src.replace(/\.svg$/, '.webp');
    const quality = width > 300 ? ['-q', '85', '-sharp_yuv'] : ['-lossless'];
    execFileSync('cwebp', ['-quiet', ...quality, png, '-o', path.join(root, out)]);
    console.log(`${out} (${width * 2}×${height * 2}) from ${src}`);
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
