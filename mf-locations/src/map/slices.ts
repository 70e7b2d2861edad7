// Map work over many items (the state shapes, the markers) runs in slices of a few
// milliseconds, each slice after the first in a task of its own, so no task runs past
// 50 ms (a long task) on a slow phone and a tap or key press waits at most one slice.
import { nextTask } from '../lib/nextTask';

/** How long one slice runs before the page gets a turn (ms). The last item of a slice,
 *  and the garbage collection it leaves, may add a few ms. A slice of 10 ms came to
 *  10–12 ms a task on a fast machine, 40–48 ms on a phone four times slower, right under
 *  a long task (50 ms); at 5 ms a slice stays well under it there. */
export const SLICE_MS = 5;

/**
 * inSlices calls each() for every item in order, for about SLICE_MS at a time, then
 * waits for a later task before the next slice (the first slice runs at once). It stops
 * when still() turns false after a wait, and answers whether every item was done.
 */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T, index: number) => void,
  still: () => boolean,
): Promise<boolean> {
  let next = 0;
  while (next < items.length) {
    if (next > 0) {
      await nextTask();
      if (!still()) return false;
    }
    const start = performance.now();
    do {
      each(items[next], next);
      next++;
    } while (next < items.length && performance.now() - start < SLICE_MS);
  }
  return true;
}
