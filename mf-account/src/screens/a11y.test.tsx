// Automated accessibility checks (axe-core) of each screen in its main states. Colour
// contrast needs a real browser and is left to the e2e suite.
import axe from 'axe-core';
import { act, screen } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { useAppStore } from '@henhouse/kit/state/store';
import { forgetOnce } from '../lib/once';
import { ada, members, mockApi, mount, resetStore, setupUser, token } from '../test/harness';
import AppCode from './AppCode';
import Confirmed from './Confirmed';
import Dashboard from './Dashboard';
import Forgot from './Forgot';
import Settings from './Settings';
import SignIn from './SignIn';
import SignUp from './SignUp';
import Subscribe from './Subscribe';

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
    mockApi({ 'POST /auth/signin': { body: { challenge: { id: 'c', channel: 'email', destination: 'ada@example.com' } } } });
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

  it('sign up, with errors and location results', async () => {
    mockApi({ 'GET /locations': { body: { locations: [{ id: 'l1', name: 'Henhouse Dayton', address: { city: 'Dayton', state: 'OH' } }] } } });
    const { container } = mount(SignUp, '/account/signup');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Enter your first name');
    await user.click(screen.getByRole('button', { name: 'Show all locations' }));
    await screen.findByRole('button', { name: 'Choose Henhouse Dayton' });
    expect(await violations(container)).toEqual([]);
  });

  it('forgot password', async () => {
    mockApi({ 'POST /auth/forgot': { status: 202, body: { sent: true } } });
    const { container } = mount(Forgot, '/account/forgot');
    expect(await violations(container)).toEqual([]);
    const user = setupUser();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('New password');
    expect(await violations(container)).toEqual([]);
  });

  it('confirmed and app code', async () => {
    mockApi({ 'POST /auth/confirm': { body: { confirmed: true } } });
    const a = mount(Confirmed, '/account/confirmed?code=x');
    await screen.findByText('Your account is confirmed');
    expect(await violations(a.container)).toEqual([]);
    a.unmount();
    const b = mount(AppCode, '/app/code?error=access_denied', { layout: 'app' });
    expect(await violations(b.container)).toEqual([]);
  });

  it('dashboard, both sections', async () => {
    signedIn();
    mockApi({ 'GET /rewards': { body: members }, 'GET /locations/oh-dayton': { body: { location: { id: 'oh-dayton', name: 'Henhouse Dayton' } } } });
    const { container } = mount(Dashboard, '/account');
    await act(async () => new Promise((r) => setTimeout(r, 0))); // the rewards refresh
    expect(await violations(container)).toEqual([]);
    await setupUser().click(screen.getByRole('tab', { name: 'Your info' }));
    await screen.findByText('Henhouse Dayton');
    expect(await violations(container)).toEqual([]);
  });

  it('settings', async () => {
    signedIn();
    mockApi({
      'GET /user/addresses': { body: { addresses: [{ id: 'a1', label: 'Home', street: '1 Elm St', city: 'Dayton', state: 'OH', zip: '45402' }] } },
      'GET /user/cards': { body: { cards: [{ id: 'c1', brand: 'Visa', last4: '4242', expMonth: 1, expYear: 2030 }] } },
      'GET /user/favorites': { body: { favorites: [] } },
      'GET /user/orders': { body: { orders: [{ id: 'o1', placed_at: '2026-01-01T00:00:00Z', products: [], totals: { total_cents: 100 } }] } },
    });
    const { container } = mount(Settings, '/account/settings');
    await screen.findByRole('table');
    await screen.findByRole('list', { name: 'Saved cards' });
    await screen.findByRole('list', { name: 'Saved addresses' });
    expect(await violations(container)).toEqual([]);
  });

  it('subscribe', async () => {
    signedIn();
    mockApi({ 'GET /subscriptions/plans': { body: { plans: [{ id: 'p', name: 'Club', priceCents: 999, interval: 'month' }] } }, 'GET /rewards': { body: members }, 'GET /user/cards': { body: { cards: [] } } });
    const { container } = mount(Subscribe, '/app/subscribe', { layout: 'app' });
    await screen.findByLabelText('Card number');
    expect(await violations(container)).toEqual([]);
  });
});
