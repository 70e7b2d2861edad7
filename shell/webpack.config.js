const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const fs = require('node:fs');
const { shellConfig, buildRoot } = require('../kit/build/webpack.cjs');

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
const prerenderDir = path.join(__dirname, '..', 'node_modules', '.cache', 'henhouse-prerender');
class WriteChromePlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('WriteChromePlugin', () => {
      const bundle = path.join(prerenderDir, 'prerender.js');
      delete require.cache[bundle];
      const chrome = require(bundle).renderAllChrome();
      fs.mkdirSync(path.join(buildRoot, 'shell'), { recursive: true });
      fs.writeFileSync(path.join(buildRoot, 'shell', 'chrome.json'), JSON.stringify(chrome));
    });
  }
}
const prerender = (_env, argv) => ({
  name: 'prerender',
  context: __dirname,
  mode: argv.mode === 'development' ? 'development' : 'production',
  target: 'node',
  entry: { prerender: './src/prerender/build.ts' },
  output: { path: prerenderDir, filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
  resolve: {
    extensions: ['.tsx', '.ts', '.jsx', '.js'],
    alias: { '@henhouse/kit': path.join(__dirname, '..', 'kit', 'src') },
  },
  module: {
    rules: [
      {
        test: /\.[jt]sx?$/,
        exclude: /node_modules/,
        use: {
          loader: 'swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
        },
      },
      // Styles and images are the browser build's; here only their names matter.
      { test: /\.css$/, type: 'asset/source' },
      { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  optimization: { minimize: false },
  performance: { hints: false },
  stats: 'errors-warnings',
  plugins: [new WriteChromePlugin()],
});

module.exports = [browser, prerender];
