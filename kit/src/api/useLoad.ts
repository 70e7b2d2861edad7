// The one way a screen loads data from the edge: loading, ready or error, and a retry.
// An error is never dropped: the screen shows `error` where the data would be, or, with
// `report: 'dialog'`, it goes to the global error dialog (the store's `errors`) for data
// the screen can do without.
import { useCallback, useEffect, useRef, useState } from 'react';
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
}

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
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, opts: LoadOptions = {}): Load<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest load and options, so a caller's inline function does not re-run the effect.
  const latest = useRef({ load, opts });
  latest.current = { load, opts };

  useEffect(() => {
    if (key === null) return;
    const ctl = new AbortController();
    setState({ status: 'loading' });
    latest.current.load(ctl.signal).then(
      (data) => {
        if (!ctl.signal.aborted) setState({ status: 'ready', data });
      },
      (err: unknown) => {
        if (ctl.signal.aborted || isAbort(err)) return;
        setState({ status: 'error', error: asApiError(err) });
        if (latest.current.opts.report === 'dialog') reportError(err);
      },
    );
    return () => ctl.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...state, retry, setData };
}
