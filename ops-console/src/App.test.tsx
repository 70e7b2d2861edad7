import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from './App';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** api answers the page's requests from routes ("POST /admin/session") and records them. */
function api(routes: Record<string, (c: Call) => [number, unknown]>) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url}`];
    const [status, body] = route
      ? route(call)
      : [404, { error: { code: 'not_found', message: 'No such admin endpoint.' } }];
    return { ok: status < 300, status, text: async () => JSON.stringify(body) } as Response;
  }) as unknown as typeof fetch;
  return calls;
}

const menu = {
  module: 'mf-menu',
  versions: ['1.3.0', '1.4.0'],
  stable: '1.3.0',
  percent: 0,
};

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

test('a wrong token is refused in the API words, the right one shows the console', async () => {
  api({
    'GET /admin/session': () => [401, { error: { code: 'unauthorized', message: 'Sign in with an ops token.' } }],
    'POST /admin/session': (c) =>
      (c.body as { token: string }).token === 'right-token-0123456789'
        ? [200, { name: 'alice', csrf_token: 'csrf-1' }]
        : [401, { error: { code: 'unauthorized', message: 'That ops token is not valid.' } }],
    'GET /admin/modules': () => [200, { modules: [menu] }],
    'GET /admin/audit?limit=50': () => [200, { entries: [] }],
  });
  render(<App />);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Ops token'), 'wrong-token-0123456789');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('That ops token is not valid.')).toBeInTheDocument();

  await user.clear(screen.getByLabelText('Ops token'));
  await user.type(screen.getByLabelText('Ops token'), 'right-token-0123456789');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('alice')).toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'mf-menu' })).toBeInTheDocument();
});

test('a canary is confirmed in words, sent with the CSRF token, announced and refreshed', async () => {
  let current: typeof menu & { canary?: string } = menu;
  const calls = api({
    'GET /admin/session': () => [200, { name: 'alice', csrf_token: 'csrf-1' }],
    'GET /admin/modules': () => [200, { modules: [current] }],
    'GET /admin/audit?limit=50': () => [200, { entries: [] }],
    'POST /admin/modules/mf-menu/canary': () => {
      current = { ...menu, canary: '1.4.0', percent: 10 };
      return [200, current];
    },
  });
  render(<App />);
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: 'mf-menu' });
  await user.click(within(card).getByRole('button', { name: 'Start canary…' }));
  const dialog = screen.getByRole('dialog', { name: 'Start a canary of mf-menu' });
  expect(dialog).toHaveTextContent('Send mf-menu 1.4.0 to 10% of visitors? Stable stays 1.3.0.');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await user.click(within(dialog).getByRole('button', { name: 'Send 1.4.0 to 10%' }));
  expect(await screen.findByRole('status')).toHaveTextContent('mf-menu 1.4.0 now goes to 10% of visitors.');
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.headers['x-csrf-token']).toBe('csrf-1');
  expect(post.body).toEqual({ version: '1.4.0', percent: 10 });
  expect(await within(card).findByText('1.4.0 to 10% of visitors')).toBeInTheDocument();
});

test('an error is shown in the API words and nothing is announced as done', async () => {
  api({
    'GET /admin/session': () => [200, { name: 'alice', csrf_token: 'csrf-1' }],
    'GET /admin/modules': () => [200, { modules: [{ ...menu, canary: '1.4.0', percent: 10 }] }],
    'GET /admin/audit?limit=50': () => [200, { entries: [] }],
    'POST /admin/modules/mf-menu/promote': () => [
      409,
      { error: { code: 'conflict', message: 'The release changed meanwhile: reload and try again.' } },
    ],
  });
  render(<App />);
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: 'mf-menu' });
  await user.click(within(card).getByRole('button', { name: 'Promote 1.4.0…' }));
  await user.click(screen.getByRole('button', { name: 'Make 1.4.0 stable' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The release changed meanwhile: reload and try again.');
  expect(screen.getByRole('status')).toHaveTextContent('');
});

test('a percent outside 1 to 100 is refused before any dialog', async () => {
  api({
    'GET /admin/session': () => [200, { name: 'alice', csrf_token: 'csrf-1' }],
    'GET /admin/modules': () => [200, { modules: [menu] }],
    'GET /admin/audit?limit=50': () => [200, { entries: [] }],
  });
  render(<App />);
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: 'mf-menu' });
  const percent = within(card).getByLabelText('Percent of visitors');
  await user.clear(percent);
  await user.type(percent, '150');
  await user.click(within(card).getByRole('button', { name: 'Start canary…' }));
  expect(within(card).getByText('Enter a whole number from 1 to 100.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a sign-out the edge did not take is said, and the console stays', async () => {
  api({
    'GET /admin/session': () => [200, { name: 'alice', csrf_token: 'csrf-1' }],
    'GET /admin/modules': () => [200, { modules: [menu] }],
    'GET /admin/audit?limit=50': () => [200, { entries: [] }],
    'DELETE /admin/session': () => [503, { error: { code: 'unavailable', message: 'Redis is not answering.' } }],
  });
  render(<App />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('Redis is not answering.')).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'mf-menu' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Ops token')).not.toBeInTheDocument();
});

test('an edge that does not answer is said above the sign-in form', async () => {
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  render(<App />);
  expect(await screen.findByText('The edge did not answer. Check the connection and try again.')).toBeInTheDocument();
  expect(screen.getByLabelText('Ops token')).toBeInTheDocument();
});
