import { act, render, screen } from '@testing-library/react';
import { useAppStore } from '@henhouse/kit/state/store';
import { LoadingBar } from './LoadingBar';

describe('loading bar (throttle 200 ms, duration 5000 ms)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useAppStore.getState().set({ loading: false });
    useAppStore.getState().setUi({ pending: 0 });
  });
  afterEach(() => jest.useRealTimers());

  it('does not show for loads shorter than the throttle', () => {
    render(<LoadingBar />);
    act(() => useAppStore.getState().set({ loading: true }));
    act(() => void jest.advanceTimersByTime(150));
    act(() => useAppStore.getState().set({ loading: false }));
    act(() => void jest.advanceTimersByTime(500));
    expect(screen.queryByTestId('loading-bar')).toBeNull();
  });

  it('shows after the throttle while an area is pending, with the 5000 ms duration, and goes when done', () => {
    render(<LoadingBar />);
    act(() => useAppStore.getState().setUi({ pending: 1 }));
    expect(screen.queryByTestId('loading-bar')).toBeNull();
    act(() => void jest.advanceTimersByTime(200));
    const bar = screen.getByRole('progressbar', { name: 'Loading the page' });
    expect(bar.style.getPropertyValue('--hh-loading-duration')).toBe('5000ms');
    act(() => useAppStore.getState().setUi({ pending: 0 }));
    expect(screen.getByTestId('loading-bar').className).toContain('finishing');
    act(() => void jest.advanceTimersByTime(400));
    expect(screen.queryByTestId('loading-bar')).toBeNull();
  });
});
