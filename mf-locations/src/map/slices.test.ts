// inSlices: every item in order, a slice of SLICE_MS at a time with a task between slices,
// and a stop when the work is no longer wanted.
import { inSlices, SLICE_MS } from './slices';
import { nextTask } from '../lib/nextTask';

jest.mock('../lib/nextTask', () => ({ nextTask: jest.fn(() => Promise.resolve()) }));

let now = 0;
beforeEach(() => {
  now = 0;
  (nextTask as jest.Mock).mockClear();
  // Each item takes 1 ms.
  jest.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

describe('inSlices', () => {
  it('does every item in order, waiting for a later task after each slice', async () => {
    const done: number[] = [];
    const all = await inSlices(
      Array.from({ length: 12 }, (_, i) => i),
      (item, index) => {
        expect(index).toBe(item);
        done.push(item);
        now += 1;
      },
      () => true,
    );
    expect(all).toBe(true);
    expect(done).toEqual(Array.from({ length: 12 }, (_, i) => i));
    // 12 items of 1 ms in slices of SLICE_MS: a wait before each slice but the first.
    expect(nextTask).toHaveBeenCalledTimes(Math.ceil(12 / SLICE_MS) - 1);
  });

  it('stops after a wait once the work is no longer wanted', async () => {
    let wanted = true;
    const done: number[] = [];
    const all = await inSlices(
      Array.from({ length: 20 }, (_, i) => i),
      (item) => {
        done.push(item);
        now += 1;
        if (done.length === SLICE_MS) wanted = false;
      },
      () => wanted,
    );
    expect(all).toBe(false);
    expect(done).toHaveLength(SLICE_MS);
  });

  it('answers at once for no items', async () => {
    expect(
      await inSlices(
        [],
        () => {},
        () => true,
      ),
    ).toBe(true);
    expect(nextTask).not.toHaveBeenCalled();
  });
});
