// The remote's start waits for a later task before it is started and before its screen is got.
import { startInTasksPlugin } from './startInTasks';

type Hook = (args: object) => Promise<object>;

describe('startInTasksPlugin', () => {
  it.each(['beforeInitContainer', 'initContainer'])(
    '%s goes on, with its arguments, only in a later task',
    async (name) => {
      let release = () => {};
      const next = jest.fn(() => new Promise<void>((r) => (release = r)));
      const hook = startInTasksPlugin(next)[name as 'initContainer'] as unknown as Hook;
      const args = { shareScope: {}, initScope: [], remoteInfo: { name: 'mf_menu' } };
      let result: object | undefined;
      const done = hook(args).then((r) => (result = r));
      await Promise.resolve();
      expect(next).toHaveBeenCalledTimes(1);
      expect(result).toBeUndefined();
      release();
      await done;
      // The same arguments: the runtime takes a changed value as a plugin's error.
      expect(result).toBe(args);
    },
  );

  it('waits for a task by default', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await (startInTasksPlugin().initContainer as unknown as Hook)({});
    expect(order).toEqual(['queued task']);
  });
});
