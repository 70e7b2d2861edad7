#!/usr/bin/env node
// Completes package-lock.json with the platform builds of native packages (swc, rspack,
// unrs-resolver) that the registry we install from does not serve for every system.
// `npm install` leaves such optional packages out of the lock, and `npm ci` then refuses the
// lock as out of sync. An entry carries the package's os/cpu/libc, so npm skips it on every
// other system and fetches it (from the public registry) only where it applies.
// Run after any `npm install` that rewrites the lock: node scripts/lock-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'wasm32'];
const CPU = {
  x64: 'x64',
  arm64: 'arm64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  loong64: 'loong64',
};

/** Reads os, cpu and libc from a platform package's name, e.g. binding-linux-riscv64-musl. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const i = parts.findIndex((p) => OS.includes(p));
  if (i < 0) return null;
  if (parts[i] === 'wasm32') return { cpu: ['wasm32'] };
  const os = parts[i];
  const cpu = CPU[parts[i + 1]];
  if (!cpu) return null;
  const abi = parts.slice(i + 2).join('-');
  const out = { os: [os], cpu: [cpu] };
  if (os === 'linux') out.libc = [abi.startsWith('musl') ? 'musl' : 'glibc'];
  return out;
}

let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${dep}`;
    if (pkgs[at] || pkgs[`${path}/node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    const base = dep.split('/').pop();
    pkgs[at] = {
      version,
      resolved: `https://registry.npmjs.org/${dep}/-/${base}-${version}.tgz`,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform entries added`);
