// Stale remotes after a release (docs/shell.md): a page loaded before a rollback or a
// promote asks the edge which version of a module it names now when that module's
// files fail to load. A chunk of its own, loaded only then.
import { readBootstrap, type ModuleEntry } from '@henhouse/kit/bootstrap';

const refreshing = new Map<string, Promise<ModuleEntry | undefined>>();

/**
 * currentEntry is the version of module the edge names now (GET /api/modules), once it
 * differs from failed: it is put in modules and registered in its place. undefined when
 * the edge names the same version. Modules failing together ask once.
 */
export function currentEntry(
  module: string,
  failed: ModuleEntry,
  modules: Record<string, ModuleEntry>,
  register: (entries: ModuleEntry[]) => void,
): Promise<ModuleEntry | undefined> {
  if (modules[module] && modules[module].entry !== failed.entry) return Promise.resolve(modules[module]);
  let p = refreshing.get(module);
  if (!p) {
    p = (async () => {
      const res = await fetch(`${readBootstrap().config.apiBase}/modules`, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(`GET /modules answered ${res.status}.`);
      const now = ((await res.json()) as { modules?: Record<string, ModuleEntry> }).modules?.[module];
      if (!now || now.entry === failed.entry) return undefined;
      modules[module] = now;
      register([now]);
      return now;
    })();
    const done = () => refreshing.delete(module);
    p.then(done, done);
    refreshing.set(module, p);
  }
  return p;
}
