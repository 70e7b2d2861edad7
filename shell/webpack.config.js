const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { shellConfig, buildRoot } = require('../kit/build/webpack.cjs');

// Precached by the service worker: the offline page and the icon it links. Asset names
// are relative to build/shell/assets/; the edge serves /static/* and /offline.html.
const precached = [/^\.\.\/static\/offline\.html$/, /^\.\.\/static\/icons\/icon\.svg$/];
const precacheURL = (url) => {
  const p = new URL(url, 'http://shell/').pathname; // "/assets/../static/x" → "/static/x"
  return p === '/static/offline.html' ? '/offline.html' : p;
};

module.exports = shellConfig({
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
