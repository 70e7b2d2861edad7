import { screen, waitFor } from '@testing-library/react';
import { useAppStore } from '@henhouse/kit/state/store';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import { forgetOnce } from '../lib/once';
import { ada, real, token } from '../test/recorded';
import Confirmed from './Confirmed';

beforeEach(() => {
  resetStore();
  forgetOnce();
});

describe('account confirmation (/account/confirmed)', () => {
  it('confirms the account with the code from the link', async () => {
    const api = mockApi({ 'POST /auth/confirm': real('POST /api/auth/confirm') });
    mount(Confirmed, '/account/confirmed?code=abc123', { strict: true });
    expect(screen.getByText('Confirming your account…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your account is confirmed' })).toBeInTheDocument();
    expect(api.to('POST /auth/confirm')).toHaveLength(1); // once, even under StrictMode
    expect(api.to('POST /auth/confirm')[0].body).toEqual({ code: 'abc123' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/signin');
  });

  it('marks the signed-in member confirmed', async () => {
    useAppStore.getState().set({ user: { ...ada, confirmed: false }, token });
    mockApi({ 'POST /auth/confirm': real('POST /api/auth/confirm') });
    mount(Confirmed, '/account/confirmed?code=abc123');
    expect(await screen.findByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
    expect(useAppStore.getState().user).toMatchObject({ confirmed: true });
  });

  it('says clearly when the code is wrong or used', async () => {
    mockApi({ 'POST /auth/confirm': real('POST /api/auth/confirm confirmation_expired') });
    mount(Confirmed, '/account/confirmed?code=old');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't confirm your account");
    expect(alert).toHaveTextContent(
      "This confirmation link has expired or isn't valid. Sign in and we'll send you a new one.",
    );
  });

  it('says when the link has no code, without calling the edge', async () => {
    const api = mockApi({});
    mount(Confirmed, '/account/confirmed');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is missing its confirmation code.');
    await waitFor(() => expect(api.calls).toHaveLength(0));
  });
});
