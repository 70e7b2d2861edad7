// Work that would hold the main thread for long (making the map, drawing its shapes and
// markers, a screen's start) is cut into pieces, each in a task of its own, so no task runs
// past 50 ms (a long task) and a tap or key press waits at most one piece.

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * nextTask resolves in a later task. Where the browser has `scheduler.yield()` the rest of
 * the work keeps its place ahead of other queued tasks; elsewhere a zero timeout puts it at
 * the back of the queue.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
