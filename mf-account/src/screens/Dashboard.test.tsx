import { act, screen, waitFor, within } from '@testing-library/react';
import type { Cart, Location, RedeemResult, SignedIn } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { setBootstrap } from '@henhouse/kit/bootstrap';
import { apiError, mockApi, mount, resetStore, setFeatures, setupUser, storeWith } from '@henhouse/kit/test/harness';
import { ada, members, real, token } from '../test/recorded';
import Dashboard from './Dashboard';

const signIn = () => useAppStore.getState().set({ user: ada, token, members });
/** The member's favorite location, as the edge answers it. */
const dayton = real<{ favorites: Location[] }>('GET /api/user/favorites').body.favorites[0];

/** Lets the rewards refresh that every visit starts finish inside act(). */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeEach(resetStore);
afterEach(() => setBootstrap(null));

describe('account dashboard (/account)', () => {
  it('sends a guest to sign in, coming back here', async () => {
    const api = mockApi({});
    mount(Dashboard, '/account');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/signin?return=%2Faccount'));
    expect(api.calls).toHaveLength(0);
  });

  it('asks the edge who is signed in when only the token is known, and sends a stale session to sign in', async () => {
    useAppStore.getState().set({ token });
    const api = mockApi({ 'GET /user': real('GET /api/user unauthorized') });
    mount(Dashboard, '/account?section=user-info');
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/account/signin?return=%2Faccount%3Fsection%3Duser-info'),
    );
    expect(api.to('GET /user')).toHaveLength(1);
  });

  it('loads the member from a token after a reload', async () => {
    useAppStore.getState().set({ token });
    mockApi({ 'GET /user': real('GET /api/user'), 'GET /rewards': real('GET /api/rewards') });
    mount(Dashboard, '/account');
    expect(await screen.findByText('Hi, Ada!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Free Buttermilk Biscuit' })).toBeInTheDocument();
  });

  it('shows the points balance, tier, rewards with their cost, offers, challenges and badges', async () => {
    signIn();
    const api = mockApi({ 'GET /rewards': real('GET /api/rewards') });
    mount(Dashboard, '/account?section=rewards-single');
    expect(screen.getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true');
    const balance = screen.getByText('Your balance').parentElement!;
    expect(balance).toHaveTextContent('300 points');
    expect(balance).toHaveTextContent('600 points earned in all');
    expect(balance).toHaveTextContent('400 points to Gold');
    expect(screen.getByText('Tier: Member')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET /rewards')).toHaveLength(1)); // refreshed on arrival

    const rewards = screen.getByRole('region', { name: 'Rewards' });
    const biscuit = within(rewards).getByRole('heading', { name: 'Free Buttermilk Biscuit' }).closest('li')!;
    expect(biscuit).toHaveTextContent('200 points');
    expect(within(biscuit).getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' })).toBeEnabled();
    const five = within(rewards).getByRole('heading', { name: '$5 Off' }).closest('li')!;
    expect(five).toHaveTextContent('500 points');
    expect(five).toHaveTextContent('Earn 200 points more to redeem.');
    expect(within(five).queryByRole('button')).toBeNull();

    const welcome = within(screen.getByRole('region', { name: 'Reward offers' }))
      .getByRole('heading', { name: 'Welcome Biscuit' })
      .closest('li')!;
    expect(welcome).toHaveTextContent('FreeUse by Jan 15, 2030');
    expect(within(welcome).getByRole('button', { name: 'Redeem Welcome Biscuit' })).toBeEnabled();

    expect(
      within(screen.getByRole('region', { name: 'Offers' })).getByRole('heading', { name: 'Double Points Tuesday' }),
    ).toBeInTheDocument();

    // The recorded member's only order has not completed yet: nothing has progressed.
    const challenges = screen.getByRole('region', { name: 'Challenges' });
    const orders = within(challenges).getByRole('progressbar', { name: 'Order 3 times in a month' });
    expect(orders).toHaveAttribute('aria-valuenow', '0');
    expect(orders).toHaveAttribute('aria-valuemax', '3');
    expect(orders).toHaveAttribute('aria-valuetext', '0 of 3 orders');
    expect(orders.closest('li')).toHaveTextContent('0 of 3 orders • earns 300 points');
    expect(within(challenges).getByRole('progressbar', { name: 'Spend $50 this month' })).toHaveAttribute(
      'aria-valuetext',
      '$0.00 of $50.00',
    );

    const badges = screen.getByRole('region', { name: 'Badges' });
    expect(within(badges).getByRole('heading', { name: 'First Bite' }).closest('li')).toHaveTextContent(
      'Not earned yet',
    );

    const subs = screen.getByRole('region', { name: 'Subscriptions' });
    expect(within(subs).getByRole('heading', { name: 'Biscuit Club' }).closest('li')).toHaveTextContent(
      'Active, renews Jan 15, 2030',
    );
  });

  it('leaves out the lists the loyalty program does not offer', async () => {
    // The edge says false for a role the program does not fill (docs/providers.md).
    setFeatures({ badges: false, challenges: false, subscriptions: false, offers: false });
    signIn();
    mockApi({ 'GET /rewards': real('GET /api/rewards') });
    mount(Dashboard, '/account?section=rewards-single');
    await settle();
    for (const gone of ['Badges', 'Challenges', 'Subscriptions', 'Reward offers', 'Offers']) {
      expect(screen.queryByRole('region', { name: gone })).toBeNull();
      expect(screen.queryByRole('heading', { name: gone })).toBeNull();
    }
    expect(screen.queryByText('First Bite')).toBeNull();
    // What the program does offer is all there.
    expect(screen.getByText('Your balance')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Rewards' })).getByRole('heading', { name: 'Free Buttermilk Biscuit' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a completed challenge and an earned badge as the edge states them', async () => {
    const rewards = real<typeof members>('GET /api/rewards');
    const body = rewards.body; // a copy of its own
    const sandwich = body.challenges.find((c) => c.id === 'try-a-sandwich')!;
    Object.assign(sandwich, { progress: 1, completed: true });
    Object.assign(
      body.challenges.find((c) => c.id === 'three-a-month')!,
      { progress: 1 },
    );
    Object.assign(
      body.badges.find((b) => b.id === 'first-bite')!,
      { earned: true, earned_at: '2030-01-15T12:00:00Z' },
    );
    signIn();
    mockApi({ 'GET /rewards': { ...rewards, body } });
    mount(Dashboard, '/account?section=rewards-single');
    await settle();
    const challenges = screen.getByRole('region', { name: 'Challenges' });
    expect(within(challenges).getByRole('heading', { name: 'Try a sandwich' }).closest('li')).toHaveTextContent(
      'Completed! 1 of 1 orders',
    );
    expect(within(challenges).getByRole('progressbar', { name: 'Order 3 times in a month' })).toHaveAttribute(
      'aria-valuetext',
      '1 of 3 orders',
    );
    const badges = screen.getByRole('region', { name: 'Badges' });
    expect(within(badges).getByRole('heading', { name: 'First Bite' }).closest('li')).toHaveTextContent(
      'Earned Jan 15, 2030',
    );
  });

  it('says so when there is nothing to show yet', async () => {
    const empty = real<SignedIn>('POST /api/auth/signup').body.members; // a new member's
    useAppStore.getState().set({ user: ada, token, members: empty });
    mockApi({ 'GET /rewards': { body: empty } });
    mount(Dashboard, '/account');
    await settle();
    expect(
      within(screen.getByRole('region', { name: 'Subscriptions' })).getByText(/You have no subscriptions/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Reward offers' })).getByText('No reward offers right now.'),
    ).toBeInTheDocument();
  });

  it('redeems a reward: the cart gets it and the balance drops', async () => {
    signIn();
    const redeemed = real<RedeemResult>('POST /api/rewards/{id}/redeem');
    const api = mockApi({ 'GET /rewards': real('GET /api/rewards'), 'POST /rewards/free-side/redeem': redeemed });
    mount(Dashboard, '/account');
    await waitFor(() => expect(api.to('GET /rewards')).toHaveLength(1));
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Redeem Free Regular Side' }));
    expect(await screen.findByText('Free Regular Side is on your order.')).toHaveAttribute('role', 'status');
    expect(api.to('POST /rewards/free-side/redeem')).toHaveLength(1);
    expect(api.to('GET /rewards')).toHaveLength(1); // the answer carries the new balance
    expect(useAppStore.getState().cart).toEqual(redeemed.body.cart);
    expect(useAppStore.getState().members).toMatchObject({ points: 300 });
    expect(screen.getByText('Your balance').parentElement).toHaveTextContent('300 points');
    const side = screen.getByRole('heading', { name: 'Free Regular Side' }).closest('li')!;
    expect(side).toHaveTextContent('Redeemed: ready for your order.');
    expect(within(side).queryByRole('button', { name: /^Redeem/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View your cart' }));
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
  });

  it('redeems a reward offer through the offers endpoint', async () => {
    signIn();
    const api = mockApi({
      'GET /rewards': real('GET /api/rewards'),
      'POST /rewards/offers/welcome/redeem': real('POST /api/rewards/offers/{id}/redeem'),
    });
    mount(Dashboard, '/account');
    await setupUser().click(screen.getByRole('button', { name: 'Redeem Welcome Biscuit' }));
    expect(await screen.findByText('Welcome Biscuit is on your order.')).toBeInTheDocument();
    expect(api.to('POST /rewards/offers/welcome/redeem')).toHaveLength(1);
    expect(api.to('POST /rewards/welcome/redeem')).toHaveLength(0);
    const offer = within(screen.getByRole('region', { name: 'Reward offers' }))
      .getByRole('heading', { name: 'Welcome Biscuit' })
      .closest('li')!;
    expect(offer).toHaveTextContent('Redeemed');
    expect(within(offer).queryByRole('button', { name: /^Redeem/ })).toBeNull();
  });

  it("adds a subscription's perk to the cart", async () => {
    signIn();
    const perk = real<{ cart: Cart }>('POST /api/subscriptions/{id}/perk');
    const api = mockApi({ 'GET /rewards': real('GET /api/rewards'), 'POST /subscriptions/sub_1/perk': perk });
    mount(Dashboard, '/account');
    await setupUser().click(screen.getByRole('button', { name: 'Add your Biscuit Club perk to your order' }));
    expect(await screen.findByText('Biscuit Club: Free Biscuit is on your order.')).toBeInTheDocument();
    expect(api.to('POST /subscriptions/sub_1/perk')).toHaveLength(1);
    expect(useAppStore.getState().cart).toEqual(perk.body.cart);
  });

  it('shows why a reward could not be redeemed', async () => {
    signIn();
    mockApi({
      'GET /rewards': real('GET /api/rewards'),
      'POST /rewards/free-biscuit/redeem': real('POST /api/rewards/{id}/redeem no_cart'),
    });
    mount(Dashboard, '/account');
    await setupUser().click(screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Start an order first, then add your reward to it.');
    expect(useAppStore.getState().members).toMatchObject({ points: 300 });
  });

  it('switches sections with the keyboard and keeps the choice in the URL and the store', async () => {
    signIn();
    mockApi({ 'GET /rewards': real('GET /api/rewards') });
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
    mockApi({ 'GET /rewards': real('GET /api/rewards') });
    mount(Dashboard, '/account');
    expect(screen.getByRole('tab', { name: 'Your info' })).toHaveAttribute('aria-selected', 'true');
    await settle();
  });

  it('shows the user info: name, email, phone, member number and favorite location', async () => {
    signIn();
    mockApi({ 'GET /rewards': real('GET /api/rewards'), 'GET /locations/oh-dayton': { body: { location: dayton } } });
    mount(Dashboard, '/account?section=user-info');
    const panel = screen.getByRole('tabpanel', { name: 'Your info' });
    expect(panel).toHaveTextContent('NameAda Lovelace');
    expect(panel).toHaveTextContent('Emailada@example.com');
    expect(panel).not.toHaveTextContent('not confirmed');
    expect(panel).toHaveTextContent('Phone(513) 555-0100');
    expect(panel).toHaveTextContent('Member numberHH0000000001');
    expect(await within(panel).findByText('Henhouse Dayton')).toBeInTheDocument();
    expect(panel).toHaveTextContent('1113 Liberty Ave, Dayton, OH 45402');
    expect(within(panel).getByRole('link', { name: 'Edit details and settings' })).toHaveAttribute(
      'href',
      '/account/settings',
    );
  });

  it('signs out: the store is cleared and the member goes home', async () => {
    signIn();
    storeWith({ cart: { menu_id: 'm', products: [] } });
    const api = mockApi({
      'GET /rewards': real('GET /api/rewards'),
      'GET /locations/oh-dayton': { body: { location: dayton } },
      'POST /auth/logout': real('POST /api/auth/logout'),
    });
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
    mockApi({
      'GET /rewards': real('GET /api/rewards'),
      'POST /auth/logout': { status: 503, body: { error: { code: 'down', message: 'down' } } },
    });
    mount(Dashboard, '/account?section=user-info');
    await setupUser().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(useAppStore.getState().user).toBeNull();
  });

  it('offers to try again when the rewards do not load', async () => {
    useAppStore.getState().set({ user: ada, token });
    mockApi({
      'GET /rewards': [
        apiError(503, 'loyalty_unavailable', 'Rewards are taking a break. Try again in a minute.'),
        real('GET /api/rewards'),
      ],
    });
    mount(Dashboard, '/account');
    expect(await screen.findByRole('alert')).toHaveTextContent('Rewards are taking a break.');
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Free Buttermilk Biscuit' })).toBeInTheDocument();
  });

  it('asks a new member to confirm their email, and sends the link again', async () => {
    const fresh = real<SignedIn>('POST /api/auth/signup').body; // not confirmed yet
    useAppStore.getState().set({ user: fresh.user, token, members: fresh.members });
    const api = mockApi({
      'GET /rewards': { body: fresh.members },
      'GET /locations/oh-dayton': { body: { location: dayton } },
      'POST /user/confirmation': real('POST /api/user/confirmation'),
    });
    mount(Dashboard, '/account?section=user-info');
    expect(
      screen.getByText('Please confirm your email: open the link we sent to ada@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Your info' })).toHaveTextContent(
      'ada@example.com (not confirmed yet)',
    );
    await setupUser().click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new confirmation link to ada@example.com.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.to('POST /user/confirmation')).toHaveLength(1);
  });

  it('follows the store when the member signs out elsewhere', async () => {
    signIn();
    mockApi({ 'GET /rewards': real('GET /api/rewards') });
    mount(Dashboard, '/account');
    act(() => useAppStore.getState().reset(['user', 'token', 'members']));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/signin'));
  });
});
