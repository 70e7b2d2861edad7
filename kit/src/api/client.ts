// The one API client: every screen talks to the edge's /api through it.
// Same origin, JSON (plain text also accepted), CSRF token from the bootstrap on
// state-changing calls, and errors normalised to ApiError with the edge's
// {error:{code,message,fields?}} shape.

import { brandName } from '@henhouse/kit/brand';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

interface ClientState {
  base: string;
  csrf: string;
  /** Webview only: a token the native app handed over, sent as Authorization. */
  authToken: string | null;
  fetchImpl: typeof fetch;
  /** Called when the edge says the session was invalidated: the shell shows the forced sign-out dialog. */
  onSessionInvalidated: () => void;
}

const state: ClientState = {
  base: '/api',
  csrf: '',
  authToken: null,
  fetchImpl: (...args) => fetch(...args),
  onSessionInvalidated: () => {},
};

export function configureApi(opts: Partial<ClientState>): void {
  Object.assign(state, opts);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** request calls /api{path} and returns the parsed JSON (or text) body. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json, text/plain;q=0.9', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (unsafe.has(method) && state.csrf) headers['X-CSRF-Token'] = state.csrf;
  if (state.authToken) headers.Authorization = `Bearer ${state.authToken}`;
  let res: Response;
  try {
    res = await state.fetchImpl(state.base + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', `We could not reach ${brandName()}. Check your connection and try again.`);
  }
  const type = res.headers.get('Content-Type') ?? '';
  const text = await res.text();
  let data: unknown = text;
  if (type.includes('json') && text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, 'bad_response', 'The server sent an answer we could not read.');
    }
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } })?.error;
    if (res.status === 401 && e?.code === 'session_invalidated') state.onSessionInvalidated();
    throw new ApiError(res.status, e?.code ?? 'http_' + res.status, e?.message ?? (res.statusText || 'Error'), e?.fields);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>(path, { method: 'POST', body: body ?? {}, headers }),
  put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
  del: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
