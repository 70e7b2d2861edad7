import { screen, waitFor, within } from '@testing-library/react';
import type { SavedCard } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { setBootstrap } from '@henhouse/kit/bootstrap';
import { apiError, mockApi, mount, resetStore, setFeatures, setupUser } from '@henhouse/kit/test/harness';
import { ada, members, real, token } from '../test/recorded';
import { cardFields, visaToken } from '@henhouse/kit/payments/test/cardFields';
import Subscribe from './Subscribe';

jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
}));

/** The member's rewards before subscribing. */
const unsubscribed = { ...members, subscriptions: [] };

beforeEach(resetStore);
afterEach(() => setBootstrap(null));

describe('subscriptions (/app/subscribe)', () => {
  it('lists the plans and subscribes with a saved card', async () => {
    useAppStore.getState().set({ user: ada, token, members: unsubscribed });
    const api = mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': { body: unsubscribed },
      'GET /user/cards': real('GET /api/user/cards'),
      'POST /subscriptions': real('POST /api/subscriptions'),
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const list = await screen.findByRole('region', { name: 'Plans' });
    const club = within(list).getByRole('heading', { name: 'Biscuit Club' }).closest('li')!;
    expect(club).toHaveTextContent('$2.99 a month');
    expect(club).toHaveTextContent('A free buttermilk biscuit every day.');
    expect(club).toHaveTextContent('Biscuit Club: Free Biscuit, every day');
    expect(within(list).getByRole('heading', { name: 'Family Meal Club' }).closest('li')).toHaveTextContent(
      'Family Meal Club: $10 Off a Family Meal, every week',
    );
    const user = setupUser();
    await user.click(screen.getByLabelText('Biscuit Club $2.99 a month'));
    expect(await screen.findByLabelText('Everyday: Visa ending in 4242, expires 04/2039')).toBeChecked();
    expect(screen.getByLabelText('Mastercard ending in 4444, expires 11/2038')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("You're subscribed to Biscuit Club.")).toBeInTheDocument();
    // A saved card goes by its id: the edge charges its token and labels the plan with it.
    expect(api.to('POST /subscriptions')[0].body).toEqual({ plan_id: 'biscuit-club', payment_token: 'card_1' });
    expect(await screen.findByText('Active. Renews Jan 15, 2030.')).toBeInTheDocument();
    expect(screen.getByText('Paid with Visa •••• 4242')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('subscribes with a new card typed into the card processor’s frame, sending only its token', async () => {
    useAppStore.getState().set({ user: ada, token, members: unsubscribed });
    cardFields.tokenize.mockResolvedValue(visaToken);
    const api = mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': { body: unsubscribed },
      'GET /user/cards': { body: { cards: [] } },
      'POST /subscriptions': real('POST /api/subscriptions'),
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const user = setupUser();
    expect(await screen.findByTitle('Card details')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull(); // the number is typed in the frame only
    await user.click(screen.getByLabelText('Henhouse Drink Club $5.99 a month'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("You're subscribed to Henhouse Drink Club.")).toBeInTheDocument();
    expect(api.to('POST /payments/cards')).toHaveLength(0);
    expect(api.to('POST /subscriptions')[0].body).toEqual({ plan_id: 'drink-club', payment_token: 'tok_1' });
  });

  it('a card the frame refuses is said at the card form', async () => {
    useAppStore.getState().set({ user: ada, token, members: unsubscribed });
    cardFields.tokenize.mockRejectedValue({ code: 'card_invalid', message: 'Check your card details.' });
    const api = mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': { body: unsubscribed },
      'GET /user/cards': { body: { cards: [] } },
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const user = setupUser();
    await screen.findByTitle('Card details');
    await user.click(screen.getByLabelText('Henhouse Drink Club $5.99 a month'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check your card details.');
    expect(api.to('POST /subscriptions')).toHaveLength(0);
  });

  it('does not offer an expired card', async () => {
    useAppStore.getState().set({ user: ada, token, members: unsubscribed });
    const cards = real<{ cards: SavedCard[] }>('GET /api/user/cards');
    cards.body.cards[0] = { ...cards.body.cards[0], exp_year: 2020, expired: true };
    mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': { body: unsubscribed },
      'GET /user/cards': cards,
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    expect(await screen.findByLabelText('Mastercard ending in 4444, expires 11/2038')).toBeChecked();
    expect(screen.queryByLabelText(/Visa ending in 4242/)).toBeNull();
  });

  it('shows the current subscription and cancels it after asking', async () => {
    useAppStore.getState().set({ user: ada, token, members });
    const api = mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': real('GET /api/rewards'),
      'DELETE /subscriptions/sub_1': real('DELETE /api/subscriptions/{id}'),
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const current = await screen.findByRole('region', { name: 'Your subscription' });
    expect(within(current).getByRole('heading', { name: 'Biscuit Club' })).toBeInTheDocument();
    expect(current).toHaveTextContent('Active. Renews Jan 15, 2030.');
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await screen.findByText('Cancelled. Your plan stays active until Jan 15, 2030.')).toBeInTheDocument();
    expect(api.to('DELETE /subscriptions/sub_1')).toHaveLength(1);
    expect(useAppStore.getState().members).toMatchObject({ subscriptions: [{ id: 'sub_1', status: 'cancelled' }] });
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it("shows the edge's word on a card it refuses", async () => {
    useAppStore.getState().set({ user: ada, token, members: unsubscribed });
    mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': { body: unsubscribed },
      'GET /user/cards': real('GET /api/user/cards'),
      'POST /subscriptions': apiError(400, 'invalid', 'Check the highlighted fields.', {
        payment_token: 'This card has expired',
      }),
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    const user = setupUser();
    await screen.findByLabelText('Everyday: Visa ending in 4242, expires 04/2039');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This card has expired.');
  });

  it('asks a guest to sign in', async () => {
    mockApi({ 'GET /subscriptions/plans': real('GET /api/subscriptions/plans') });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/app/signin?return=%2Fapp%2Fsubscribe',
    );
  });

  it('says subscriptions are not offered when the loyalty program has none, and asks for nothing', async () => {
    setFeatures({ subscriptions: false });
    useAppStore.getState().set({ user: ada, token, members: unsubscribed });
    const api = mockApi({});
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    expect(await screen.findByText("Subscriptions aren't offered right now.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plans' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('takes a new card only when the site keeps no saved cards', async () => {
    setFeatures({ wallet: false });
    useAppStore.getState().set({ user: ada, token, members: unsubscribed });
    const api = mockApi({
      'GET /subscriptions/plans': real('GET /api/subscriptions/plans'),
      'GET /rewards': { body: unsubscribed },
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.queryByLabelText(/Visa ending in 4242/)).toBeNull();
    expect(screen.queryByText(/couldn't load your saved cards/)).toBeNull();
    expect(api.to('GET /user/cards')).toHaveLength(0);
  });

  it('says when the plans cannot be loaded', async () => {
    mockApi({
      'GET /subscriptions/plans': apiError(503, 'loyalty_unavailable', 'Subscriptions are unavailable right now.'),
    });
    mount(Subscribe, '/app/subscribe', { layout: 'app' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the plans. Subscriptions are unavailable right now.",
    );
    await waitFor(() => expect(screen.queryByText('Loading plans…')).toBeNull());
  });
});
