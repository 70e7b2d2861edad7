import { waitFor } from '@testing-library/react';
import { screenRendered } from '@henhouse/kit/ui/firstScreen';
import { whenIdle } from './whenIdle';

describe('after the first render', () => {
  it('deferred work waits until the first screen is on the page', async () => {
    const fn = jest.fn();
    whenIdle(fn);
    await new Promise((r) => setTimeout(r, 50));
    expect(fn).not.toHaveBeenCalled();
    screenRendered();
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });
});
