// A code chunk that fails to load reloads the page, at most once per 60 s (docs/shell.md, "Error pages").
import { timing } from '@henhouse/kit/tokens';

const KEY = 'henhouse:chunk-reload-at';

/** isChunkLoadError recognises webpack's and the federation runtime's load failures. */
export function isChunkLoadError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  if (!e) return false;
  return (
    e.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(e.message ?? '') ||
    /Failed to fetch dynamically imported module|RUNTIME-00[0-9]|remoteEntry|ScriptExternalLoadError/i.test(
      e.message ?? '',
    )
  );
}

/** shouldReload: true when no reload happened within the guard window. */
export function shouldReload(
  now: number,
  lastReloadAt: number | null,
  guardMs: number = timing.chunkReloadGuardMs,
): boolean {
  return lastReloadAt == null || now - lastReloadAt >= guardMs;
}

/** reloadOnceFor reloads the page for a chunk error unless one was done in the last
 *  60 s; it returns whether it reloaded. */
export function reloadOnceFor(
  err: unknown,
  storage: Storage = sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  if (!isChunkLoadError(err)) return false;
  const now = Date.now();
  const last = Number(storage.getItem(KEY)) || null;
  if (!shouldReload(now, last)) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
