// A remote's start in three tasks instead of one. When a remote's entry script has loaded,
// the browser runs it and, in the same task, its load event, where the federation runtime
// starts the remote (registers the kit modules it provides in the share scope) and gets
// the screen asked for (its chunks and style sheets requested, the shared modules it needs
// resolved): 20–35 ms on a slow 2-core machine, a long task on a phone four times slower.
// The runtime awaits a plugin's handlers for the two steps between, so each waits for a
// later task: the entry's evaluation, the remote's start and the screen's request are then
// tasks of their own (docs/shell.md, "The shell starts in three tasks").
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../nextTask';

/** startInTasksPlugin is the federation runtime plugin; `next` resolves in a later task. */
export function startInTasksPlugin(next: () => Promise<void> = nextTask): ModuleFederationRuntimePlugin {
  return {
    name: 'henhouse-start-in-tasks',
    // Once per remote, after its entry script ran and before it is started.
    async beforeInitContainer(args) {
      await next();
      return args;
    },
    // Once per remote, after it started and before the first screen is got from it.
    async initContainer(args) {
      await next();
      return args;
    },
  };
}
