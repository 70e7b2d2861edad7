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

// The parts are fetched one per idle period (each import adds script and style elements),
// and preloadChrome runs as an idle callback itself, which the browser hands a deadline.
test('the deferred parts are fetched one per idle period, from an idle callback', () => {
  const idle: IdleRequestCallback[] = [];
  window.requestIdleCallback = ((fn: IdleRequestCallback) => idle.push(fn)) as typeof window.requestIdleCallback;
  const deadline = { didTimeout: false, timeRemaining: () => 10 } as IdleDeadline;
  try {
    idle.push(preloadChrome as unknown as IdleRequestCallback);
    let periods = 0;
    while (idle.length) {
      idle.shift()!(deadline);
      periods++;
    }
    // Six parts: the first in the period that started it, then one per period.
    expect(periods).toBe(6);
  } finally {
    delete (window as Partial<Window>).requestIdleCallback;
  }
});
