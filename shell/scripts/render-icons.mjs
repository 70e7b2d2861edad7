// Renders the PNG icons of the web app manifest from the SVG sources in
// shell/public/icons/ with headless Chromium (playwright-core), and writes them next to
// the sources. The PNGs are committed; run this after changing an SVG:
//
//   npm run icons -w shell        (CHROMIUM_PATH overrides /usr/bin/chromium)
//
// icon.svg (rounded corners, transparent outside) → icon-192.png, icon-512.png
// icon-maskable.svg (full bleed; the letter sits inside the 80 % safe zone)
//   → icon-maskable-192.png, icon-maskable-512.png, apple-touch-icon.png (180, opaque)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

const jobs = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-192.png', 192],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [src, out, size] of jobs) {
    const svg = readFileSync(path.join(dir, src)).toString('base64');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">` +
        `<img alt="" src="data:image/svg+xml;base64,${svg}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').screenshot({ path: path.join(dir, out), omitBackground: true });
    console.log(`${out} (${size}×${size}) from ${src}`);
  }
} finally {
  await browser.close();
}
