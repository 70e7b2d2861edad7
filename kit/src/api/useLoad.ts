// The one way a screen loads data from the edge: loading, ready or error, and a retry.
// An error is never dropped: the screen shows `error` where the data would be, or, with
// `report: 'dialog'`, it goes to the global error dialog (the store's `errors`) for data
// the screen can do without.
import { startTransition, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { useAppStore } from '@henhouse/kit/state/store';

export type Loaded<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

export type Load<T> = Loaded<T> & {
  /** Load again (a "Try again" button). */
  retry: () => void;
  /** Replace the data with what a change answered (a list after an edit). */
  setData: (data: T) => void;
};

export interface LoadOptions {
  /** 'dialog' also shows a failure in the global error dialog. */
  report?: 'dialog';
  /** Render the answer at once, in one task, not as a transition. For a screen whose
   *  answer renders a lazy part (a content page's catering block): in a transition React
   *  holds the whole answer back until that part has loaded, while an urgent render shows
   *  the rest with the part's fallback in its place. Optional. Default: false. */
  urgent?: boolean;
}

const LOADING = { status: 'loading' } as const;

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/** asApiError gives every failure the ApiError shape the screens show. */
export function asApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError(0, 'unknown', err instanceof Error ? err.message : String(err));
}

/** reportError shows a failure in the global error dialog; an aborted request is no failure. */
export function reportError(err: unknown): void {
  if (isAbort(err)) return;
  useAppStore.getState().set({ errors: asApiError(err).message || 'Something went wrong. Please try again.' });
}

/**
 * useLoad runs `load` when the component mounts and again whenever `key` changes (a
 * null key loads nothing and stays loading). A load still in flight when the key
 * changes or the component unmounts is aborted and its answer ignored.
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  opts: LoadOptions = {},
): Load<T> {
  const [attempt, setAttempt] = useState(0);
  // Each load is named by its key and attempt, and the state remembers the load it
  // belongs to: a state from another key or an earlier attempt reads as loading, so a
  // new key or a retry shows "loading" at once instead of the previous answer.
  const current = key === null ? null : `${attempt}:${key}`;
  const [state, setState] = useState<{ of: string | null; loaded: Loaded<T> }>({ of: null, loaded: LOADING });
  // Effect events see the caller's latest `load` and options, so an inline function does
  // not re-run the effect.
  const start = useEffectEvent((signal: AbortSignal) => load(signal));
  const urgent = opts.urgent === true;
  const failed = useEffectEvent((err: unknown) => {
    if (opts.report === 'dialog') reportError(err);
  });

  useEffect(() => {
    if (current === null) return;
    const ctl = new AbortController();
    start(ctl.signal).then(
      (data) => {
        if (ctl.signal.aborted) return;
        // The render that shows the answer is a transition: React renders it in slices of
        // a few milliseconds, yielding to the browser between them, instead of in one long
        // task (a menu's first sections took ≈ 200 ms of one at 4× CPU slowdown); only
        // its commit is one task. Docs: docs/shell.md, "First-load budget".
        const show = () => setState({ of: current, loaded: { status: 'ready', data } });
        if (urgent) show();
        else startTransition(show);
      },
      (err: unknown) => {
        if (ctl.signal.aborted || isAbort(err)) return;
        setState({ of: current, loaded: { status: 'error', error: asApiError(err) } });
        failed(err);
      },
    );
    return () => ctl.abort();
  }, [current, urgent]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ of: current, loaded: { status: 'ready', data } }), [current]);
  const loaded = current !== null && state.of === current ? state.loaded : LOADING;
  return { ...loaded, retry, setData };
}
