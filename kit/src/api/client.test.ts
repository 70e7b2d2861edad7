import { ApiError, configureApi, http, request } from './client';
import { forceSignOut, useAppStore } from '@henhouse/kit/state/store';

function respond(status: number, body: unknown, type = 'application/json') {
  return jest.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    statusText: 'X',
    headers: { get: () => type },
    text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
  });
}

describe('api client', () => {
  it('sends JSON with the CSRF token on state-changing calls only', async () => {
    const f = respond(200, { ok: true });
    configureApi({ fetchImpl: f, csrf: 'tok', base: '/api' });
    await request('/cart/items', { method: 'POST', body: { a: 1 } });
    await request('/cart');
    const [url, post] = f.mock.calls[0];
    expect(url).toBe('/api/cart/items');
    expect(post.headers['X-CSRF-Token']).toBe('tok');
    expect(post.headers['Content-Type']).toBe('application/json');
    expect(f.mock.calls[1][1].headers['X-CSRF-Token']).toBeUndefined();
    expect(f.mock.calls[1][1].headers.Accept).toContain('application/json');
  });

  it('turns the edge error shape into ApiError', async () => {
    configureApi({
      fetchImpl: respond(400, { error: { code: 'invalid', message: 'Pick a size', fields: { size: 'required' } } }),
    });
    await expect(request('/x')).rejects.toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'Pick a size',
      fields: { size: 'required' },
    });
  });

  it('reports a network failure in words a guest understands', async () => {
    configureApi({ fetchImpl: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    const err = await request<never>('/x').catch((e: unknown) => e as ApiError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toMatch(/could not reach/);
  });

  it('reports an invalidated session once, as a forced sign-out', async () => {
    const onSessionInvalidated = jest.fn();
    configureApi({
      onSessionInvalidated,
      fetchImpl: respond(401, { error: { code: 'session_invalidated', message: 'Signed out' } }),
    });
    await expect(request('/user')).rejects.toMatchObject({ status: 401 });
    expect(onSessionInvalidated).toHaveBeenCalledTimes(1);
    configureApi({ fetchImpl: respond(401, { error: { code: 'unauthorized', message: 'Sign in' } }) });
    await expect(request('/user')).rejects.toMatchObject({ status: 401 });
    expect(onSessionInvalidated).toHaveBeenCalledTimes(1);
  });

  it('on a session ended on the server, signs the member out in the app state and opens the dialog', async () => {
    configureApi({ onSessionInvalidated: forceSignOut });
    const member = () =>
      useAppStore.getState().set({
        user: { id: 'm_1', first_name: 'Ada' } as never,
        token: { provider: 'henhouse-loyalty', version: '1' },
        members: { points: 120 } as never,
      });
    member();
    useAppStore.getState().setUi({ forcedSignOut: false });
    // A read (the next screen's menu): the edge refuses it once, then answers the guest.
    const f = jest
      .fn()
      .mockImplementationOnce(respond(401, { error: { code: 'session_invalidated', message: 'Signed out' } }))
      .mockImplementationOnce(respond(200, { menu: { id: 'm-standard' } }));
    configureApi({ fetchImpl: f });
    await expect(request('/menus/m-standard')).resolves.toEqual({ menu: { id: 'm-standard' } });
    expect(f).toHaveBeenCalledTimes(2);
    let s = useAppStore.getState();
    expect(s.ui.forcedSignOut).toBe(true);
    expect([s.user, s.token, s.members]).toEqual([null, null, null]);

    // A change is not made as a guest: it fails, and the dialog says why.
    member();
    useAppStore.getState().setUi({ forcedSignOut: false });
    const g = respond(401, { error: { code: 'session_invalidated', message: 'Signed out' } });
    configureApi({ fetchImpl: g });
    await expect(request('/cart', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'session_invalidated' });
    expect(g).toHaveBeenCalledTimes(1);
    s = useAppStore.getState();
    expect(s.ui.forcedSignOut).toBe(true);
    expect(s.user).toBeNull();

    // "Not signed in" is not a forced sign-out.
    member();
    useAppStore.getState().setUi({ forcedSignOut: false });
    configureApi({ fetchImpl: respond(401, { error: { code: 'unauthorized', message: 'Sign in' } }) });
    await expect(request('/user')).rejects.toMatchObject({ code: 'unauthorized' });
    expect(useAppStore.getState().ui.forcedSignOut).toBe(false);
    expect(useAppStore.getState().user).not.toBeNull();
  });

  it('accepts plain text answers', async () => {
    configureApi({ fetchImpl: respond(200, 'pong', 'text/plain') });
    await expect(request('/ping')).resolves.toBe('pong');
  });

  it("sends the contract's header parameters as headers", async () => {
    const f = respond(201, { order: {} });
    configureApi({ fetchImpl: f, csrf: 'tok', base: '/api' });
    await http.post('/cart/submit', {
      body: { customer: { first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '6145550100' }, payments: [] },
      params: { header: { 'Idempotency-Key': 'k-12345678', 'X-Bot-Check': 'bot' } },
    });
    expect(f.mock.calls[0][1].headers).toMatchObject({
      'Idempotency-Key': 'k-12345678',
      'X-Bot-Check': 'bot',
      'X-CSRF-Token': 'tok',
    });
  });
});
