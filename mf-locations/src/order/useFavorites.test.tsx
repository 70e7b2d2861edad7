import { renderHook, waitFor } from '@testing-library/react';
import { setBootstrap, type Bootstrap } from '@henhouse/kit/bootstrap';
import { useAppStore } from '@henhouse/kit/state/store';
import type { User } from '@henhouse/kit/api/types';
import { useFavorites } from './useFavorites';

const fetchMock = jest.fn(() => Promise.resolve(new Response(JSON.stringify({ favorites: [] }), { status: 200 })));

beforeEach(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  fetchMock.mockClear();
  useAppStore.setState({ user: { id: 'm_1' } as User });
});
afterEach(() => {
  setBootstrap(null);
  useAppStore.setState({ user: null });
});

test('a member may mark favorites while the loyalty programme keeps them', async () => {
  const { result } = renderHook(() => useFavorites());
  expect(result.current.enabled).toBe(true);
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
});

test('no favorite toggle, and no request for favorites, when the programme keeps none', () => {
  setBootstrap({ config: { features: { favorites: false } } } as unknown as Bootstrap);
  const { result } = renderHook(() => useFavorites());
  expect(result.current.enabled).toBe(false);
  expect(fetchMock).not.toHaveBeenCalled();
});
