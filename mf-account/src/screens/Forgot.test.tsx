import { screen, waitFor } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { ada, real, token } from '../test/recorded';
import Forgot from './Forgot';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
const botCheck = executeBotCheck as jest.MockedFunction<typeof executeBotCheck>;

beforeEach(() => {
  resetStore();
  botCheck.mockReset();
  botCheck.mockResolvedValue('bot-token');
});

async function requestCode(user = setupUser()) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return user;
}

describe('forgot password (/account/forgot)', () => {
  it('sends a code, then resets the password with it', async () => {
    useAppStore.getState().set({ user: ada, token });
    const api = mockApi({
      'POST /auth/forgot': real('POST /api/auth/forgot'),
      'POST /auth/reset': real('POST /api/auth/reset'),
    });
    mount(Forgot, '/account/forgot');
    expect(screen.getByText(/This site is protected by reCAPTCHA/)).toBeInTheDocument();
    const user = await requestCode();

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText(/we sent it a 6-digit code/)).toHaveTextContent(
      "If there's a Henhouse Rewards account for ada@example.com",
    );
    expect(api.to('POST /auth/forgot')[0]).toMatchObject({
      body: { email: 'ada@example.com' },
      headers: { 'X-Bot-Check': 'bot-token' },
    });
    expect(botCheck).toHaveBeenCalledWith('forgot_password');

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newchicken9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('heading', { name: 'Your password is changed' })).toHaveFocus();
    expect(api.to('POST /auth/reset')[0].body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      password: 'newchicken9',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/signin');
    expect(useAppStore.getState().user).toBeNull();
  });

  it('shows a wrong code and a weak password on their fields', async () => {
    mockApi({
      'POST /auth/forgot': real('POST /api/auth/forgot'),
      'POST /auth/reset': [real('POST /api/auth/reset invalid_code'), real('POST /api/auth/reset weak_password')],
    });
    mount(Forgot, '/account/forgot');
    const user = await requestCode();
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.type(screen.getByLabelText('New password'), 'newchicken9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText("That code isn't right or has expired. Check the latest email or request a new code."),
    ).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 8 characters, with a letter and a number')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
  });

  it('checks the email and the new password before calling the edge', async () => {
    const api = mockApi({ 'POST /auth/forgot': real('POST /api/auth/forgot') });
    mount(Forgot, '/account/forgot');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await requestCode(user);
    await user.type(await screen.findByLabelText('New password'), 'letters');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
    expect(screen.getByText('Your password needs: at least 8 characters')).toBeInTheDocument();
    expect(api.to('POST /auth/reset')).toHaveLength(0);
  });

  it('sends the code again, and can start over with another email', async () => {
    const api = mockApi({ 'POST /auth/forgot': real('POST /api/auth/forgot') });
    mount(Forgot, '/account/forgot');
    const user = await requestCode();
    await user.click(await screen.findByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('We sent a new code to ada@example.com.')).toBeInTheDocument();
    expect(api.to('POST /auth/forgot')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('explains a failed bot check', async () => {
    mockApi({ 'POST /auth/forgot': apiError(403, 'bot_check_failed', 'no') });
    mount(Forgot, '/account/forgot');
    await requestCode();
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't confirm you're a person/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled());
  });
});
