// nextTask: the rest of the work runs in a later task, by scheduler.yield() where the
// browser has it.
import { nextTask } from './nextTask';

afterEach(() => {
  delete (globalThis as { scheduler?: unknown }).scheduler;
});

describe('nextTask', () => {
  it('without scheduler.yield resolves after the tasks already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const done = nextTask().then(() => order.push('after the yield'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await done;
    expect(order).toEqual(['queued task', 'after the yield']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldFn };
    await nextTask();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });
});
