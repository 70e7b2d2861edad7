// Automated accessibility checks (axe-core) of each screen in its main states. Color
// contrast needs a real browser and is left to the e2e suite.
import axe from 'axe-core';
import { act, screen } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import type { Location, SignedIn } from '@henhouse/kit/api/types';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { useAppStore } from '@henhouse/kit/state/store';
import { mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { forgetOnce } from '../lib/once';
import { ada, members, real, token } from '../test/recorded';
import AppCode from './AppCode';
import Confirmed from './Confirmed';
import Dashboard from './Dashboard';
import Forgot from './Forgot';
import Settings from './Settings';
import SignIn from './SignIn';
import SignUp from './SignUp';
import Subscribe from './Subscribe';

jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
}));
jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));

async function violations(container: Element) {
  const r = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const signedIn = () => useAppStore.getState().set({ user: ada, token, members });

beforeEach(() => {
  resetStore();
  forgetOnce();
  (executeBotCheck as jest.Mock).mockResolvedValue('bot');
});

describe('accessibility (axe)', () => {
  it('sign in, with errors, and its code step', async () => {
    mockApi({ 'POST /auth/signin': real('POST /api/auth/signin') });
    const { container } = mount(SignIn, '/account/signin');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Enter your email address');
    expect(await violations(container)).toEqual([]);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'chicken123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('6-digit code');
    expect(await violations(container)).toEqual([]);
  });

  it('sign in in the webview, and its cancelled and signed-in states', async () => {
    mockApi({});
    const { container } = mount(SignIn, '/app/signin', { layout: 'app' });
    expect(await violations(container)).toEqual([]);
    await setupUser().click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Sign-in cancelled' });
    expect(await violations(container)).toEqual([]);
    act(() => signedIn());
    await screen.findByRole('heading', { name: "You're signed in" });
    expect(await violations(container)).toEqual([]);
  });

  it('sign up, with errors and location results', async () => {
    mockApi({
      'GET /locations': {
        body: { locations: [louisville({ name: 'Henhouse Dayton', distance_miles: 0.4 })] },
      },
    });
    const { container } = mount(SignUp, '/account/signup');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Enter your first name');
    await user.click(screen.getByRole('button', { name: 'Show all locations' }));
    await screen.findByRole('button', { name: 'Choose Henhouse Dayton' });
    expect(await violations(container)).toEqual([]);
  });

  it('forgot password', async () => {
    mockApi({ 'POST /auth/forgot': real('POST /api/auth/forgot') });
    const { container } = mount(Forgot, '/account/forgot');
    expect(await violations(container)).toEqual([]);
    const user = setupUser();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('New password');
    expect(await violations(container)).toEqual([]);
  });

  it('confirmed and app code', async () => {
    mockApi({ 'POST /auth/confirm': real('POST /api/auth/confirm') });
    const a = mount(Confirmed, '/account/confirmed?code=x');
    await screen.findByText('Your account is confirmed');
    expect(await violations(a.container)).toEqual([]);
    a.unmount();
    const b = mount(AppCode, '/app/code?error=access_denied', { layout: 'app' });
    expect(await violations(b.container)).toEqual([]);
  });

  it('dashboard, both sections', async () => {
    signedIn();
    mockApi({
      'GET /rewards': real('GET /api/rewards'),
      'GET /locations/oh-dayton': {
        body: { location: real<{ favorites: Location[] }>('GET /api/user/favorites').body.favorites[0] },
      },
    });
    const { container } = mount(Dashboard, '/account');
    await act(async () => new Promise((r) => setTimeout(r, 0))); // the rewards refresh
    expect(await violations(container)).toEqual([]);
    await setupUser().click(screen.getByRole('tab', { name: 'Your info' }));
    await screen.findByText('Henhouse Dayton');
    expect(await violations(container)).toEqual([]);
  });

  it('dashboard of a member who has not confirmed the email yet', async () => {
    const fresh = real<SignedIn>('POST /api/auth/signup').body;
    useAppStore.getState().set({ user: fresh.user, token, members: fresh.members });
    mockApi({
      'GET /rewards': { body: fresh.members },
      'POST /user/confirmation': real('POST /api/user/confirmation'),
    });
    const { container } = mount(Dashboard, '/account');
    await setupUser().click(screen.getByRole('button', { name: 'Send the link again' }));
    await screen.findByText('We sent a new confirmation link to ada@example.com.');
    expect(await violations(container)).toEqual([]);
  });

  it('settings', async () => {
    signedIn();
    mockApi({
      'GET /user/addresses': real('GET /api/user/addresses'),
      'GET /user/cards': real('GET /api/user/cards'),
      'GET /user/favorites': real('GET /api/user/favorites'),
      'GET /user/orders': real('GET /api/user/orders'),
    });
    const { container } = mount(Settings, '/account/settings');
    await screen.findByRole('table');
    await screen.findByRole('list', { name: 'Saved cards' });
    await screen.findByRole('list', { name: 'Saved addresses' });
    expect(await violations(container)).toEqual([]);
  });

  it('subscribe', async () => {
    signedIn();
    const unsubscribed = { ...members, subscriptions: [] };
    useAppStore.getState().set({ members: unsubscribed });
    mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': { body: unsubscribed },
      'GET /user/cards': { body: { cards: [] } },
    });
    const { container } = mount(Subscribe, '/app/subscribe', { layout: 'app' });
    await screen.findByTitle('Card details');
    expect(await violations(container)).toEqual([]);
  });

  it('subscribe, with a subscription', async () => {
    signedIn();
    mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': real('GET /api/rewards'),
    });
    const { container } = mount(Subscribe, '/app/subscribe', { layout: 'app' });
    await screen.findByRole('button', { name: 'Cancel subscription' });
    expect(await violations(container)).toEqual([]);
  });
});
