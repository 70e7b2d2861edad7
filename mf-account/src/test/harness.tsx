// Test harness for the account screens: a fake /api behind the kit's one API client,
// answering with the edge's recorded answers (`real`), and the screen mounted under a
// memory router the way the shell mounts it.
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { StrictMode, type ComponentType } from 'react';
import { configureApi } from '@henhouse/kit/api/client';
import type { Layout } from '@henhouse/kit/bootstrap';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import recorded from '../../../edge/internal/server/testdata/account-api.json';
import type { Members, SignedIn, TokenClaims, User } from '../lib/types';

export interface Reply {
  status?: number;
  body?: unknown;
}
export type Handler = Reply | ((req: { body: any; url: URL; headers: Record<string, string> }) => Reply | Promise<Reply>);

export interface Call {
  method: string;
  path: string;
  url: URL;
  body: any;
  headers: Record<string, string>;
}

/**
 * mockApi answers "METHOD /path" (without /api; the query is not part of the key).
 * An array of replies is used in turn, the last one repeating.
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
    const reply: Reply = h === undefined ? { status: 404, body: { error: { code: 'not_found', message: `No mock for ${key}` } } } : typeof h === 'function' ? await h({ body, url, headers }) : h;
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

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>): Reply => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/** mount renders a screen at a URL; any navigation away shows <output data-testid="where">. */
export function mount(Screen: ComponentType<ScreenProps>, url: string, opts: { layout?: Layout; routeId?: string; strict?: boolean } = {}) {
  const pattern = new URL(url, 'http://localhost').pathname;
  function AtRoute() {
    const l = useLocation();
    const query = Object.fromEntries(new URLSearchParams(l.search));
    return (
      <>
        <Screen routeId={opts.routeId ?? 'test'} params={{}} query={query} layout={opts.layout ?? 'default'} />
        <Where />
      </>
    );
  }
  const tree = (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={<AtRoute />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>
  );
  return render(opts.strict ? <StrictMode>{tree}</StrictMode> : tree);
}

export function resetStore() {
  useAppStore.getState().reset(['token', 'user', 'members', 'cart', 'location', 'loading', 'errors', 'ui']);
}

/** A key of the recorded answers: "METHOD /api/path" as docs/identity.md writes it;
 *  a word after the path names an error answer ("POST /api/auth/code wrong_code"). */
export type RecordedKey = keyof typeof recorded;

/**
 * real is the edge's own answer for key, recorded by the Go test
 * edge/internal/server/contract_test.go (testdata/account-api.json), as a reply for
 * mockApi: `{status, body}`. Each call gives a fresh copy a test may change. Ids,
 * tokens and times in it are stable placeholders ("m_1", "card_1", "tok_1",
 * "2030-01-15T12:00:00Z"); everything else is what the edge answers.
 */
export function real<B = any>(key: RecordedKey): { status: number; body: B } {
  return JSON.parse(JSON.stringify(recorded[key]));
}

/** The member (GET /api/user): Ada Lovelace, confirmed, 100 points, favourite Dayton. */
export const ada: User & Record<string, unknown> = real('GET /api/user').body.user;

/** The member's rewards after an order (GET /api/rewards): 400 points, a Biscuit Club subscription. */
export const members: Members & Record<string, unknown> = real('GET /api/rewards').body;

export const token: TokenClaims = real('POST /api/auth/signup').body.token;

/** Every call that signs in answers this shape (POST /api/auth/code). */
export const signedIn = () => real<SignedIn>('POST /api/auth/code').body;

/** A user-event session that types without timers between keys (fast, same events). */
export const setupUser = () => userEvent.setup({ delay: null });
