// The one API client: every screen talks to the edge's /api through it.
// Same origin, JSON (plain text also accepted), CSRF token from the bootstrap on
// state-changing calls, and errors normalised to ApiError with the edge's
// {error:{code,message,fields?}} shape.

import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import { brandName } from '@henhouse/kit/brand';
import type { paths } from '@henhouse/kit/api/schema';
import { forceSignOut } from '@henhouse/kit/state/store';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** The whole error body, for answers that carry more than the error (412 cart_changed
   *  holds the current cart). */
  readonly body?: unknown;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

interface ClientState {
  base: string;
  csrf: string;
  /** Webview only: a token the native app handed over, sent as Authorization. */
  authToken: string | null;
  fetchImpl: typeof fetch;
  /** Called when the edge says the session was invalidated (401 session_invalidated). By
   *  default the app state forgets the member and opens the forced sign-out dialog. */
  onSessionInvalidated: () => void;
}

const state: ClientState = {
  base: '/api',
  csrf: '',
  authToken: null,
  fetchImpl: (...args) => fetch(...args),
  onSessionInvalidated: forceSignOut,
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

/** request calls /api{path} and returns the parsed JSON (or text) body.
 *
 *  The edge answers the first call after the member's session was ended on the server
 *  (forced sign-out, a new password) with 401 session_invalidated, whatever the call,
 *  and clears the session cookies. The member is then signed out in the app state and
 *  the forced sign-out dialog opens; a read is asked again, now as a guest, so the
 *  screen behind the dialog still shows (a change is not: it was meant as the member). */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, opts, true);
  } catch (e) {
    const read = (opts.method ?? (opts.body === undefined ? 'GET' : 'POST')) === 'GET';
    if (read && e instanceof ApiError && e.code === 'session_invalidated' && !state.authToken)
      return send<T>(path, opts, false);
    throw e;
  }
}

async function send<T>(path: string, opts: RequestOptions, report: boolean): Promise<T> {
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
    if (report && res.status === 401 && e?.code === 'session_invalidated') state.onSessionInvalidated();
    throw new ApiError(
      res.status,
      e?.code ?? 'http_' + res.status,
      e?.message ?? (res.statusText || 'Error'),
      e?.fields,
      data,
    );
  }
  return data as T;
}

// ---------------------------------------------------------------------------------
// The typed face of the client. Paths, parameters, bodies and answers are those of the
// contract (api/openapi.yaml, generated into ./schema.d.ts), checked by tsc: a screen
// that sends or reads a field the contract does not have fails the type check and the
// build. openapi-fetch's types describe each call; `request` above stays the transport,
// so the CSRF token, Authorization, ApiError and the session hook apply to every call.

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Call = MaybeOptionalInit<paths[keyof paths], Method> & { headers?: Record<string, string>; signal?: AbortSignal };
type Api = Client<paths, 'application/json'>;
type Args<P extends keyof paths, M extends Method> =
  undefined extends MaybeOptionalInit<paths[P], M>
    ? [init?: MaybeOptionalInit<paths[P], M> & { headers?: Record<string, string>; signal?: AbortSignal }]
    : [init: MaybeOptionalInit<paths[P], M> & { headers?: Record<string, string>; signal?: AbortSignal }];
type Typed<M extends Method> = <P extends ClientPathsWithMethod<Api, M>>(
  path: P,
  ...init: Args<P, M>
) => Promise<MethodResponse<Api, M, P>>;

/** Response is the success answer of a call: Response<'/cart', 'get'>. */
export type ApiResponse<P extends keyof paths, M extends Method> =
  P extends ClientPathsWithMethod<Api, M> ? MethodResponse<Api, M, P> : never;

/** urlOf fills the path's {parameters} (each encoded as one segment) and adds the query. */
export function urlOf(
  path: string,
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> },
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params?.path?.[name] ?? '')),
  );
  // encodeURIComponent rather than URLSearchParams, so a space is %20 as in a path.
  const qs = Object.entries(params?.query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`)
    .join('&');
  return qs ? `${filled}?${qs}` : filled;
}

function typed<M extends Method>(method: M): Typed<M> {
  const upper = method.toUpperCase() as NonNullable<RequestOptions['method']>;
  return ((path: string, init?: Call) => {
    const i = (init ?? {}) as {
      params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, string> };
      body?: unknown;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    };
    // The edge takes an empty JSON object, not an empty body, on a call without one.
    const body = i.body ?? (method === 'get' || method === 'delete' ? undefined : {});
    // Header parameters of the contract (an idempotency key) travel with the other headers.
    const headers = i.params?.header ? { ...i.params.header, ...i.headers } : i.headers;
    return request(urlOf(path, i.params), { method: upper, body, headers, signal: i.signal });
  }) as Typed<M>;
}

/** http calls /api by the contract's paths: http.get('/cart/products/{lineId}', {params: {path: {lineId}}}). */
export const http = {
  get: typed('get'),
  post: typed('post'),
  put: typed('put'),
  patch: typed('patch'),
  del: typed('delete'),
};
