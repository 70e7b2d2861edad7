import { act, screen, waitFor, within } from '@testing-library/react';
import { useAppStore } from '@henhouse/kit/state/store';
import { ada, apiError, members, mockApi, mount, resetStore, setupUser, token } from '../test/harness';
import Dashboard from './Dashboard';

const signIn = () => useAppStore.getState().set({ user: ada, token, members });
const dayton = { id: 'oh-dayton', name: 'Henhouse Dayton', menu_id: 'm-standard', address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' } };

/** Lets the rewards refresh that every visit starts finish inside act(). */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeEach(resetStore);

describe('account dashboard (/account)', () => {
  it('sends a guest to sign in, coming back here', async () => {
    const api = mockApi({});
    mount(Dashboard, '/account');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/signin?return=%2Faccount'));
    expect(api.calls).toHaveLength(0);
  });

  it('asks the edge who is signed in when only the token is known, and sends a stale session to sign in', async () => {
    useAppStore.getState().set({ token });
    const api = mockApi({ 'GET /user': apiError(401, 'unauthorized', 'Please sign in.') });
    mount(Dashboard, '/account?section=user-info');
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/signin?return=%2Faccount%3Fsection%3Duser-info'));
    expect(api.to('GET /user')).toHaveLength(1);
  });

  it('loads the member from a token after a reload', async () => {
    useAppStore.getState().set({ token });
    mockApi({ 'GET /user': { body: { user: ada } }, 'GET /rewards': { body: members } });
    mount(Dashboard, '/account');
    expect(await screen.findByText('Hi, Ada!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Free biscuit' })).toBeInTheDocument();
  });

  it('shows the points balance, tier, rewards with their cost, offers, challenges and badges', async () => {
    signIn();
    const api = mockApi({ 'GET /rewards': { body: members } });
    mount(Dashboard, '/account?section=rewards-single');
    expect(screen.getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Your balance').parentElement).toHaveTextContent('420 points');
    expect(screen.getByText('Tier: Gold')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET /rewards')).toHaveLength(1)); // refreshed on arrival

    const rewards = screen.getByRole('region', { name: 'Rewards' });
    const biscuit = within(rewards).getByRole('heading', { name: 'Free biscuit' }).closest('li')!;
    expect(biscuit).toHaveTextContent('150 points');
    expect(within(biscuit).getByRole('button', { name: 'Redeem Free biscuit' })).toBeEnabled();
    const meal = within(rewards).getByText('Free 3-tender meal').closest('li')!;
    expect(meal).toHaveTextContent('900 points');
    expect(meal).toHaveTextContent('Earn 480 points more to redeem.');
    expect(within(meal).queryByRole('button')).toBeNull();

    expect(within(screen.getByRole('region', { name: 'Reward offers' })).getByRole('heading', { name: 'Birthday sandwich' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Offers' })).getByText('Double points Tuesday')).toBeInTheDocument();
    const bar = within(screen.getByRole('region', { name: 'Challenges' })).getByRole('progressbar', { name: 'Order 5 times this month' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 5 orders');
    expect(within(screen.getByRole('region', { name: 'Badges' })).getByText('First order')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Subscriptions' })).getByText(/You have no subscriptions/)).toBeInTheDocument();
  });

  it('redeems a reward: the cart gets it and the balance drops', async () => {
    signIn();
    const cart = { id: 'c_1', menu_id: 'm-standard', products: [], rewards: [{ id: 'rd_1', name: 'Free biscuit', amount_cents: 149 }] };
    const api = mockApi({
      'GET /rewards': [{ body: members }, { body: { ...members, points: 270 } }],
      'POST /rewards/r-biscuit/redeem': { body: { redemption: { id: 'rd_1', rewardId: 'r-biscuit', points: 150 }, cart } },
    });
    mount(Dashboard, '/account');
    await waitFor(() => expect(api.to('GET /rewards')).toHaveLength(1));
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Redeem Free biscuit' }));
    expect(await screen.findByText('Free biscuit is on your order.')).toHaveAttribute('role', 'status');
    expect(api.to('POST /rewards/r-biscuit/redeem')).toHaveLength(1);
    expect(useAppStore.getState().cart).toEqual(cart);
    expect(useAppStore.getState().members).toMatchObject({ points: 270 });
    expect(screen.getByText('Your balance').parentElement).toHaveTextContent('270 points');
    await user.click(screen.getByRole('button', { name: 'View your cart' }));
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
  });

  it('shows why a reward could not be redeemed', async () => {
    signIn();
    mockApi({ 'GET /rewards': { body: members }, 'POST /rewards/r-biscuit/redeem': apiError(409, 'no_cart', 'Start an order first, then add your reward.') });
    mount(Dashboard, '/account');
    await setupUser().click(screen.getByRole('button', { name: 'Redeem Free biscuit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Start an order first, then add your reward.');
    expect(useAppStore.getState().members).toMatchObject({ points: 420 });
  });

  it('switches sections with the keyboard and keeps the choice in the URL and the store', async () => {
    signIn();
    mockApi({ 'GET /rewards': { body: members } });
    mount(Dashboard, '/account');
    const user = setupUser();
    const rewardsTab = screen.getByRole('tab', { name: 'Rewards' });
    expect(rewardsTab).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Your info' })).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(rewardsTab).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const info = screen.getByRole('tab', { name: 'Your info' });
    expect(info).toHaveFocus();
    expect(info).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Your info' })).toBeInTheDocument();
    expect(useAppStore.getState().ui.accountSection).toBe('user-info');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the section the mobile menu chose in the store', async () => {
    signIn();
    useAppStore.getState().setUi({ accountSection: 'user-info' });
    mockApi({ 'GET /rewards': { body: members } });
    mount(Dashboard, '/account');
    expect(screen.getByRole('tab', { name: 'Your info' })).toHaveAttribute('aria-selected', 'true');
    await settle();
  });

  it('shows the user info: name, email, phone, member number and favourite location', async () => {
    signIn();
    mockApi({ 'GET /rewards': { body: members }, 'GET /locations/oh-dayton': { body: { location: dayton } } });
    mount(Dashboard, '/account?section=user-info');
    const panel = screen.getByRole('tabpanel', { name: 'Your info' });
    expect(panel).toHaveTextContent('NameAda Lovelace');
    expect(panel).toHaveTextContent('Emailada@example.com');
    expect(panel).toHaveTextContent('Phone(513) 555-0100');
    expect(panel).toHaveTextContent('Member numberHH1234567890');
    expect(await within(panel).findByText('Henhouse Dayton')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Edit details and settings' })).toHaveAttribute('href', '/account/settings');
  });

  it('signs out: the store is cleared and the member goes home', async () => {
    signIn();
    useAppStore.getState().set({ cart: { menu_id: 'm', products: [] } });
    const api = mockApi({ 'GET /rewards': { body: members }, 'GET /locations/oh-dayton': { body: { location: dayton } }, 'POST /auth/logout': { status: 204 } });
    mount(Dashboard, '/account?section=user-info');
    await setupUser().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(api.to('POST /auth/logout')).toHaveLength(1);
    const s = useAppStore.getState();
    expect(s.user).toBeNull();
    expect(s.token).toBeNull();
    expect(s.members).toBeNull();
  });

  it('still signs out locally when the edge cannot be reached', async () => {
    signIn();
    mockApi({ 'GET /rewards': { body: members }, 'POST /auth/logout': { status: 503, body: { error: { code: 'down', message: 'down' } } } });
    mount(Dashboard, '/account?section=user-info');
    await setupUser().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(useAppStore.getState().user).toBeNull();
  });

  it('offers to try again when the rewards do not load', async () => {
    useAppStore.getState().set({ user: ada, token });
    mockApi({ 'GET /rewards': [apiError(503, 'loyalty_unavailable', 'Rewards are taking a break. Try again in a minute.'), { body: members }] });
    mount(Dashboard, '/account');
    expect(await screen.findByRole('alert')).toHaveTextContent('Rewards are taking a break.');
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Free biscuit' })).toBeInTheDocument();
  });

  it('asks a new member to confirm their email', async () => {
    useAppStore.getState().set({ user: { ...ada, confirmed: false }, token, members });
    mockApi({ 'GET /rewards': { body: members } });
    mount(Dashboard, '/account');
    expect(screen.getByText('Please confirm your email: open the link we sent to ada@example.com.')).toBeInTheDocument();
    await settle();
  });

  it('follows the store when the member signs out elsewhere', async () => {
    signIn();
    mockApi({ 'GET /rewards': { body: members } });
    mount(Dashboard, '/account');
    act(() => useAppStore.getState().reset(['user', 'token', 'members']));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/signin'));
  });
});
