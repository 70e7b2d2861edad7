const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const fs = require('node:fs');
const { shellConfig, prerenderConfig, buildRoot } = require('../kit/build/webpack.cjs');

// Precached by the service worker: the offline page and the icon it links. Asset names
// are relative to build/shell/assets/; the edge serves /static/* and /offline.html.
const precached = [/^\.\.\/static\/offline\.html$/, /^\.\.\/static\/icons\/icon\.svg$/];
const precacheURL = (url) => {
  const p = new URL(url, 'http://shell/').pathname; // "/assets/../static/x" → "/static/x"
  return p === '/static/offline.html' ? '/offline.html' : p;
};

const browser = shellConfig({
  dir: __dirname,
  extraPlugins: [
    new CopyPlugin({
      patterns: [{ from: path.join(__dirname, 'public'), to: path.join(buildRoot, 'shell', 'static') }],
    }),
    // The service worker: src/pwa/sw.ts → build/shell/sw.js, served at /sw.js.
    new InjectManifest({
      swSrc: path.join(__dirname, 'src', 'pwa', 'sw.ts'),
      swDest: path.join(buildRoot, 'shell', 'sw.js'),
      include: precached,
      manifestTransforms: [
        async (entries) => ({ manifest: entries.map((e) => ({ ...e, url: precacheURL(e.url) })), warnings: [] }),
      ],
    }),
  ],
});

// The layouts' chrome as static HTML (docs/shell.md, "First paint and layout stability"):
// src/prerender is bundled for Node, run once, and its output written to
// build/shell/chrome.json, which the edge puts in every page's root.
const prerender = prerenderConfig({
  dir: __dirname,
  entry: './src/prerender/build.ts',
  after: 'browser',
  write: (m) => {
    fs.mkdirSync(path.join(buildRoot, 'shell'), { recursive: true });
    fs.writeFileSync(path.join(buildRoot, 'shell', 'chrome.json'), JSON.stringify(m.renderAllChrome()));
  },
});

module.exports = [browser, prerender];
