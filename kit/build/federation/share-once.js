// A federation runtime plugin of the shell, applied to every federation instance on the
// page (the shell's and each remote's): an instance registers its share table in a
// share scope once, not again at each shared module it loads.
//
// Why: the runtime's loadShare() starts by initializing the share scope, and the guard
// that should make that happen once per scope is handed a new, empty "init scope" on
// each call, so it never holds. Every load of a shared module then registered the
// instance's whole share table again: the shell loads its ≈ 33 shared modules (React and
// the kit's modules) at start, a remote its own ≈ 35, so ≈ 1,100 registrations and as
// many hook calls where ≈ 70 do the work. They ran inside the page's longest start-up
// tasks (docs/shell.md, "First-load budget"). The same fix is proposed upstream
// (module-federation/core pull request 5062); once a release has it, this plugin goes.
//
// What stays the same: each instance's first load still registers its whole table
// (a remote's kit modules of another version than the shell's join the scope then, as
// before); shared modules an instance adds later are registered by registerShared(), as
// before; and with the "loaded-first" strategy every build here uses, a later
// registration never replaced a version already in the scope, so skipping it changes no
// module a page gets. Calls that pass an init scope of their own (a container's start)
// or come from the build's own runtime (`from: 'build'`) go through untouched.
import { registerGlobalPlugins } from '@module-federation/runtime';

const NAME = 'henhouse-share-once';

/** shareOnce makes the instance's loads of shared modules share one init scope. */
export function shareOnce(instance) {
  const handler = instance.sharedHandler;
  if (!handler || handler.henhouseShareOnce) return;
  const initializeSharing = handler.initializeSharing;
  const initScope = [];
  handler.initializeSharing = function (shareScopeName, extraOptions) {
    if (extraOptions?.initScope || extraOptions?.from === 'build') {
      return initializeSharing.call(this, shareScopeName, extraOptions);
    }
    return initializeSharing.call(this, shareScopeName, { ...extraOptions, initScope });
  };
  handler.henhouseShareOnce = true;
}

const plugin = { name: NAME, apply: shareOnce };

export default function shareOncePlugin() {
  // Global: the runtime applies global plugins to every instance it creates after this,
  // the remotes' included (they run on the shell's copy of the runtime).
  registerGlobalPlugins([plugin]);
  return plugin;
}
