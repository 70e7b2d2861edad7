// Registers the remotes the edge picked for this visitor and loads their screens.
import { registerPlugins, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { ModuleEntry } from '@henhouse/kit/bootstrap';
import type { ScreenModule } from '@henhouse/kit/screen';
import { noncePlugin } from './nonce';

let modules: Record<string, ModuleEntry> = {};

export function registerModules(entries: Record<string, ModuleEntry>): void {
  modules = entries;
  registerPlugins([noncePlugin()]);
  // By the remote's entry script, not its mf-manifest.json: no manifest request before
  // the entry, and the edge's preload links already fetch the entry and the route
  // screen's chunks (docs/shell.md, "First-load budget").
  registerRemotes(
    Object.values(entries).map((m) => ({ name: m.remote, entry: m.entry })),
    { force: true },
  );
}

const cache = new Map<string, Promise<ScreenModule>>();

/** loadScreen loads "<module>/<screen>" once; a failure is not cached, so a retry refetches. */
export function loadScreen(module: string, screen: string): Promise<ScreenModule> {
  const key = `${module}/${screen}`;
  let p = cache.get(key);
  if (!p) {
    const entry = modules[module];
    p = (async () => {
      if (!entry) throw new Error(`The ${module} module is not published.`);
      const mod = await loadRemote<ScreenModule>(`${entry.remote}/${screen}`);
      if (!mod || typeof mod.default !== 'function') throw new Error(`${key} did not load.`);
      return mod;
    })();
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}
