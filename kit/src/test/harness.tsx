// Jest harness for screens of every remote: a fake /api behind the kit's one API client
// (`mockApi`), answers an edge recorded (`recordedAnswers`), and a screen mounted under
// a memory router the way the shell mounts it (`mount`).
//
// For tests only (`import … from '@henhouse/kit/test/harness'` in *.test.tsx or a
// remote's src/test/): it uses jest's globals and the testing libraries, and no
// production module imports it (kit/src/boundaries.test.ts), so no build contains it.
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@henhouse/kit/router';
import { Component, StrictMode, type ComponentType, type ReactNode } from 'react';
import { configureApi } from '@henhouse/kit/api/client';
import { setBootstrap, type Bootstrap, type Layout } from '@henhouse/kit/bootstrap';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore, type AppState } from '@henhouse/kit/state/store';

export interface Reply {
  status?: number;
  body?: unknown;
}
export type Handler =
  Reply | ((req: { body: unknown; url: URL; headers: Record<string, string> }) => Reply | Promise<Reply>);

export interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * mockApi answers "METHOD /path" (without /api; the query is not part of the key).
 * An array of replies is used in turn, the last one repeating; a missing route
 * answers 404 `not_found`.
 */
export function mockApi(routes: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const used: Record<string, number> = {};
  const fetchImpl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const key = `${method} ${path}`;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, url, body, headers });
    let h = routes[key];
    if (Array.isArray(h)) {
      const i = used[key] ?? 0;
      used[key] = i + 1;
      h = h[Math.min(i, h.length - 1)];
    }
    const reply: Reply =
      h === undefined
        ? { status: 404, body: { error: { code: 'not_found', message: `No mock for ${key}` } } }
        : typeof h === 'function'
          ? await h({ body, url, headers })
          : h;
    const status = reply.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    } as unknown as Response;
  });
  configureApi({ fetchImpl: fetchImpl as unknown as typeof fetch, base: '/api', csrf: 'csrf-test' });
  return {
    calls,
    fetchImpl,
    /** The calls to "METHOD /path". */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** apiError is an error reply in the edge's shape `{error:{code,message,fields?}}`. */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>): Reply => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});

/** deferred is a reply the test sends when it chooses (a request kept in flight). */
export function deferred() {
  let send!: (r: Reply) => void;
  const reply = new Promise<Reply>((resolve) => (send = resolve));
  return { handler: () => reply, send };
}

/**
 * recordedAnswers turns a file of recorded edge answers (`{"METHOD /api/path": {status,
 * body}}`, written by a Go test or a script against the real edge) into `real(key)`:
 * the answer as a mockApi reply, a fresh copy on each call that a test may change.
 */
export function recordedAnswers<K extends string>(
  answers: Record<K, unknown>,
): <B = unknown>(key: K) => { status: number; body: B } {
  return (key) => JSON.parse(JSON.stringify(answers[key]));
}

/** setFeatures gives the page a bootstrap whose feature flags (config.features) are these. */
export function setFeatures(features: Record<string, unknown>) {
  setBootstrap({ config: { features } } as unknown as Bootstrap);
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

export interface MountOptions {
  layout?: Layout;
  routeId?: string;
  /** Render inside <StrictMode> (effects run twice). */
  strict?: boolean;
  /** The route the screen is mounted at: the URL's path by default, so navigating away
   *  leaves only the <output>; "*" keeps it on every path (an overlay like the cart drawer). */
  path?: string;
  /** The route's path parameters ({mid}, {pid}, …), as the shell passes them. */
  params?: Record<string, string>;
}

/** mount renders a screen at a URL; the current location shows in <output data-testid="where">. */
export function mount(Screen: ComponentType<ScreenProps>, url: string, opts: MountOptions = {}) {
  const pattern = opts.path ?? new URL(url, 'http://localhost').pathname;
  function AtRoute() {
    const l = useLocation();
    const query = Object.fromEntries(new URLSearchParams(l.search));
    return (
      <>
        <Screen
          routeId={opts.routeId ?? 'test'}
          params={opts.params ?? {}}
          query={query}
          layout={opts.layout ?? 'default'}
        />
        <Where />
      </>
    );
  }
  const tree = (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={<AtRoute />} />
        {pattern !== '*' && <Route path="*" element={<Where />} />}
      </Routes>
    </MemoryRouter>
  );
  return render(opts.strict ? <StrictMode>{tree}</StrictMode> : tree);
}

type Areas = Omit<AppState, 'set' | 'setUi' | 'reset'>;

/**
 * storeWith puts into the store only the fields a test is about (a user with an id, a
 * cart with two lines); the rest of the contract's shape does not matter to that test.
 * Tests that need whole answers take the edge's recorded ones (recordedAnswers).
 */
export function storeWith(patch: { [K in keyof Areas]?: unknown }): void {
  useAppStore.getState().set(patch as Partial<Areas>);
}

/** fake gives a partial fixture the type of the contract shape it stands for. */
export const fake = <T,>(fields: object): T => fields as T;

/** resetStore empties the one app-state store. */
export function resetStore() {
  useAppStore
    .getState()
    .reset(['token', 'user', 'members', 'cart', 'group', 'groupCode', 'location', 'loading', 'errors', 'ui']);
}

/** A user-event session that types without timers between keys (fast, same events). */
export const setupUser = () => userEvent.setup({ delay: null });

/** ScreenFailure stands for the shell's area boundary: it shows the name of the error a
 *  screen threw from its render (a ChunkLoadError for a file that did not load) as an
 *  alert, so a test can tell a screen that failed from one still loading. */
export class ScreenFailure extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.name}</p> : this.props.children;
  }
}
