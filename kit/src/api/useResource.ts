import { useEffect, useState } from 'react';
import { api, ApiError } from '@henhouse/kit/api/client';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

/** useResource GETs an /api path and re-fetches when the path changes. */
export function useResource<T>(path: string | null): Resource<T> {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  useEffect(() => {
    if (!path) return;
    const ctl = new AbortController();
    setState({ status: 'loading' });
    api.get<T>(path, ctl.signal).then(
      (data) => setState({ status: 'ready', data }),
      (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setState({ status: 'error', error: err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err)) });
      },
    );
    return () => ctl.abort();
  }, [path]);
  return state;
}
