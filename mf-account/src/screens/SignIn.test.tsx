import { screen, waitFor } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import type { CodeChallenge } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { ada, real, token } from '../test/recorded';
import SignIn, { appReturn } from './SignIn';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
const botCheck = executeBotCheck as jest.MockedFunction<typeof executeBotCheck>;

// The edge's answers: a code sent by email (masked "a•••@example.com"), by text for
// the passwordless start, and the signed-in member.
const challenge = real<{ challenge: CodeChallenge }>('POST /api/auth/signin').body.challenge;
const signinReply = real('POST /api/auth/signin');
const codeReply = real('POST /api/auth/code');

beforeEach(() => {
  resetStore();
  botCheck.mockReset();
  botCheck.mockResolvedValue('bot-token');
});

async function fillPassword(user = setupUser(), password = 'chicken123') {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign in (/account/signin)', () => {
  it('signs in with email, password and the emailed code, then goes to the return page', async () => {
    const api = mockApi({ 'POST /auth/signin': signinReply, 'POST /auth/code': codeReply });
    mount(SignIn, '/account/signin?return=%2Forder%2Fcheckout%3Fstep%3D2');
    const user = await fillPassword();

    const heading = await screen.findByRole('heading', { name: 'Enter your sign-in code' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/We sent a 6-digit code by email to a•+@example\.com\./)).toBeInTheDocument();
    expect(screen.queryByText(/ada@example\.com/)).toBeNull();
    const [signin] = api.to('POST /auth/signin');
    expect(signin.body).toEqual({ email: 'ada@example.com', password: 'chicken123' });
    expect(signin.headers['X-Bot-Check']).toBe('bot-token');
    expect(botCheck).toHaveBeenCalledWith('login');

    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/checkout?step=2'));
    expect(api.to('POST /auth/code')[0].body).toEqual({ challenge_id: challenge.id, code: '123456' });
    const s = useAppStore.getState();
    expect(s.user).toMatchObject({ email: 'ada@example.com' });
    expect(s.members).toMatchObject({ points: 300 });
    expect(s.token).toEqual(token);
  });

  it('goes to /account when the return page is another site', async () => {
    mockApi({ 'POST /auth/signin': signinReply, 'POST /auth/code': codeReply });
    mount(SignIn, '/account/signin?return=https%3A%2F%2Fevil.example%2F');
    const user = await fillPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/account$/));
  });

  it('checks the fields before calling the edge', async () => {
    const api = mockApi({});
    mount(SignIn, '/account/signin');
    const user = setupUser();
    await user.type(screen.getByLabelText('Email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Enter an email address like name@example.com')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Enter an email address like name@example\.com/);
    expect(email).toHaveFocus();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a wrong password on the password field', async () => {
    mockApi({
      'POST /auth/signin': apiError(401, 'invalid_credentials', "That email and password don't match.", {
        password: "That password isn't right. Try again or reset it.",
      }),
    });
    mount(SignIn, '/account/signin');
    await fillPassword(undefined, 'wrongpass1');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText("That password isn't right. Try again or reset it.")).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows a wrong password without field details as a form alert', async () => {
    mockApi({ 'POST /auth/signin': apiError(401, 'invalid_credentials', "That email and password don't match.") });
    mount(SignIn, '/account/signin');
    await fillPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent("That email and password don't match.");
  });

  it('shows a wrong code on the code field and lets the member try again', async () => {
    mockApi({
      'POST /auth/signin': signinReply,
      'POST /auth/code': [real('POST /api/auth/code wrong_code'), codeReply],
    });
    mount(SignIn, '/account/signin');
    const user = await fillPassword();
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText("That code isn't right. Check the latest email and try again.")).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(useAppStore.getState().user).toBeNull();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/account$/));
  });

  it('checks the code is 6 digits', async () => {
    const api = mockApi({ 'POST /auth/signin': signinReply });
    mount(SignIn, '/account/signin');
    const user = await fillPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is 6 digits, numbers only')).toBeInTheDocument();
    expect(api.to('POST /auth/code')).toHaveLength(0);
  });

  it('resends the code and says where it went', async () => {
    // The edge answers a resend like a sign-in: {challenge} (here the one it sent by text).
    const sms = real<{ challenge: CodeChallenge }>('POST /api/auth/passwordless').body.challenge;
    const api = mockApi({
      'POST /auth/signin': signinReply,
      'POST /auth/code/resend': { body: { challenge: sms } },
      'POST /auth/code': codeReply,
    });
    mount(SignIn, '/account/signin');
    const user = await fillPassword();
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    const sent = 'New code sent. We sent a 6-digit code by text message to (•••) •••-0100.';
    expect(await screen.findByText(sent)).toBeVisible();
    expect(document.getElementById('hh-live-polite')).toHaveTextContent(sent); // announced
    expect(api.to('POST /auth/code/resend')[0].body).toEqual({ challenge_id: challenge.id });
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.to('POST /auth/code')[0].body).toEqual({ challenge_id: sms.id, code: '654321' }));
  });

  it('says how long to wait when a new code is asked for too soon', async () => {
    mockApi({
      'POST /auth/signin': signinReply,
      'POST /auth/code/resend': real('POST /api/auth/code/resend resend_too_soon'),
    });
    mount(SignIn, '/account/signin');
    const user = await fillPassword();
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait 30 seconds before asking for another code.');
    expect(screen.getByLabelText('6-digit code')).toBeInTheDocument();
  });

  it('signs in with a code instead of a password (passwordless)', async () => {
    const api = mockApi({
      'POST /auth/passwordless': real('POST /api/auth/passwordless'),
      'POST /auth/code': codeReply,
    });
    mount(SignIn, '/account/signin');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Sign in with a code instead' }));
    expect(screen.getByRole('heading', { name: 'Sign in with a code' })).toHaveFocus();
    await user.type(screen.getByLabelText('Email, phone or member number'), 'HH1234567890');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('We sent a 6-digit code by text message to (•••) •••-0100.', { exact: false }),
    ).toBeInTheDocument();
    expect(api.to('POST /auth/passwordless')[0]).toMatchObject({
      body: { identifier: 'HH1234567890' },
      headers: { 'X-Bot-Check': 'bot-token' },
    });
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/account$/));
    expect(useAppStore.getState().token).toEqual(token);
  });

  it('explains a failed bot check in plain words', async () => {
    botCheck.mockRejectedValue(new Error('Failed to load script'));
    const api = mockApi({});
    mount(SignIn, '/account/signin');
    await fillPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't confirm you're a person/);
    expect(api.calls).toHaveLength(0);
  });

  it('explains a bot check the edge refused', async () => {
    mockApi({ 'POST /auth/signin': apiError(403, 'bot_check_failed', 'bot check failed') });
    mount(SignIn, '/account/signin');
    await fillPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't confirm you're a person/);
  });

  it('does not submit twice while a sign-in is on its way', async () => {
    let release!: () => void;
    const api = mockApi({
      'POST /auth/signin': () => new Promise((r) => (release = () => r({ body: { challenge } }))),
    });
    mount(SignIn, '/account/signin');
    const user = await fillPassword();
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    await user.click(button);
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    release();
    await screen.findByLabelText('6-digit code');
    expect(api.to('POST /auth/signin')).toHaveLength(1);
  });

  it('offers single sign-on, forgot password, sign up and the reCAPTCHA notice', () => {
    mockApi({});
    mount(SignIn, '/account/signin?return=%2Forder');
    expect(screen.getByRole('link', { name: 'Sign in with Henhouse Rewards' })).toHaveAttribute(
      'href',
      '/api/auth/sso?return=%2Forder',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/account/forgot');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/account/signup?return=%2Forder',
    );
    expect(screen.getByText(/This site is protected by reCAPTCHA and the Google/).textContent).toBe(
      'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
  });

  it('shows and hides the password', async () => {
    mockApi({});
    mount(SignIn, '/account/signin');
    const user = setupUser();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends a signed-in member straight to /account', async () => {
    useAppStore.getState().set({ user: ada, token });
    mockApi({});
    mount(SignIn, '/account/signin');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/account$/));
  });

  describe('webview variant (/app/signin, layout app)', () => {
    const w = window as unknown as Record<string, unknown>;
    let sent: Record<string, unknown>[];
    const installBridge = () => {
      sent = [];
      w.ReactNativeWebView = { postMessage: (m: string) => sent.push(JSON.parse(m)) };
    };
    afterEach(() => {
      delete w.ReactNativeWebView;
    });

    async function signInAtApp(url = '/app/signin') {
      const api = mockApi({ 'POST /auth/signin': signinReply, 'POST /auth/code': codeReply });
      mount(SignIn, url, { layout: 'app' });
      const user = await fillPassword();
      await user.type(await screen.findByLabelText('6-digit code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      return { api, user };
    }

    it('has no links out of the app flow', () => {
      mockApi({});
      mount(SignIn, '/app/signin', { layout: 'app' });
      expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
      // Single sign-on comes back to this page through /app/code. The only other links
      // are the reCAPTCHA notice's, which a hidden badge requires; they open a new
      // window (the app's browser), never in place of the sign-in.
      const links = screen.getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual([
        'https://policies.google.com/privacy',
        'https://policies.google.com/terms',
        '/api/auth/sso?return=%2Fapp%2Fsignin',
      ]);
      expect(links.slice(0, 2).map((a) => a.getAttribute('target'))).toEqual(['_blank', '_blank']);
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    });

    it('tells the app who signed in, never a credential', async () => {
      installBridge();
      await signInAtApp();
      expect(await screen.findByRole('heading', { name: "You're signed in" })).toHaveFocus();
      expect(screen.getByText('Welcome back, Ada. You can go back to the app now.')).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent('/app/signin');
      expect(sent).toEqual([
        { source: 'henhouse-account', version: 1, type: 'signed_in', member: { id: ada.id, firstName: 'Ada' } },
      ]);
      const text = JSON.stringify(sent);
      expect(text).not.toMatch(/token|password|chicken123|123456|provider/i);
      expect(useAppStore.getState().token).toEqual(token);
      expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    });

    it('says the member is signed in where no app listens', async () => {
      await signInAtApp();
      expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
      expect(screen.getByText('Welcome back, Ada. You can go back to the app now.')).toBeInTheDocument();
    });

    it('waits for the webview start-up before signing in, so the app data cannot undo it', async () => {
      installBridge();
      useAppStore.getState().set({ loading: true });
      await signInAtApp();
      await new Promise((r) => setTimeout(r, 20));
      expect(useAppStore.getState().user).toBeNull();
      expect(sent).toEqual([]);
      // The start-up finishes (a guest webview: no member in the app data).
      useAppStore.getState().set({ loading: false });
      expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
      expect(useAppStore.getState().user).toMatchObject({ id: ada.id });
      expect(sent.map((m) => m.type)).toEqual(['signed_in']);
    });

    it('tells the app once when the webview is already signed in', async () => {
      installBridge();
      useAppStore.getState().set({ user: ada, token });
      mockApi({});
      mount(SignIn, '/app/signin', { layout: 'app' });
      expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
      expect(screen.queryByLabelText('Email')).toBeNull();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ type: 'signed_in', member: { id: ada.id, firstName: 'Ada' } });
    });

    it('tells the app when the member cancels, and can start again', async () => {
      installBridge();
      const api = mockApi({});
      mount(SignIn, '/app/signin', { layout: 'app' });
      const user = setupUser();
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(sent).toEqual([{ source: 'henhouse-account', version: 1, type: 'signin_cancelled' }]);
      expect(screen.getByRole('heading', { name: 'Sign-in cancelled' })).toHaveFocus();
      expect(screen.getByText('You can go back to the app now.')).toBeInTheDocument();
      expect(api.calls).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Sign in after all' }));
      expect(screen.getByLabelText('Email')).toBeInTheDocument();
    });

    it('asks the app for its sign-up screen when it has a bridge', async () => {
      installBridge();
      mockApi({});
      mount(SignIn, '/app/signin', { layout: 'app' });
      await setupUser().click(screen.getByRole('button', { name: 'Create an account' }));
      expect(sent).toEqual([{ source: 'henhouse-account', version: 1, type: 'signup_requested' }]);
      expect(screen.getByTestId('where')).toHaveTextContent('/app/signin');
    });

    it('returns to a page of the app flow without a message, and offers single sign-on back to it', async () => {
      installBridge();
      mockApi({ 'POST /auth/signin': signinReply, 'POST /auth/code': codeReply });
      mount(SignIn, '/app/signin?return=%2Fapp%2Fsubscribe', { layout: 'app' });
      expect(screen.getByRole('link', { name: 'Sign in with Henhouse Rewards' })).toHaveAttribute(
        'href',
        '/api/auth/sso?return=%2Fapp%2Fsubscribe',
      );
      const user = await fillPassword();
      await user.type(await screen.findByLabelText('6-digit code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/app/subscribe'));
      expect(sent).toEqual([]);
    });

    it('cancels back to the page of the app flow that asked', async () => {
      installBridge();
      mockApi({});
      mount(SignIn, '/app/signin?return=%2Fapp%2Fcheckout', { layout: 'app' });
      await setupUser().click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/app/checkout'));
      expect(sent).toEqual([]);
    });

    it('never returns to itself or out of the app flow', () => {
      expect(appReturn('/app/subscribe')).toBe('/app/subscribe');
      expect(appReturn('/app/signin')).toBeNull();
      expect(appReturn('/app/signin?return=%2Fapp%2Fsignin')).toBeNull();
      expect(appReturn('/account')).toBeNull();
      expect(appReturn('https://evil.example/app/x')).toBeNull();
    });
  });
});
