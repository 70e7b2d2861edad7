import { screen, waitFor, within } from '@testing-library/react';
import { useAppStore } from '@henhouse/kit/state/store';
import { ada, apiError, members, mockApi, mount, resetStore, setupUser, token } from '../test/harness';
import Subscribe from './Subscribe';

const plans = [
  { id: 'p-club', name: 'Chicken Club', description: 'A free side every day', priceCents: 999, interval: 'month', perks: ['Free side daily', 'Double points'] },
  { id: 'p-year', name: 'Chicken Club yearly', priceCents: 9900, interval: 'year', perks: [] },
];
const card = { id: 'card_1', token: 'tok_saved', brand: 'Visa', last4: '4242', expMonth: 4, expYear: 2031, default: true };

beforeEach(resetStore);

describe('subscriptions (/app/subscribe)', () => {
  it('lists the plans and subscribes with a saved card', async () => {
    useAppStore.getState().set({ user: ada, token, members });
    const api = mockApi({
      'GET /subscriptions/plans': { body: { plans } },
      'GET /rewards': { body: members },
      'GET /user/cards': { body: { cards: [card] } },
      'POST /subscriptions': { status: 201, body: { subscription: { id: 's_1', planId: 'p-year', status: 'active', renewsAt: '2031-01-01T00:00:00Z' } } },
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const list = await screen.findByRole('region', { name: 'Plans' });
    expect(within(list).getByRole('heading', { name: 'Chicken Club' }).closest('li')).toHaveTextContent('$9.99 a month');
    const user = setupUser();
    await user.click(screen.getByLabelText('Chicken Club yearly, $99.00 a year'));
    expect(await screen.findByLabelText('Visa ending in 4242, expires 04/2031')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("You're subscribed to Chicken Club yearly.")).toBeInTheDocument();
    expect(api.to('POST /subscriptions')[0].body).toEqual({ planId: 'p-year', paymentToken: 'tok_saved' });
    expect(await screen.findByText('Active. Renews Jan 1, 2031.')).toBeInTheDocument();
  });

  it('subscribes with a new card', async () => {
    useAppStore.getState().set({ user: ada, token, members });
    const api = mockApi({
      'GET /subscriptions/plans': { body: { plans } },
      'GET /rewards': { body: members },
      'GET /user/cards': { body: { cards: [] } },
      'POST /payments/cards': { status: 201, body: { card: { token: 'tok_new', brand: 'Visa', last4: '1111' } } },
      'POST /subscriptions': { status: 201, body: { subscription: { id: 's_2', planId: 'p-club', status: 'active' } } },
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const user = setupUser();
    await user.type(await screen.findByLabelText('Card number'), '4111 1111 1111 1111');
    await user.type(screen.getByLabelText('Expiry month (MM)'), '04');
    await user.type(screen.getByLabelText('Expiry year (YYYY)'), '2031');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.type(screen.getByLabelText('Billing ZIP code'), '45402');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("You're subscribed to Chicken Club.")).toBeInTheDocument();
    expect(api.to('POST /payments/cards')[0].body).toMatchObject({ processor: 'hosted', number: '4111111111111111', expMonth: 4, expYear: 2031 });
    expect(api.to('POST /subscriptions')[0].body).toEqual({ planId: 'p-club', paymentToken: 'tok_new' });
  });

  it('cancels a subscription after asking', async () => {
    const sub = { id: 's_1', planId: 'p-club', status: 'active', renewsAt: '2031-01-01T00:00:00Z' };
    const withSub = { ...members, subscriptions: [sub] };
    useAppStore.getState().set({ user: ada, token, members: withSub });
    const api = mockApi({
      'GET /subscriptions/plans': { body: { plans } },
      'GET /rewards': { body: withSub },
      'DELETE /subscriptions/s_1': { body: { subscription: { ...sub, cancelAtPeriodEnd: true, endsAt: '2031-01-01T00:00:00Z' } } },
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await screen.findByText('Cancelled. Your plan stays active until Jan 1, 2031.')).toBeInTheDocument();
    expect(api.to('DELETE /subscriptions/s_1')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('asks a guest to sign in', async () => {
    mockApi({ 'GET /subscriptions/plans': { body: { plans } } });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/signin?return=%2Fapp%2Fsubscribe');
  });

  it('says when the plans cannot be loaded', async () => {
    mockApi({ 'GET /subscriptions/plans': apiError(503, 'loyalty_unavailable', 'Subscriptions are unavailable right now.') });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the plans. Subscriptions are unavailable right now.");
    await waitFor(() => expect(screen.queryByText('Loading plans…')).toBeNull());
  });
});
