import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { ErrorDialog, preloadChrome } from './lazy';

jest.mock('../federation/RemoteScreen', () => ({ RemoteScreen: () => null }));

// A deferred part whose code was fetched ahead shows in the very render that wants it,
// without a suspended render in between (which React would reveal only later).
test('a part fetched ahead renders in the commit that wants it', async () => {
  preloadChrome();
  await act(() => new Promise((r) => setTimeout(r, 50)));
  render(
    <MemoryRouter>
      <ErrorDialog />
    </MemoryRouter>,
  );
  expect(screen.queryByText('The kitchen is closed.')).toBeNull();
  act(() => useAppStore.getState().set({ errors: 'The kitchen is closed.' }));
  expect(screen.getByText('The kitchen is closed.')).toBeInTheDocument();
});
