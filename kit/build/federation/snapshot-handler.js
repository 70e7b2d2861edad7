// Takes the place of the federation runtime's snapshot handler in the shell's build
// (kit/build/webpack.cjs, LeanFederationRuntimePlugin). The handler reads remotes'
// mf-manifest.json files and builds "snapshots" of them, for remotes registered by
// their manifest and for preloadRemote(). The page does neither: the shell registers
// each remote by its remoteEntry.js and builds with disableSnapshot, and the edge
// preloads what a screen needs. So the page keeps what the runtime itself uses of the
// handler (its plugin hooks, the manifest cache that removing a remote clears, and
// getGlobalRemoteInfo) and leaves out the manifest and snapshot code, ≈ 1.4 KB gzip.
import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from 'henhouse-runtime-core/global.js';
import { PluginSystem } from 'henhouse-runtime-core/utils/hooks/pluginSystem.js';

export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion) {
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: globalRemoteInfo.matchedVersion }),
    };
  }
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

export class SnapshotHandler {
  constructor(host) {
    this.HostInstance = host;
    this.manifestCache = new Map();
    // No snapshot hooks: a plugin's handlers for them are never called, as with the
    // runtime's own handler when snapshots are disabled.
    this.hooks = new PluginSystem({});
  }

  async loadRemoteSnapshotInfo() {
    throw new Error('This page loads remotes by their remoteEntry.js: remote manifests and preloadRemote() are not built in.');
  }
}
