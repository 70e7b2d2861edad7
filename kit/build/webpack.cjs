// Webpack configuration shared by the shell (host) and every remote, so each
// workspace's webpack.config.js is a few lines and they cannot drift apart.
//
// Remotes publish to build/modules/<name>/<version>/ (the version is the workspace's
// package.json version); the shell publishes to build/shell/. The edge serves both.
const { createHash } = require('node:crypto');
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { promisify } = require('node:util');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');

const repoRoot = path.resolve(__dirname, '..', '..');
const buildRoot = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : path.join(repoRoot, 'build');

function versionOf(pkg) {
  return JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`, { paths: [repoRoot] }), 'utf8')).version;
}

// Singletons: one React, one store library and one kit on the page (the kit holds the
// router, kit/src/router, so there is one router too).
//
// None carries a required version range. For a singleton that is not strict, a range
// only ever led to a console warning (the page's one copy is used either way), and
// checking it ran the federation runtime's semver parser for each shared package of
// the shell and of every remote on each page load: ≈ 18 ms of CPU inside the start-up's
// longest tasks, unthrottled. Versions are checked where a mismatch can be refused:
// publishing a remote whose build has another major version of one of these than the
// shell's is refused (docs/operations.md), and each remote's build checks that it
// holds no copy of its own (scripts/check-singletons.mjs).
function shared() {
  const single = (pkg, version) => ({ singleton: true, requiredVersion: false, version });
  const react = versionOf('react');
  const kit = JSON.parse(fs.readFileSync(path.join(repoRoot, 'kit', 'package.json'), 'utf8')).version;
  return {
    react: single('react', react),
    'react/jsx-runtime': single('react', react),
    'react-dom': single('react-dom', versionOf('react-dom')),
    'react-dom/client': single('react-dom', versionOf('react-dom')),
    zustand: single('zustand', versionOf('zustand')),
    '@henhouse/kit/': { singleton: true, requiredVersion: false, version: kit },
  };
}

// A remote consumes the shared packages (React, react-dom, zustand) from the shell and
// carries no copy of its own (`import: false`). The shell provides them on every page
// before any remote runs, so a remote's copy was never used, yet its entry registered
// it in the share scope at each page load. The kit stays provided by both: a remote may
// need a kit module that an older or newer shell does not use.
function remoteShared() {
  const config = shared();
  for (const [key, value] of Object.entries(config)) {
    if (!key.startsWith('@henhouse/kit/')) config[key] = { ...value, import: false };
  }
  return config;
}

const kitSrc = path.join(repoRoot, 'kit', 'src');
const isKit = (resource) => typeof resource === 'string' && resource.startsWith(kitSrc + path.sep);

// The kit modules the shell imports (directly, or through other kit modules by their
// shared name), read from the shell's sources. The shell provides these on every page,
// so a remote never loads its own copies of them.
function shellKitModules() {
  const found = new Set();
  const resolveKit = (spec) =>
    ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => path.join(kitSrc, spec + ext)).find((f) => fs.existsSync(f));
  const scan = (text) => {
    for (const [, spec] of text.matchAll(/['"]@henhouse\/kit\/([\w./-]+)['"]/g)) {
      const file = resolveKit(spec);
      if (file && !found.has(file)) {
        found.add(file);
        scan(fs.readFileSync(file, 'utf8'));
      }
    }
  };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) scan(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(repoRoot, 'shell', 'src'));
  return found;
}

const EXPOSE_CHUNK = '__federation_expose_';
const hash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 10);

// exposesReaching names the screens (exposed modules) whose loading asks for a chunk:
// the chunk groups above it, up to the exposes' own. `atLoad` are the screens that need
// it to render at all: the path up to them only passes through shared modules' own
// copies (a kit module consumed by the screen, or by a kit module it consumes). `later`
// are the screens that fetch it afterwards, through a chunk of their own (a lazy
// component, an import() on first use). The path a remote's container takes to provide
// its shared modules to others reaches no expose and is left out.
function exposesReaching(chunks) {
  const atLoad = new Set();
  const later = new Set();
  const seen = { true: new Set(), false: new Set() };
  const visit = (group, direct) => {
    if (seen[direct].has(group)) return;
    seen[direct].add(group);
    if (group.name?.startsWith(EXPOSE_CHUNK)) {
      (direct ? atLoad : later).add(group.name.slice(EXPOSE_CHUNK.length));
      return;
    }
    const stillDirect = direct && viaShare(group);
    for (const parent of group.parentsIterable) visit(parent, stillDirect);
  };
  for (const chunk of chunks) for (const group of chunk.groupsIterable) visit(group, true);
  for (const name of atLoad) later.delete(name);
  return { atLoad: [...atLoad].sort(), later: [...later].sort() };
}

// In a remote, the kit modules the shell does not provide go in one chunk per set of
// screens that use them ("kit-Checkout", "kit-GiftCardsBalance-GiftCardsBuy"): a screen
// fetches its kit modules in a few files instead of a file each, and no more of them
// than the screens it shares them with use. A set whose modules come to less than
// KIT_GROUP_MIN bytes of source is not worth a request of its own: those modules all go
// in one `kit-small` file of the remote (a few KB), which every screen needing any of
// them fetches. The checkout fetched nine kit files before its first render, five of
// them under a kilobyte. The remote's copies of the modules the shell provides stay
// apart: they are never loaded.
// 4000: the date formatting the checkout and the order page share (3.5 KB of source)
// keeps a file of its own rather than riding along with the gift card pages.
const KIT_GROUP_MIN = 4000;
// The exception: a set that only one screen uses, of at least KIT_OWN_MIN bytes, keeps its
// own file. In `kit-small` every other screen of the remote would fetch it for nothing
// (the card form of the subscription page, ≈ 1 KB gzip, rode along with the sign-in page).
const KIT_OWN_MIN = 3000;

function remoteKitChunk() {
  const shellKit = shellKitModules();
  const test = (m) => isKit(m.resource) && !shellKit.has(m.resource);
  const groupName = (small) => (_module, chunks) => {
    const { atLoad, later } = exposesReaching(chunks);
    // A module some screen needs to render goes with those screens' files; one that
    // screens only fetch afterwards goes in files of their own ("kit-later-Search"),
    // so it does not ride along with the first load.
    const [prefix, exposes] = atLoad.length ? ['kit', atLoad] : ['kit-later', later];
    if (!exposes.length) return undefined;
    if (small) return `${prefix}-small`;
    const list = exposes.join('-');
    // A long list of screens becomes a short, stable digest of it.
    return list.length <= 40 ? `${prefix}-${list}` : `${prefix}-${hash(list)}`;
  };
  return {
    splitChunks: {
      cacheGroups: {
        kit: {
          test,
          chunks: 'async',
          name: groupName(false),
          priority: 20,
          // Not enforced, so a set under the minimum is left to kitSmall.
          minSize: KIT_GROUP_MIN,
          minChunks: 1,
          maxAsyncRequests: Infinity,
        },
        kitOwn: {
          test: (m, { chunkGraph }) => {
            if (!test(m)) return false;
            const { atLoad, later } = exposesReaching(chunkGraph.getModuleChunks(m));
            return (atLoad.length ? atLoad : later).length === 1;
          },
          chunks: 'async',
          name: groupName(false),
          priority: 15,
          minSize: KIT_OWN_MIN,
          minChunks: 1,
          maxAsyncRequests: Infinity,
        },
        kitSmall: { test, chunks: 'async', name: groupName(true), priority: 10, enforce: true },
      },
    },
  };
}

// The chunk of the shell's own code that the entry loads at once (shell/src/index.ts
// names its import of ./main).
const SHELL_FIRST = 'shell';

// viaShare: a chunk group that holds a shared module's own copy, loaded when a chunk
// consumes it through the share scope.
const viaShare = (group) =>
  group.origins.length > 0 && group.origins.every((o) => o.module?.type === 'consume-shared-module');

// Shared modules are shared one by one, so each would be a chunk of its own: a page
// fetched some twenty-five kit files of under a kilobyte each, and React, react-dom,
// their JSX runtime and zustand as six more, before its first render. Each file is a
// request, and the federation runtime adds a script element for each in the task that
// starts the page (0.5–1 ms apiece on a desktop). The shell's first render needs all of
// them, so its build puts the shared packages in one `vendor` chunk and the kit modules
// it uses in one `kit` chunk. The packages stay apart from the kit and the shell's code
// so that a new shell leaves the largest file (react-dom) cached. A remote groups its
// kit modules by screen (remoteKitChunk).
const SHARED_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|zustand)[\\/]/;
const shellChunks = {
  splitChunks: {
    cacheGroups: {
      vendor: { test: (m) => SHARED_PACKAGES.test(m.resource ?? ''), chunks: 'async', name: 'vendor', enforce: true },
      kit: { test: (m) => isKit(m.resource), chunks: 'async', name: 'kit', enforce: true },
    },
  },
};

// TypeScript and JSX through swc, for the browser (es2020) or Node (es2022).
const scriptRule = (target) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        // development: false in every mode: JSX compiles to react/jsx-runtime, which the
        // shell shares, also in a remote's dev server. The page's React is the shell's
        // production build; react/jsx-dev-runtime is not shared, and the development copy
        // a remote would bring of it fails against that React.
        transform: { react: { runtime: 'automatic', development: false } },
        target,
      },
    },
  },
});

function rules() {
  return [
    scriptRule('es2020'),
    {
      test: /\.css$/,
      use: [MiniCssExtractPlugin.loader, 'css-loader'],
    },
    { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
  ];
}

// The page's Content-Security-Policy (docs/security.md) lets styles and inline code
// run only with the nonce the edge writes on the page's scripts. This puts a runtime
// module into every runtime chunk (the shell's main.js, each remote's remoteEntry.js)
// that reads the nonce of the script element running it into __webpack_nonce__, so the
// chunk scripts webpack adds and the style sheet links mini-css-extract adds carry it. The
// shell's federation runtime puts the nonce on each remote's entry script
// (shell/src/federation/nonce.ts). Outside a page (a worker) it does nothing.
class ScriptNoncePlugin {
  apply(compiler) {
    const { RuntimeGlobals, RuntimeModule } = compiler.webpack;
    class ScriptNonceRuntimeModule extends RuntimeModule {
      constructor() {
        // After webpack's own nonce module, which sets __webpack_nonce__ to undefined.
        super('script nonce', RuntimeModule.STAGE_TRIGGER);
      }
      generate() {
        return [
          'if (typeof document !== "undefined" && document.currentScript && document.currentScript.nonce) {',
          `  ${RuntimeGlobals.scriptNonce} = document.currentScript.nonce;`,
          '}',
        ].join('\n');
      }
    }
    compiler.hooks.thisCompilation.tap('ScriptNoncePlugin', (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap('ScriptNoncePlugin', (chunk) => {
        compilation.addRuntimeModule(chunk, new ScriptNonceRuntimeModule());
      });
    });
  }
}

// Writes a gzip (.gz) and a brotli (.br) copy next to every compressible file of the
// build, so the edge serves them as they are and never compresses into the build
// directory at run time (docs/security.md, "A read-only build"). Only copies that save
// at least a fifth are kept; source maps get gzip only (they are large and only
// developer tools ask for them). Each copy gets its original's modification time, so
// the edge sees it as current and Last-Modified is the same in every encoding.
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const compressible = /\.(js|mjs|css|json|svg|html|webmanifest|txt|map)$/;
    const written = [];
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      written.length = 0;
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1, additionalAssets: true },
        async (assets) => {
          const work = [];
          for (const [name, source] of Object.entries(assets)) {
            if (!compressible.test(name)) continue;
            const input = source.buffer();
            if (input.length < 1024) continue;
            const encodings = [['.gz', () => gzip(input, { level: 9 })]];
            if (!name.endsWith('.map')) {
              encodings.push([
                '.br',
                () =>
                  brotli(input, {
                    params: {
                      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
                    },
                  }),
              ]);
            }
            for (const [suffix, compress] of encodings) {
              work.push(
                compress().then((out) => {
                  if (out.length > input.length * 0.8) return;
                  compilation.emitAsset(name + suffix, new sources.RawSource(out), { compressed: true });
                  written.push([name, name + suffix]);
                }),
              );
            }
          }
          await Promise.all(work);
        },
      );
    });
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const out = compilation.outputOptions.path;
      for (const [original, copy] of written) {
        const { atime, mtime } = fs.statSync(path.join(out, original));
        fs.utimesSync(path.join(out, copy), atime, mtime);
      }
    });
  }
}

function base(dir, mode) {
  const prod = mode !== 'development';
  return {
    context: dir,
    mode: prod ? 'production' : 'development',
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      alias: { '@henhouse/kit': path.join(repoRoot, 'kit', 'src') },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    cache: { type: 'filesystem', cacheDirectory: path.join(repoRoot, 'node_modules', '.cache', 'webpack', path.basename(dir)) },
  };
}

// Static HTML rendered at build time (the shell's chrome, a remote's screens): `entry`
// is bundled for Node with React's server renderer, run once after the browser build,
// and `write(exports)` puts what it exports where the edge reads it. Styles and images
// are the browser build's; here only their names matter.
const prerenderCache = path.join(repoRoot, 'node_modules', '.cache', 'henhouse-prerender');
function prerenderConfig({ dir, entry, after, write }) {
  const out = path.join(prerenderCache, path.basename(dir));
  return (_env, argv) => ({
    name: 'prerender',
    dependencies: [after],
    context: dir,
    mode: argv.mode === 'development' ? 'development' : 'production',
    target: 'node',
    entry: { prerender: entry },
    output: { path: out, filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      alias: { '@henhouse/kit': path.join(repoRoot, 'kit', 'src') },
    },
    module: {
      rules: [
        scriptRule('es2022'),
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      {
        apply(compiler) {
          compiler.hooks.afterEmit.tap('WritePrerender', () => {
            const bundle = path.join(out, 'prerender.js');
            delete require.cache[bundle];
            write(require(bundle));
          });
        },
      },
    ],
  });
}

/** The file of a remote version's prerendered screens, read by the edge
 *  (edge/internal/modules, ScreenPrerenderFile). */
const SCREEN_PRERENDER_FILE = 'screen-prerender.json';

/**
 * remoteConfig builds a federated remote. `prerender`, optional, is a module exporting
 * renderScreens() (kit/src/prerender/screens.tsx, docs/shell.md "Prerendered screens"):
 * its screens' HTML is written to the version's screen-prerender.json.
 * Under `webpack serve` (the workspace's `npm start`) only the browser build runs, from
 * the dev server (devServer below); nothing is written into the build directory.
 * @param {{dir: string, exposes: Record<string,string>, prerender?: string}} opts
 */
function remoteConfig({ dir, exposes, prerender }) {
  const browser = remoteBrowserConfig({ dir, exposes });
  return (env, argv) => {
    if (!prerender || env?.WEBPACK_SERVE) return browser(env, argv);
    return [
      browser(env, argv),
      prerenderConfig({
        dir,
        entry: prerender,
        after: 'browser',
        write: (m) => {
          const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
          const name = pkg.name.replace(/^@henhouse\//, '');
          const file = path.join(buildRoot, 'modules', name, pkg.version, SCREEN_PRERENDER_FILE);
          fs.writeFileSync(file, JSON.stringify(m.renderScreens()));
        },
      })(env, argv),
    ];
  };
}

// The port each remote's dev server listens on by default (`npm -w mf-menu start`), so
// several teams' servers run side by side; DEV_PORT chooses another.
const devPorts = { 'mf-locations': 3001, 'mf-menu': 3002, 'mf-checkout': 3003, 'mf-account': 3004, 'mf-content': 3005 };

/**
 * devServer is a remote's webpack-dev-server (README.md, "Working on one module"). The
 * page is the edge's, on another origin, which loads the remote's remoteEntry.js from
 * here when the module override names this server (docs/operations.md, "Trying a
 * version"). So: the entry and its chunks are served from the server's root, with
 * Access-Control-Allow-Origin for the edge (the hot updates are fetched from the page);
 * the edge's host may open the hot-reload WebSocket, whose URL is given in full because
 * the page's own location names the edge, not this server.
 *   DEV_PORT     the port (default: devPorts above)
 *   DEV_HOST     the address to listen on (default 127.0.0.1; 0.0.0.0 on a shared dev
 *                box, where the page then opens the WebSocket on the host it came from)
 *   EDGE_ORIGIN  the edge's origin the page is opened on (default http://127.0.0.1:8080)
 */
function devServer(name) {
  const host = process.env.DEV_HOST || '127.0.0.1';
  const port = Number(process.env.DEV_PORT || devPorts[name] || 3000);
  const edge = new URL(process.env.EDGE_ORIGIN || 'http://127.0.0.1:8080');
  const wsHost = host.includes(':') ? `[${host}]` : host;
  return {
    host,
    port,
    hot: true,
    headers: { 'Access-Control-Allow-Origin': edge.origin, Vary: 'Origin' },
    allowedHosts: [edge.hostname],
    static: false,
    client: { webSocketURL: `ws://${wsHost}:${port}/ws`, logging: 'warn', overlay: { warnings: false } },
  };
}

function remoteBrowserConfig({ dir, exposes }) {
  return (env, argv) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const name = pkg.name.replace(/^@henhouse\//, '');
    const remote = name.replace(/-/g, '_');
    const serve = Boolean(env?.WEBPACK_SERVE);
    // Served: names without content hashes (a hot update replaces a file under its own
    // name), and none of the build's files for the edge (precompressed copies written to
    // disk, preload lists, compile hints).
    const named = serve ? '[name].js' : '[name].[contenthash:8].js';
    return {
      ...base(dir, argv.mode),
      name: 'browser',
      entry: {},
      output: {
        path: path.join(buildRoot, 'modules', name, pkg.version),
        publicPath: 'auto',
        uniqueName: remote,
        filename: named,
        chunkFilename: named,
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: !serve,
      },
      // Served: source maps in files of their own, not eval(), which the page's
      // Content-Security-Policy refuses (docs/security.md).
      ...(serve ? { devServer: devServer(name), devtool: 'cheap-module-source-map' } : {}),
      // A remote's styles are style sheets of their own (<link>, with the page's nonce),
      // loaded with the chunk that imports them, not strings in its JavaScript: the
      // edge preloads a screen's sheets with its scripts (mf-manifest.json's
      // css.sync), and the browser parses them without running script.
      module: { rules: rules() },
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', minimizer: minimizers(), ...remoteKitChunk() },
      plugins: [
        new MiniCssExtractPlugin({
          filename: serve ? '[name].css' : '[name].[contenthash:8].css',
          chunkFilename: serve ? '[name].css' : '[name].[contenthash:8].css',
        }),
        new ModuleFederationPlugin({
          name: remote,
          filename: 'remoteEntry.js',
          exposes,
          shared: remoteShared(),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // target web: the runtime leaves out its Node.js script loader (≈ 4 KB gzip).
          // disableRemote: a remote loads no remotes of its own (the shell composes
          // them), so its entry leaves out the code that would.
          experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
        }),
        new SharedBundlerRuntimePlugin('remote'),
        ...(serve ? [] : [new CompileHintsPlugin({ all: true }), new ScreenPreloadsPlugin()]),
        new ScriptNoncePlugin(),
        ...(serve ? [] : [new PrecompressPlugin()]),
      ],
    };
  };
}

// The shared modules the shell provides on every page (every shared package, and the
// kit modules it uses): a remote's copies of them are never fetched.
const providedByShell = (shellKit) => {
  const packages = Object.keys(shared()).filter((key) => !key.startsWith('@henhouse/kit/'));
  return (shareKey, resolved) => packages.includes(shareKey) || shellKit.has(resolved);
};

// Writes screen-preloads.json beside a remote's mf-manifest.json: for each screen
// (exposed module), the files of the shared modules it fetches before it runs, which
// the manifest's own sync assets leave out. Those are the remote's kit modules the shell
// does not provide (its `kit-…` files and their styles). A screen consumes a shared
// module through the share scope, where the remote's container registered its own copy:
// that copy's chunks (the provide path) are what the browser fetches, not the consume's
// fallback chunks (same scripts, but each path has its own style chunk). So the walk goes
// from the screen's chunk group to each shared module it consumes, skips those the shell
// provides, takes the provided copy's chunks, and goes on with what that copy consumes.
// Without this the edge preloads the screen's own files only, and the browser finds its
// kit files a round trip later, once the remote entry has run.
class ScreenPreloadsPlugin {
  apply(compiler) {
    const provided = providedByShell(shellKitModules());
    compiler.hooks.thisCompilation.tap('ScreenPreloadsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ScreenPreloadsPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const providedCopy = new Map(); // share key → the chunk group of the remote's own copy
          for (const group of compilation.chunkGroups) {
            for (const o of group.origins) {
              if (o.module?.type === 'provide-module') providedCopy.set(o.module._name, group);
            }
          }
          const screens = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith(EXPOSE_CHUNK)) continue;
            const own = new Set(group.chunks.flatMap((c) => [...c.files]));
            const files = new Set();
            const seen = new Set();
            const visit = (g) => {
              for (const child of g.childrenIterable) {
                if (!viaShare(child)) continue;
                for (const o of child.origins) {
                  const { shareKey, importResolved } = o.module.options;
                  if (seen.has(shareKey) || provided(shareKey, importResolved)) continue;
                  seen.add(shareKey);
                  const copy = providedCopy.get(shareKey) ?? child;
                  for (const chunk of copy.chunks) {
                    for (const f of chunk.files) if (!own.has(f) && /\.(js|css)$/.test(f)) files.add(f);
                  }
                  visit(copy);
                }
              }
            };
            visit(group);
            const all = [...files].sort();
            screens[name.slice(EXPOSE_CHUNK.length)] = {
              js: all.filter((f) => f.endsWith('.js')),
              css: all.filter((f) => f.endsWith('.css')),
            };
          }
          const body = JSON.stringify({ screens }, null, 2);
          compilation.emitAsset('screen-preloads.json', new compiler.webpack.sources.RawSource(body));
        },
      );
    });
  }
}

// firstRenderChunks are the script files the shell loads before its first render: its
// first chunk (shell/src/index.ts imports ./main as "shell") and the shared modules that
// chunk consumes, and those consume in turn (the vendor chunk: React, react-dom,
// zustand; the kit chunk). What the entry only provides to the page, and what the
// deferred chrome, the service worker registration or the beacons load later, is not
// among them. The edge preloads them, so they download beside main.js instead of after
// it has run, and none goes unused.
function firstRenderChunks(entry) {
  const files = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) for (const f of chunk.files) if (f.endsWith('.js')) files.add(f);
    for (const child of group.childrenIterable) if (viaShare(child)) visit(child);
  };
  for (const group of entry.childrenIterable) if (group.name === SHELL_FIRST) visit(group);
  return [...files].sort();
}

// Writes entrypoints.json: the shell's entry files, which the edge puts in the
// document, the chunks it preloads, and a build id derived from their content hashes.
class EntrypointsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntrypointsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntrypointsPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entry = compilation.entrypoints.get('main');
          const files = entry.getFiles();
          const js = files.filter((f) => f.endsWith('.js'));
          const unhashed = js.filter((f) => !/\.[0-9a-f]{8}\.js$/.test(f));
          if (unhashed.length) {
            compilation.errors.push(new Error(`entry files without a content hash: ${unhashed.join(', ')}`));
          }
          const css = files.filter((f) => f.endsWith('.css'));
          const buildId = String(compilation.hash).slice(0, 12);
          const preload = firstRenderChunks(entry);
          if (!preload.length) {
            compilation.errors.push(new Error(`no chunk named "${SHELL_FIRST}": the entry must import ./main by that name`));
          }
          const body = JSON.stringify({ js, css, preload, buildId }, null, 2);
          compilation.emitAsset('../entrypoints.json', new compiler.webpack.sources.RawSource(body));
        },
      );
    });
  }
}

// The entry the federation plugin generates imports its runtime-core provider plugin
// by the CommonJS file (…/inject-external-runtime-core-plugin/dist/index.cjs), which
// pulls in the CommonJS build of runtime-core and its sdk beside the ES module build
// the rest of the runtime uses: the runtime twice in main.js. This points it at the
// plugin's ES module file, so the page has one copy, the one it also hands the remotes.
class OneFederationRuntimePlugin {
  apply(compiler) {
    const cjs = /inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/;
    const esm = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [repoRoot] });
    replaceModule(compiler, 'OneFederationRuntimePlugin', "the runtime-core provider's CommonJS file", cjs, esm.replace(/index\.cjs$/, 'index.js'));
  }
}

// The page runs one copy of the webpack bundler runtime of Module Federation (the
// functions that load shared modules and start a container): the shell's, which its
// runtime plugin hands to the remotes (federation/provide-bundler-runtime.js). A
// remote's entry imports federation/remote-bundler-runtime.js in its place, which takes
// the shell's functions and keeps its own container start; each remote's entry was
// ≈ 3 KB gzip larger with its copy. Both sides are stamped with the Module Federation
// version they were built with, which must be the same (the edge refuses to publish a
// remote built with another, docs/operations.md).
const federationVersion = versionOf('@module-federation/webpack-bundler-runtime');
class SharedBundlerRuntimePlugin {
  constructor(side) {
    this.side = side;
  }
  apply(compiler) {
    const { DefinePlugin } = compiler.webpack;
    new DefinePlugin({ __FEDERATION_VERSION__: JSON.stringify(federationVersion) }).apply(compiler);
    if (this.side !== 'remote') return;
    replaceModule(
      compiler,
      'SharedBundlerRuntimePlugin',
      'the bundler runtime of the federation entry',
      /webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/,
      path.join(__dirname, 'federation', 'remote-bundler-runtime.js'),
    );
  }
}

// The shell's build leaves out the federation runtime's snapshot handler, which reads
// remotes' manifests for manifest-registered remotes and preloadRemote(), and the asset
// preloading behind preloadRemote(); the page uses neither (federation/snapshot-handler.js
// keeps the rest of the handler, federation/preload.js says preloading is not there).
// The replacement reaches runtime-core's files by their path, which the package does not
// export, through the `henhouse-runtime-core` alias of its dist folder.
class LeanFederationRuntimePlugin {
  apply(compiler) {
    const dist = path.dirname(require.resolve('@module-federation/runtime-core', { paths: [repoRoot] }));
    compiler.options.resolve.alias = { ...compiler.options.resolve.alias, 'henhouse-runtime-core': dist };
    replaceModule(
      compiler,
      'LeanFederationRuntimePlugin',
      "runtime-core's snapshot handler",
      /runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/,
      path.join(__dirname, 'federation', 'snapshot-handler.js'),
    );
    replaceModule(
      compiler,
      'LeanFederationRuntimePlugin',
      "runtime-core's preloading",
      /runtime-core[\\/]dist[\\/]utils[\\/]preload\.js$/,
      path.join(__dirname, 'federation', 'preload.js'),
    );
  }
}

// V8's explicit compile hint: a script that starts with this comment has every function
// in it compiled as the script is streamed, on a background thread, instead of each
// function on the main thread the first time it is called. On a first visit that
// compiling was a large part of the long tasks a slow phone is blocked by (bench/README.md,
// "Compile hints"). Every script of the shell and of the remotes gets it: the files that
// start a page run almost every function they hold, and a chunk that runs fewer (Leaflet)
// is compiled on another core while the main thread is busy. Browsers without the hint
// read a comment.
// Added after the minifier, which drops comments, and before the source maps, the
// content hashes and the compressed copies, which so include it.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
class CompileHintsPlugin {
  /**
   * @param {{required?: string[], all?: boolean}} opts `required`: the names of chunks
   * that must be there and hinted (the build fails without one); `all`: every script of
   * the build is hinted, not only those.
   */
  constructor({ required = [], all = false }) {
    this.required = new Set(required);
    this.all = all;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const hinted = new Set();
          const files = new Set();
          for (const chunk of compilation.chunks) {
            if (!this.all && !this.required.has(chunk.name)) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js') || files.has(file)) continue;
              files.add(file);
              compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
              if (chunk.name) hinted.add(chunk.name);
            }
          }
          for (const name of this.required) {
            if (!hinted.has(name)) compilation.errors.push(new Error(`CompileHintsPlugin: no script of the chunk "${name}"`));
          }
        },
      );
    });
  }
}

// minimizers: webpack's own for scripts ('...', terser) and lightningcss for the style
// sheets, which mini-css-extract writes as they were authored (comments, indentation):
// the shell's sheet blocks the first paint, and minified it is a third smaller
// (4.0 → 2.7 KB gzip).
function minimizers() {
  return ['...', new CssMinimizerPlugin({ minify: CssMinimizerPlugin.lightningCssMinify })];
}

// replaceModule puts the file `by` in place of the module whose path matches `target`,
// however it is imported (a relative import inside its package, or an absolute one from
// generated code): the request is swapped before it is resolved, so the module is built
// and cached under the replacement's own name. The build fails when no import of the
// target was met: after a Module Federation upgrade moved or renamed the file, it would
// otherwise carry the original again without a word. (Once met, a later compilation of
// the same compiler, which may reuse the module without resolving it again, is not held
// to it.)
function replaceModule(compiler, plugin, what, target, by) {
  let met = false;
  compiler.hooks.normalModuleFactory.tap(plugin, (factory) => {
    factory.hooks.beforeResolve.tap(plugin, (data) => {
      if (!/^[./]/.test(data.request) || !target.test(path.resolve(data.context, data.request))) return;
      data.request = by;
      met = true;
    });
  });
  compiler.hooks.thisCompilation.tap(plugin, (compilation) => {
    compilation.hooks.finishModules.tap(plugin, () => {
      if (!met) compilation.errors.push(new Error(`${plugin}: ${what} was not found; the federation packages changed`));
    });
  });
}

/**
 * shellConfig builds the host.
 * @param {{dir: string, extraPlugins?: any[]}} opts
 */
function shellConfig({ dir, extraPlugins = [] }) {
  return (_env, argv) => ({
    ...base(dir, argv.mode),
    name: 'browser',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(buildRoot, 'shell', 'assets'),
      publicPath: '/assets/',
      uniqueName: 'shell',
      // Every file, the entry too, is named by its content, so the edge serves all of
      // /assets as immutable; the edge reads the entry's name from entrypoints.json.
      // The federation runtime module asks for the entry's own file name while that
      // chunk is still being hashed (it only uses the name's folder depth): until the
      // content hash exists, the name without it answers. EntrypointsPlugin checks
      // that the emitted entry is hashed.
      filename: (pathData) => (pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js'),
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: '[name].[contenthash:8][ext]',
      clean: true,
    },
    module: { rules: rules() },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      minimizer: minimizers(),
      ...shellChunks,
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: shared(),
        // Use what the shell already loaded instead of fetching every remote's copy
        // of a shared package to compare versions.
        shareStrategy: 'loaded-first',
        dts: false,
        // target web: the runtime leaves out its Node.js script loader (≈ 4 KB gzip).
        // disableSnapshot: the shell registers each remote by its remoteEntry.js
        // (shell/src/federation/remotes.ts), never by its mf-manifest.json, so the
        // runtime's manifest and snapshot handling is left out.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
        runtimePlugins: [
          path.join(__dirname, 'federation', 'provide-bundler-runtime.js'),
          path.join(__dirname, 'federation', 'share-once.js'),
        ],
      }),
      new OneFederationRuntimePlugin(),
      new LeanFederationRuntimePlugin(),
      new SharedBundlerRuntimePlugin('shell'),
      new EntrypointsPlugin(),
      new ScriptNoncePlugin(),
      // The files the shell's first render runs (shellChunks, and the entry).
      new CompileHintsPlugin({ required: ['main', 'vendor', 'kit', 'shell'], all: true }),
      ...extraPlugins,
      new PrecompressPlugin(),
    ],
  });
}

module.exports = { remoteConfig, shellConfig, prerenderConfig, buildRoot, PrecompressPlugin };
