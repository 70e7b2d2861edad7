import { screen } from '@testing-library/react';
import { Link } from '@henhouse/kit/router';
import { ApiError, request } from '@henhouse/kit/api/client';
import type { ScreenProps } from '@henhouse/kit/screen';
import { apiError, deferred, mockApi, mount, recordedAnswers, setupUser } from './harness';

describe('mockApi', () => {
  it('answers by "METHOD /path", in turn, and records the calls with the CSRF header', async () => {
    const m = mockApi({ 'POST /things': [{ body: { n: 1 } }, { status: 201, body: { n: 2 } }] });
    expect(await request('/things?x=1', { method: 'POST', body: { a: 1 } })).toEqual({ n: 1 });
    expect(await request('/things', { method: 'POST', body: { a: 2 } })).toEqual({ n: 2 });
    expect(await request('/things', { method: 'POST', body: { a: 3 } })).toEqual({ n: 2 });
    expect(m.to('POST /things').map((c) => (c.body as { a: number }).a)).toEqual([1, 2, 3]);
    expect(m.calls[0].url.searchParams.get('x')).toBe('1');
    expect(m.calls[0].headers['X-CSRF-Token']).toBe('csrf-test');
  });

  it('answers 404 without a route, and apiError in the error shape of the edge', async () => {
    mockApi({
      'GET /bad': apiError(422, 'invalid', 'Check the highlighted fields.', { email: 'Enter your email address' }),
    });
    await expect(request('/nothing')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    const err = (await request('/bad').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.fields).toEqual({ email: 'Enter your email address' });
  });

  it('keeps a deferred reply in flight until the test sends it', async () => {
    const d = deferred();
    mockApi({ 'GET /slow': d.handler });
    const p = request('/slow');
    d.send({ body: { done: true } });
    expect(await p).toEqual({ done: true });
  });
});

test('recordedAnswers gives a fresh copy each time', () => {
  const real = recordedAnswers({ 'GET /api/x': { status: 200, body: { n: 1 } } });
  real<{ n: number }>('GET /api/x').body.n = 2;
  expect(real('GET /api/x')).toEqual({ status: 200, body: { n: 1 } });
});

describe('mount', () => {
  function Screen({ routeId, query, layout }: ScreenProps) {
    return (
      <p>
        {routeId} {layout} {query.q} <Link to="/elsewhere">away</Link>
      </p>
    );
  }

  it('gives the screen its props; navigating away leaves the location only', async () => {
    const u = setupUser();
    mount(Screen, '/here?q=1', { routeId: 'r', layout: 'app' });
    expect(screen.getByText(/r app 1/)).toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: 'away' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/elsewhere');
    expect(screen.queryByText(/r app/)).toBeNull();
  });

  it('keeps an overlay mounted on every path with path "*"', async () => {
    const u = setupUser();
    mount(Screen, '/here', { path: '*' });
    await u.click(screen.getByRole('link', { name: 'away' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/elsewhere');
    expect(screen.getByText(/test default/)).toBeInTheDocument();
  });
});
