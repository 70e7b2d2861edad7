import { isChunkLoadError, reloadOnceFor, shouldReload } from './chunkReload';

describe('chunk reload guard', () => {
  it.each([
    [0, null, true],
    [60000, 0, true],
    [59999, 0, false],
    [120000, 70000, false],
  ])('now=%p last=%p → %p', (now, last, want) => {
    expect(shouldReload(now, last)).toBe(want);
  });

  it('recognises chunk failures only', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 391 failed.'), { name: 'ChunkLoadError' }))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('[ Federation Runtime ]: RUNTIME-008 failed to load remoteEntry'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 60 seconds', () => {
    const reload = jest.fn();
    const err = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    sessionStorage.clear();
    expect(reloadOnceFor(err, sessionStorage, reload)).toBe(true);
    expect(reloadOnceFor(err, sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceFor(new Error('boom'), sessionStorage, reload)).toBe(false);
  });
});
