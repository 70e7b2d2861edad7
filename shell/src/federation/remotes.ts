// Registers the remotes the edge picked for this visitor and loads their screens.
import { registerPlugins, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { ModuleEntry } from '@henhouse/kit/bootstrap';
import type { ScreenModule } from '@henhouse/kit/screen';
import { report } from '../telemetry/queue';
import { noncePlugin } from './nonce';
import { startInTasksPlugin } from './startInTasks';

let modules: Record<string, ModuleEntry> = {};
// The integrity of each remote entry script by its absolute URL (the runtime is given
// the bootstrap's entry URL; the absolute form matches however it was written).
const integrity = new Map<string, string>();
const absolute = (url: string) => new URL(url, document.baseURI).href;

function register(entries: ModuleEntry[]): void {
  for (const m of entries) if (m.integrity) integrity.set(absolute(m.entry), m.integrity);
  // By the remote's entry script, not its mf-manifest.json: no manifest request before
  // the entry, and the edge's preload links already fetch the entry and the route
  // screen's chunks (docs/shell.md, "First-load budget").
  registerRemotes(
    entries.map((m) => ({ name: m.remote, entry: m.entry })),
    { force: true },
  );
}

export function registerModules(entries: Record<string, ModuleEntry>): void {
  modules = { ...entries };
  registerPlugins([noncePlugin(undefined, (url) => integrity.get(absolute(url))), startInTasksPlugin()]);
  register(Object.values(entries));
}

/** moduleVersions are the versions of the modules this page loads, by name. */
export function moduleVersions(): Record<string, string> {
  return Object.fromEntries(Object.values(modules).map((m) => [m.name, m.version]));
}

async function load(entry: ModuleEntry, screen: string): Promise<ScreenModule> {
  const mod = await loadRemote<ScreenModule>(`${entry.remote}/${screen}`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`${entry.name}/${screen} did not load.`);
  return mod;
}

const cache = new Map<string, Promise<ScreenModule>>();
// The first screen's load, started before the first render (preloadScreen): kept, even
// when it failed, for the screen's first render to take, so a failure is one attempt,
// reported once and shown by the area's fallback, as any other failed load.
const early = new Map<string, Promise<ScreenModule>>();

/**
 * preloadScreen starts loading "<module>/<screen>" and resolves once it has loaded or
 * failed, or after waitMs, whichever comes first; it never rejects. The shell waits for it
 * before its first render (main.tsx): a screen whose code is there when React first
 * renders it is in that first commit, while one still loading commits the area's loading
 * state first, and React then holds the screen back until 300 ms after that commit
 * (its throttle on revealing suspended content; docs/shell.md, "The first screen renders
 * with the shell").
 */
export function preloadScreen(module: string, screen: string, waitMs: number): Promise<void> {
  const p = loadScreen(module, screen);
  early.set(`${module}/${screen}`, p);
  return new Promise((done) => {
    const timer = setTimeout(done, waitMs);
    const end = () => {
      clearTimeout(timer);
      done();
    };
    p.then(end, end);
  });
}

/** loadScreen loads "<module>/<screen>" once; a failure is not cached, so a retry
 *  refetches. When the module's version fails, the version the edge names now is
 *  tried once. */
export function loadScreen(module: string, screen: string): Promise<ScreenModule> {
  const key = `${module}/${screen}`;
  const first = early.get(key);
  if (first) {
    early.delete(key);
    return first;
  }
  let p = cache.get(key);
  if (!p) {
    const entry = modules[module];
    p = (async () => {
      if (!entry) throw new Error(`The ${module} module is not published.`);
      try {
        return await load(entry, screen);
      } catch (err) {
        // Only a failure needs it: loaded then, not with the first screen.
        const now = await import('./refresh')
          .then((r) => r.currentEntry(module, entry, modules, register))
          .catch((refreshErr: unknown) => {
            console.warn(`[${module}] could not ask which version to load`, refreshErr);
            return undefined;
          });
        if (!now) throw err;
        return load(now, screen);
      }
    })();
    p.catch((err: unknown) => {
      cache.delete(key);
      report({ kind: 'error', type: 'remote_load', module, version: modules[module]?.version }, err);
    });
    cache.set(key, p);
  }
  return p;
}
