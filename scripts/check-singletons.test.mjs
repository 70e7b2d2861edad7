// node --test scripts/: the singleton check against a remote's build written here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findCopies, sharedConfig } from './check-singletons.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-singletons.mjs');
let root;
const dir = () => path.join(root, 'mf-fixture');
const out = () => path.join(root, 'build', 'modules', 'mf-fixture', '1.0.0');

function write(file, body) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
}

/** chunk writes an emitted chunk whose source map names modules (paths from the repository root). */
function chunk(name, modules) {
  write(path.join(out(), name), '/* minified */');
  write(path.join(out(), `${name}.map`), { version: 3, sources: modules.map((m) => `webpack://mf_fixture/../${m}`) });
}

// A remote as kit/build/webpack.cjs builds one: React, zustand and the kit shared, each
// with its fallback chunk, and a screen that imports them by name.
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'singletons-'));
  write(path.join(dir(), 'package.json'), { name: '@henhouse/mf-fixture', version: '1.0.0' });
  write(
    path.join(dir(), 'webpack.config.js'),
    `class ModuleFederationPlugin { constructor(o) { this._options = o; } }
     module.exports = () => ({ plugins: [new ModuleFederationPlugin({ name: 'mf_fixture', shared: {
       react: { singleton: true }, 'react/jsx-runtime': { singleton: true }, zustand: { singleton: true },
       '@henhouse/kit/': { singleton: true } } })] });`,
  );
  write(path.join(root, 'node_modules', 'zustand', 'package.json'), {
    name: 'zustand',
    exports: { '.': { import: { default: './esm/index.mjs' } }, './*': { import: { default: './esm/*.mjs' } } },
  });
  write(path.join(out(), 'mf-manifest.json'), {
    shared: [
      { name: 'react', assets: { js: { sync: ['100.js'], async: [] } } },
      { name: 'react/jsx-runtime', assets: { js: { sync: ['101.js'], async: [] } } },
      { name: 'zustand', assets: { js: { sync: ['102.js'], async: [] } } },
      { name: '@henhouse/kit/state/store', assets: { js: { sync: ['103.js'], async: [] } } },
    ],
  });
  chunk('100.js', ['node_modules/react/index.js', 'node_modules/react/cjs/react.production.js']);
  chunk('101.js', ['node_modules/react/jsx-runtime.js', 'node_modules/react/cjs/react-jsx-runtime.production.js']);
  chunk('102.js', ['node_modules/zustand/esm/index.mjs', 'node_modules/zustand/esm/vanilla.mjs']);
  chunk('103.js', ['node_modules/zustand/esm/middleware.mjs', 'kit/src/state/store.ts']);
  chunk('remoteEntry.js', ['webpack/runtime/federation']);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const copies = () => findCopies({ dir: dir(), out: out(), shared: sharedConfig(dir()) });

test('a build that takes every singleton from the share scope passes', () => {
  chunk('__federation_expose_Screen.js', ['mf-fixture/src/Screen.tsx', 'node_modules/zustand/esm/middleware.mjs']);
  assert.deepEqual(copies(), []);
});

test('a screen chunk holding its own React fails', () => {
  chunk('__federation_expose_Screen.js', ['mf-fixture/src/Screen.tsx', 'node_modules/react/cjs/react.production.js']);
  assert.deepEqual(copies(), [
    { file: '__federation_expose_Screen.js', module: 'node_modules/react/cjs/react.production.js', shared: 'react' },
  ]);
});

test("a chunk holding the kit's store (imported by path) or zustand's core fails", () => {
  chunk('200.js', ['kit/src/state/store.ts', 'node_modules/zustand/esm/vanilla.mjs']);
  chunk('201.js', ['node_modules/zustand/esm/index.mjs']);
  assert.deepEqual(
    copies().map((c) => [c.file, c.shared]),
    [
      ['200.js', '@henhouse/kit/state/store'],
      ['201.js', 'zustand'],
    ],
  );
});

test('a shared package the build did not share at all (no fallback chunk) fails', () => {
  write(path.join(out(), 'mf-manifest.json'), { shared: [] });
  assert.deepEqual(
    copies().map((c) => c.file),
    ['100.js', '100.js', '101.js', '101.js', '102.js'],
  );
});

test('the command exits 1 and names the copy', () => {
  chunk('300.js', ['node_modules/react/index.js']);
  const run = spawnSync(process.execPath, [script, dir()], {
    env: { ...process.env, BUILD_DIR: path.join(root, 'build') },
  });
  assert.equal(run.status, 1);
  assert.match(String(run.stderr), /300\.js: node_modules\/react\/index\.js \(shared as react\)/);

  rmSync(path.join(out(), '300.js'));
  rmSync(path.join(out(), '300.js.map'));
  const ok = spawnSync(process.execPath, [script, dir()], {
    env: { ...process.env, BUILD_DIR: path.join(root, 'build') },
  });
  assert.equal(ok.status, 0, String(ok.stderr));
});
