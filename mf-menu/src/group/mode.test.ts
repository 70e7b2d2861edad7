import { waitFor } from '@testing-library/react';
import { apiError, mockApi, resetStore, storeWith } from '@henhouse/kit/test/harness';
import { useAppStore } from '@henhouse/kit/state/store';
import { restoreGroup } from './mode';

// A reload keeps only the group's code; the menu reads the group again (docs/group-orders.md).
describe('restoreGroup', () => {
  beforeEach(() => resetStore());

  it('forgets a group that is gone, without an error', async () => {
    const api = mockApi({
      'GET /groups/Xq3vTz9kLmN2pQ7r': apiError(410, 'group_closed', 'This group order is closed.'),
    });
    storeWith({ groupCode: 'Xq3vTz9kLmN2pQ7r' });
    restoreGroup();
    await waitFor(() => expect(useAppStore.getState().groupCode).toBeNull());
    expect(api.calls).toHaveLength(1);
    expect(useAppStore.getState().errors).toBeNull();
  });

  it('says so when the group cannot be read, and keeps the code for the next try', async () => {
    mockApi({
      'GET /groups/Xq3vTz9kLmN2pQ7r': apiError(503, 'unavailable', 'Ordering is busy. Try again in a moment.'),
    });
    storeWith({ groupCode: 'Xq3vTz9kLmN2pQ7r' });
    restoreGroup();
    await waitFor(() => expect(useAppStore.getState().errors).toBe('Ordering is busy. Try again in a moment.'));
    expect(useAppStore.getState().groupCode).toBe('Xq3vTz9kLmN2pQ7r');
  });
});
