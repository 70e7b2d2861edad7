// Test harness for the checkout screens: a fake /api behind the kit's one API client,
// answering with the edge's recorded answers (`real`, from rewards-api.json, written
// by record-rewards.mjs against the built edge), and a screen mounted under a memory
// router the way the shell mounts it.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ComponentType } from 'react';
import { configureApi } from '@henhouse/kit/api/client';
import { setBootstrap, type Bootstrap } from '@henhouse/kit/bootstrap';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import recorded from './rewards-api.json';

export interface Reply {
  status?: number;
  body?: unknown;
}
export type Handler = Reply | ((req: { body: any; url: URL; headers: Record<string, string> }) => Reply | Promise<Reply>);

export interface Call {
  method: string;
  path: string;
  body: any;
  headers: Record<string, string>;
}

/**
 * mockApi answers "METHOD /path" (without /api and the query). An array of replies
 * is used in turn, the last one repeating; a missing route answers 404.
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
    calls.push({ method, path, body, headers });
    let h = routes[key];
    if (Array.isArray(h)) {
      const i = used[key] ?? 0;
      used[key] = i + 1;
      h = h[Math.min(i, h.length - 1)];
    }
    const reply: Reply =
      h === undefined ? { status: 404, body: { error: { code: 'not_found', message: `No mock for ${key}` } } } : typeof h === 'function' ? await h({ body, url, headers }) : h;
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
    /** The calls to "METHOD /path". */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** deferred is a reply the test sends when it chooses (a request kept in flight). */
export function deferred() {
  let send!: (r: Reply) => void;
  const reply = new Promise<Reply>((resolve) => (send = resolve));
  return { handler: () => reply, send };
}

/** A key of the recorded answers: "METHOD /api/path", a word after it names an error answer. */
export type RecordedKey = keyof typeof recorded;

/** real is the edge's own answer for key as a mockApi reply; each call gives a fresh copy. */
export function real<B = any>(key: RecordedKey): { status: number; body: B } {
  return JSON.parse(JSON.stringify(recorded[key]));
}

/** The bootstrap's feature flags as the edge sends them (spec 9: rewards at checkout on). */
export function useFeatures(features: Record<string, unknown> = { rewardsAtCheckout: true }) {
  setBootstrap({ config: { features } } as unknown as Bootstrap);
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/** mount renders a screen over the page at url; a navigation shows in <output data-testid="where">. */
export function mount(Screen: ComponentType<ScreenProps>, url = '/menu') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Screen routeId="cart-drawer" params={{}} query={{}} layout="default" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

export function resetStore() {
  useAppStore.getState().reset(['token', 'user', 'members', 'cart', 'location', 'loading', 'errors', 'ui']);
}

/** A user-event session that types without timers between keys. */
export const setupUser = () => userEvent.setup({ delay: null });
