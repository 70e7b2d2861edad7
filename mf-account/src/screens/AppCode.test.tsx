import { act, screen, waitFor } from '@testing-library/react';
import type { SignedIn } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import { forgetOnce } from '../lib/once';
import { real, token } from '../test/recorded';
import AppCode from './AppCode';

beforeEach(() => {
  resetStore();
  forgetOnce();
});

describe('single sign-on return (/app/code)', () => {
  it('exchanges the code, signs in and goes to the returned page', async () => {
    const api = mockApi({ 'POST /auth/sso/exchange': real('POST /api/auth/sso/exchange') });
    mount(AppCode, '/app/code?code=c1&state=s1', { layout: 'app', strict: true });
    expect(screen.getByText('Signing you in with Henhouse Rewards…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account?section=rewards-single'));
    expect(api.to('POST /auth/sso/exchange')).toHaveLength(1);
    expect(api.to('POST /auth/sso/exchange')[0].body).toEqual({ code: 'c1', state: 's1' });
    expect(useAppStore.getState()).toMatchObject({
      user: { email: 'ada@example.com' },
      members: { points: 300 },
      token,
    });
  });

  it('never follows a returned path to another site', async () => {
    mockApi({
      'POST /auth/sso/exchange': {
        body: { ...real<SignedIn>('POST /api/auth/sso/exchange').body, return: '//evil.example/' },
      },
    });
    mount(AppCode, '/app/code?code=c2&state=s2', { layout: 'app' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/account$/));
  });

  it('waits for the webview start-up so the sign-in is not cleared', async () => {
    useAppStore.getState().set({ loading: true });
    mockApi({
      'POST /auth/sso/exchange': {
        body: { ...real<SignedIn>('POST /api/auth/sso/exchange').body, return: '/app/subscribe' },
      },
    });
    mount(AppCode, '/app/code?code=c3&state=s3', { layout: 'app' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('where')).toHaveTextContent('/app/code');
    act(() => useAppStore.getState().set({ user: null, loading: false })); // start-up cleared and finished
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/app/subscribe'));
    expect(useAppStore.getState().user).toMatchObject({ id: 'm_1', first_name: 'Ada' });
  });

  it('shows a failed exchange with a way back to sign in', async () => {
    mockApi({ 'POST /auth/sso/exchange': real('POST /api/auth/sso/exchange sso_state') });
    mount(AppCode, '/app/code?code=old&state=s', { layout: 'app' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't sign you in");
    expect(alert).toHaveTextContent('That sign-in link has expired. Please sign in again.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/account/signin');
    expect(useAppStore.getState().user).toBeNull();
  });

  it('shows a sign-in the member cancelled at the provider', async () => {
    const api = mockApi({});
    mount(AppCode, '/app/code?error=access_denied&state=s', { layout: 'app' });
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in was cancelled.');
    expect(api.calls).toHaveLength(0);
  });

  it('shows an incomplete link', () => {
    mockApi({});
    mount(AppCode, '/app/code?code=x', { layout: 'app' });
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in link is incomplete.');
  });
});
