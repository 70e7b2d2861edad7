import { ApiError, configureApi, http, request } from './client';

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

  it('accepts plain text answers', async () => {
    configureApi({ fetchImpl: respond(200, 'pong', 'text/plain') });
    await expect(request('/ping')).resolves.toBe('pong');
  });

  it("sends the contract's header parameters as headers", async () => {
    const f = respond(201, { order: {} });
    configureApi({ fetchImpl: f, csrf: 'tok', base: '/api' });
    await http.post('/cart/submit', {
      body: { customer: { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '6145550100' }, payments: [] },
      params: { header: { 'Idempotency-Key': 'k-12345678', 'X-Bot-Check': 'bot' } },
    });
    expect(f.mock.calls[0][1].headers).toMatchObject({
      'Idempotency-Key': 'k-12345678',
      'X-Bot-Check': 'bot',
      'X-CSRF-Token': 'tok',
    });
  });
});
