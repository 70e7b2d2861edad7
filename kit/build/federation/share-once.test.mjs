// The share-once runtime plugin, on the federation runtime the page runs: how often an
// instance registers its share table while it loads its shared modules, and that the
// modules it gets are the same with the plugin as without.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ModuleFederation, resetFederationGlobalInfo } from '@module-federation/runtime-core';
import shareOncePlugin, { shareOnce } from './share-once.js';

const MODULES = 30;
let pageCount = 0;

// A page of its own for each test: the runtime keeps share scopes and plugins on a global.
function newPage() {
  resetFederationGlobalInfo();
  pageCount += 1;
}

function sharedTable(version, label) {
  const shared = {};
  for (let i = 0; i < MODULES; i++) {
    const lib = { name: `m${i}`, from: label };
    shared[`@henhouse/kit/m${i}`] = {
      version,
      get: () => () => lib,
      shareConfig: { singleton: true, requiredVersion: false },
    };
  }
  return shared;
}

/** instance makes a federation instance that counts its share registrations. */
function instance(name, version, plugins = []) {
  const counted = { registrations: 0 };
  const counter = {
    name: 'count-registrations',
    afterRegisterShare(args) {
      counted.registrations += 1;
      return args;
    },
  };
  const mf = new ModuleFederation({
    name,
    remotes: [],
    shared: sharedTable(version, name),
    shareStrategy: 'loaded-first',
    plugins: [counter, ...plugins],
  });
  return { mf, counted };
}

async function loadAll(mf) {
  const libs = [];
  for (let i = 0; i < MODULES; i++) {
    const factory = await mf.loadShare(`@henhouse/kit/m${i}`);
    libs.push(factory());
  }
  return libs;
}

test('without the plugin, each load of a shared module registers the whole table again', async () => {
  newPage();
  const { mf, counted } = instance(`shell${pageCount}`, '1.0.0');
  const before = counted.registrations;
  await loadAll(mf);
  // The runtime behaviour the plugin is for. When a Module Federation release registers
  // the table once, this fails: the plugin can then go.
  assert.equal(counted.registrations - before, MODULES * MODULES);
});

test('with the plugin, an instance registers its table once while loading all its shared modules', async () => {
  newPage();
  const { mf, counted } = instance(`shell${pageCount}`, '1.0.0', [{ name: 'share-once', apply: shareOnce }]);
  const before = counted.registrations;
  const libs = await loadAll(mf);
  assert.equal(counted.registrations - before, MODULES);
  assert.deepEqual(
    libs.map((l) => l.name),
    Array.from({ length: MODULES }, (_, i) => `m${i}`),
  );
});

/** page loads a shell's shared modules, then a remote's on the shell's share scope, as
 *  a page does when a screen's module starts; with or without the plugin. */
async function page(withPlugin) {
  newPage();
  // Registered globally, as the shell does: the later instance (a remote) gets it too.
  if (withPlugin) shareOncePlugin();
  const shell = instance(`shell${pageCount}`, '1.0.0');
  const shellLibs = await loadAll(shell.mf);
  const remote = instance(`remote${pageCount}`, '1.1.0');
  remote.mf.initShareScopeMap('default', shell.mf.shareScopeMap.default);
  const before = remote.counted.registrations;
  const remoteLibs = await loadAll(remote.mf);
  const scope = shell.mf.shareScopeMap.default;
  return {
    remoteRegistrations: remote.counted.registrations - before,
    versions: Object.keys(scope).map((name) => `${name}@${Object.keys(scope[name]).sort()}`),
    remoteGetsShells: remoteLibs.every((lib, i) => lib === shellLibs[i]),
    shellGetsOwn: shellLibs.every((lib) => lib.from === shell.mf.options.name),
  };
}

test('a remote on the page still brings its versions into the scope and gets the same modules', async () => {
  const without = await page(false);
  const withPlugin = await page(true);
  assert.equal(withPlugin.remoteRegistrations, MODULES);
  assert.equal(without.remoteRegistrations, MODULES * MODULES);
  // Both versions of each module are in the scope, with the plugin as without.
  assert.deepEqual(withPlugin.versions, without.versions);
  assert.ok(withPlugin.versions.every((v) => v.endsWith('@1.0.0,1.1.0')));
  // Singletons, loaded first by the shell: the remote gets the shell's copies.
  assert.equal(withPlugin.remoteGetsShells, true);
  assert.equal(without.remoteGetsShells, withPlugin.remoteGetsShells);
  assert.equal(withPlugin.shellGetsOwn, true);
});
