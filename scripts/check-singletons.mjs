#!/usr/bin/env node
// Fails when a remote's build holds its own copy of a shared singleton (React,
// react-dom, zustand, a kit module such as the store) outside the share scope, where
// it would run beside the shell's copy: two Reacts break hooks, two stores split the
// app state (docs/shell.md, "One copy of each shared package").
//
// What is shared is the workspace's own Module Federation config (its webpack.config.js,
// kit/build/webpack.cjs `shared()`). Its build writes mf-manifest.json, which names, for
// each shared package, the chunks holding the remote's fallback copy (used only when no
// copy was provided); the source maps name the modules each emitted chunk holds. A
// module of a shared package in any other chunk is a copy of its own.
//
// Usage, in a remote's directory after its build: node ../scripts/check-singletons.mjs
// [workspace dir] [--out <the build's output dir>]. Default output dir:
// $BUILD_DIR/modules/<name>/<version> (BUILD_DIR: <repo>/build).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** packageOf is the npm package a request names ("react/jsx-runtime" → "react"). */
export function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** isShared: a request is shared by name, or by a key ending in "/" as a prefix. */
export function isShared(shared, spec) {
  return Object.keys(shared).some((key) => key === spec || (key.endsWith('/') && spec.startsWith(key)));
}

function leaves(target, out = []) {
  if (typeof target === 'string') out.push(target.replace(/^\.\//, ''));
  else if (target && typeof target === 'object') for (const t of Object.values(target)) leaves(t, out);
  return out;
}

/** unsharedFile tells a file of pkg that only a request the config does not share
 *  reaches (an export such as "zustand/middleware"): a copy of it is no singleton's. */
function unsharedFile(root, shared, pkg, file) {
  const pj = path.join(root, 'node_modules', pkg, 'package.json');
  if (!existsSync(pj)) return false;
  const exports = JSON.parse(readFileSync(pj, 'utf8')).exports;
  if (!exports || typeof exports !== 'object') return false;
  // An export naming the file itself decides; a pattern ("./*") only when none does.
  const exact = [];
  const patterned = [];
  for (const [sub, target] of Object.entries(exports)) {
    if (!sub.startsWith('.')) continue;
    for (const leaf of leaves(target)) {
      if (!sub.includes('*')) {
        if (leaf === file) exact.push(sub === '.' ? pkg : pkg + sub.slice(1));
        continue;
      }
      const [pre, post] = leaf.split('*');
      if (leaf.includes('*') && file.startsWith(pre) && file.endsWith(post)) {
        patterned.push(pkg + sub.slice(1).replace('*', file.slice(pre.length, file.length - post.length)));
      }
    }
  }
  const specs = exact.length ? exact : patterned;
  return specs.length > 0 && specs.every((spec) => !isShared(shared, spec));
}

/** sharedConfig is the `shared` option of the workspace's federation plugin. */
export function sharedConfig(dir) {
  const require = createRequire(path.join(dir, 'package.json'));
  let config = require(path.join(dir, 'webpack.config.js'));
  // A remote with prerendered screens builds its browser build and their Node build.
  if (typeof config === 'function') config = config({}, { mode: 'production' });
  if (Array.isArray(config)) config = config[0];
  if (typeof config === 'function') config = config({}, { mode: 'production' });
  const plugin = (config.plugins ?? []).find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
  const shared = plugin?._options?.shared;
  if (!shared || typeof shared !== 'object' || Array.isArray(shared)) {
    throw new Error(`${dir}: no shared packages in the federation config`);
  }
  return shared;
}

/**
 * findCopies returns the copies of shared singletons in a remote's output directory:
 * [{ file, module, shared }]: the chunk, the module's path from the repository root, and
 * the shared request it belongs to.
 */
export function findCopies({ dir, out, shared, root = path.resolve(dir, '..') }) {
  const manifest = JSON.parse(readFileSync(path.join(out, 'mf-manifest.json'), 'utf8'));
  const assets = new Map(); // shared request → its fallback chunks
  for (const s of manifest.shared ?? []) {
    assets.set(s.name, new Set([...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]));
  }
  const packages = new Map(); // npm package → the fallback chunks of all its shared requests
  for (const key of Object.keys(shared)) {
    if (key.endsWith('/')) continue;
    const pkg = packageOf(key);
    const set = packages.get(pkg) ?? new Set();
    for (const f of assets.get(key) ?? []) set.add(f);
    packages.set(pkg, set);
  }
  const kitPrefix = Object.keys(shared).find((k) => k.endsWith('/') && packageOf(k) === '@henhouse/kit');

  const copies = [];
  const files = readdirSync(out, { recursive: true }).filter((f) => String(f).endsWith('.js'));
  for (const file of files.map(String)) {
    const map = path.join(out, `${file}.map`);
    if (!existsSync(map)) throw new Error(`${file} has no source map: its modules cannot be checked`);
    const chunk = file.split(path.sep).join('/');
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? []) {
      if (!source.startsWith('webpack://')) continue;
      const rel = path
        .relative(root, path.resolve(dir, source.replace(/^webpack:\/\/[^/]*\//, '')))
        .split(path.sep)
        .join('/');
      const kit = /^kit\/src\/(.+?)(?:\/index)?\.[cm]?[jt]sx?$/.exec(rel);
      if (kit && kitPrefix) {
        // A kit module is shared under its own request ("@henhouse/kit/state/store"):
        // one the remote asks for belongs in that request's fallback chunks only.
        const spec = kitPrefix + kit[1];
        if (assets.has(spec) && !assets.get(spec).has(chunk)) copies.push({ file: chunk, module: rel, shared: spec });
        continue;
      }
      const npm = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(rel);
      if (!npm || !packages.has(npm[1])) continue;
      const [, pkg, inner] = npm;
      if (packages.get(pkg).has(chunk) || unsharedFile(root, shared, pkg, inner)) continue;
      copies.push({ file: chunk, module: rel, shared: pkg });
    }
  }
  return copies;
}

function main(argv) {
  const args = [...argv];
  const at = args.indexOf('--out');
  let out = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const dir = path.resolve(args[0] ?? process.cwd());
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const name = pkg.name.replace(/^@henhouse\//, '');
  const buildRoot = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : path.resolve(dir, '..', 'build');
  out = path.resolve(out ?? path.join(buildRoot, 'modules', name, pkg.version));
  const copies = findCopies({ dir, out, shared: sharedConfig(dir) });
  if (copies.length) {
    console.error(`${name} ${pkg.version}: its build holds its own copy of a shared singleton:`);
    for (const c of copies) console.error(`  ${c.file}: ${c.module} (shared as ${c.shared})`);
    console.error('Import it by its package name (not a path or an alias) so the share scope provides it.');
    return 1;
  }
  console.log(`${name} ${pkg.version}: no copy of a shared singleton outside the share scope.`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)));
