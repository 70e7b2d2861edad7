import { act, render, screen, waitFor, within } from '@testing-library/react';
import { setBootstrap } from '@henhouse/kit/bootstrap';
import type { Cart, Members, RedeemResult, SignedIn } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { apiError, deferred, mockApi, mount, resetStore, setFeatures, setupUser } from '@henhouse/kit/test/harness';
import { real } from '../test/recorded';
import { Toaster } from '@henhouse/kit/ui/toaster';
import CartDrawer from './CartDrawer';

// What a redeem or remove did is said through the site's polite live region (kit/src/ui/announce.ts).
const rewardsStatus = () => document.getElementById('hh-live-polite');

// The edge's answers for a member with 1,100 points (100 on joining, 1,000 from
// support) and a cart of two 3 Tenders at Dayton ($12.98).
const user = real<SignedIn>('POST /api/auth/signup').body.user;
const members = () => real<Members>('GET /api/rewards').body;
const cart = () => real<{ cart: Cart }>('POST /api/cart/products').body.cart;
const redeemed = () => real<RedeemResult>('POST /api/rewards/{id}/redeem').body;

const signedIn = (m: Record<string, unknown> = members(), c = cart()) =>
  useAppStore.getState().set({ user, members: m as never, cart: c });
/** The server's cart is the one the store holds (the drawer fetches it on opening). */
const serverCart = () => ({ body: { cart: useAppStore.getState().cart } });
/** The order time choices of the cart (the drawer's time selector asks). */
const times = {
  body: {
    asap_available: true,
    open_now: true,
    later_available: false,
    earliest: '2030-01-15T17:20:00Z',
    earliest_label: '12:20 PM',
    time_zone: 'America/New_York',
    days: [{ date: '2030-01-15', label: 'Today', today: true, slots: [] }],
  },
};
/** edge answers the calls every open drawer makes, and more. */
const edge = (more: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ 'GET /cart': serverCart, 'GET /cart/times': times, ...more });

/** The drawer is an overlay: it stays mounted on every path, as the shell keeps it. */
const overlay = { routeId: 'cart-drawer', path: '*' };
const drawer = () => mount(CartDrawer, '/menu/m-standard', overlay);
const toggle = () => screen.getByRole('button', { name: /^Rewards/ });
const open = async (u: ReturnType<typeof setupUser>) => {
  await u.click(toggle());
  return within(document.getElementById('cart-rewards-panel')!).getByRole('list');
};
const totals = () => document.querySelector('dl.hh-cart__totals') as HTMLElement;
const row = (label: string) => within(totals()).getByText(label, { selector: 'dt' }).parentElement!;
/** rewardLine is the line of the cart that a free-item reward put there, by its label. */
const rewardLine = (label: string) => screen.getByText(label, { selector: '.hh-cart__line-reward' }).closest('li')!;

beforeEach(() => {
  resetStore();
  setFeatures({ rewardsAtCheckout: true });
});
afterAll(() => setBootstrap(null));

describe('cart drawer: rewards for members (flag rewardsAtCheckout)', () => {
  it('shows a closed "Rewards" disclosure with the balance; opened, what the member can use now comes first', async () => {
    signedIn();
    const api = edge();
    const u = setupUser();
    drawer();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveTextContent('Rewards1,100 Pts available');
    expect(screen.queryByRole('button', { name: /^Redeem/ })).toBeNull(); // closed by default

    const list = await open(u);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle().getAttribute('aria-controls')!)).toContainElement(list);
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.hh-cart-rewards__name')!.textContent);
    expect(names).toEqual([
      'Welcome Biscuit',
      'Free Buttermilk Biscuit',
      'Free Regular Drink',
      'Free Regular Side',
      'Free Dessert',
      '$5 Off',
      'Free 3-Piece Tenders',
      'Free Chicken Sandwich',
      'Free Sandwich Combo',
      'Free 8-Piece Family Meal',
    ]);
    expect(screen.getByRole('button', { name: 'Redeem Welcome Biscuit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Redeem Welcome Biscuit' })).toHaveAccessibleDescription('Free');
    expect(screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' })).toHaveAccessibleDescription(
      '200 Pts',
    );
    expect(screen.getByRole('button', { name: 'Redeem Free Chicken Sandwich' })).toBeEnabled();
    // The store's members already hold the rewards: nothing to load.
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
    expect(api.to('GET /rewards')).toHaveLength(0);
  });

  it('shows rewards the member cannot afford yet with the points still needed and a disabled button', async () => {
    signedIn();
    edge();
    const u = setupUser();
    drawer();
    const list = await open(u);
    const family = screen.getByRole('button', { name: 'Redeem Free 8-Piece Family Meal' });
    expect(family).toBeDisabled();
    expect(family).toHaveAccessibleDescription('2,000 Pts 900 more points');
    expect(family.closest('li')).toHaveTextContent('900 more points');
    const combo = screen.getByRole('button', { name: 'Redeem Free Sandwich Combo' });
    expect(combo).toBeDisabled();
    expect(combo.closest('li')).toHaveTextContent('100 more points');
    expect(within(list).getAllByText(/more points$/)).toHaveLength(2);
  });

  it('loads the rewards when the drawer opens for a member whose store has only the balance', async () => {
    signedIn({ points: 1100 });
    const api = edge({ 'GET /rewards': real('GET /api/rewards') });
    const u = setupUser();
    drawer();
    await u.click(toggle());
    await screen.findByRole('button', { name: 'Redeem Free Buttermilk Biscuit' });
    expect(api.to('GET /rewards')).toHaveLength(1);
    expect(useAppStore.getState().members).toEqual(members());
  });

  it('says so in place when the rewards cannot be loaded, and tries again', async () => {
    signedIn({ points: 1100 });
    const api = edge({
      'GET /rewards': [
        {
          status: 503,
          body: { error: { code: 'unavailable', message: 'Rewards are taking a break. Try again in a minute.' } },
        },
        real('GET /api/rewards'),
      ],
    });
    const u = setupUser();
    drawer();
    await u.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent('Rewards are taking a break. Try again in a minute.');
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Redeem Free Buttermilk Biscuit' });
    expect(api.to('GET /rewards')).toHaveLength(2);
  });

  it('redeems a reward: one request, the cart totals and the points change, the result is announced', async () => {
    signedIn();
    const pending = deferred();
    const api = edge({ 'POST /rewards/free-biscuit/redeem': pending.handler });
    const u = setupUser();
    drawer();
    expect(row('Subtotal')).toHaveTextContent('$12.98');
    expect(row('Total')).toHaveTextContent('$13.92');
    await open(u);

    const biscuit = screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' });
    await u.click(biscuit);
    // In flight: every reward button is disabled, so a second click sends nothing.
    expect(biscuit).toBeDisabled();
    expect(biscuit).toHaveTextContent('Redeeming…');
    expect(screen.getByRole('button', { name: 'Redeem Welcome Biscuit' })).toBeDisabled();
    await u.click(biscuit);
    expect(api.to('POST /rewards/free-biscuit/redeem')).toHaveLength(1);
    expect(api.to('POST /rewards/free-biscuit/redeem')[0].headers['X-CSRF-Token']).toBe('csrf-test');

    await act(async () => pending.send(real('POST /api/rewards/{id}/redeem')));
    await waitFor(() => expect(rewardsStatus()).toHaveTextContent('Free Buttermilk Biscuit added to your order'));
    expect(rewardsStatus()).toHaveAttribute('aria-live', 'polite');

    // The bag: the biscuit itself at $0.00, marked as the reward, with "Remove"; the
    // totals as the edge priced them (nothing off: the biscuit is free).
    const line = rewardLine('Free Buttermilk Biscuit — Reward');
    expect(line).toHaveTextContent('Buttermilk Biscuit');
    expect(line).toHaveTextContent('$0.00');
    expect(within(line).getByRole('button', { name: 'Remove Free Buttermilk Biscuit — Reward' })).toBeEnabled();
    expect(within(totals()).queryByText('Free Buttermilk Biscuit')).toBeNull();
    expect(row('Tax')).toHaveTextContent('$0.94');
    expect(row('Total')).toHaveTextContent('$13.92');

    // The store: the cart and the members (the header's points) as the edge answered.
    expect(useAppStore.getState().members?.points).toBe(900);
    expect(useAppStore.getState().cart).toEqual(redeemed().cart);
    expect(toggle()).toHaveTextContent('900 Pts available');

    // The reward is in the order now; focus moved on to the next reward to redeem.
    expect(screen.queryByRole('button', { name: 'Redeem Free Buttermilk Biscuit' })).toBeNull();
    expect(
      screen.getByText('Free Buttermilk Biscuit', { selector: '.hh-cart-rewards__name' }).closest('li'),
    ).toHaveTextContent('In your order');
    expect(screen.getByRole('button', { name: 'Redeem Free Regular Drink' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Redeem Welcome Biscuit' })).toBeEnabled();
  });

  it('redeems a reward offer through its own endpoint', async () => {
    signedIn();
    const api = edge({ 'POST /rewards/offers/welcome/redeem': real('POST /api/rewards/offers/{id}/redeem') });
    const u = setupUser();
    drawer();
    await open(u);
    await u.click(screen.getByRole('button', { name: 'Redeem Welcome Biscuit' }));
    await waitFor(() => expect(rewardsStatus()).toHaveTextContent('Welcome Biscuit added to your order'));
    expect(api.to('POST /rewards/offers/welcome/redeem')).toHaveLength(1);
    expect(rewardLine('Welcome Biscuit — Reward')).toHaveTextContent('$0.00');
    expect(screen.getByText('Welcome Biscuit', { selector: '.hh-cart-rewards__name' }).closest('li')).toHaveTextContent(
      'In your order',
    );
    expect(screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' })).toHaveFocus();
  });

  it('removes an applied reward: the points come back, the totals drop it, focus returns to the section', async () => {
    const after = redeemed();
    signedIn(after.members, after.cart);
    const api = edge({ 'DELETE /rewards/redemptions/rd_1': real('DELETE /api/rewards/redemptions/{id}') });
    const u = setupUser();
    drawer();
    expect(toggle()).toHaveTextContent('900 Pts available');
    await u.click(screen.getByRole('button', { name: 'Remove Free Buttermilk Biscuit — Reward' }));

    await waitFor(() =>
      expect(rewardsStatus()).toHaveTextContent(
        'Free Buttermilk Biscuit removed. 200 points are back in your balance.',
      ),
    );
    expect(api.to('DELETE /rewards/redemptions/rd_1')).toHaveLength(1);
    expect(api.to('DELETE /rewards/redemptions/rd_1')[0].headers['X-CSRF-Token']).toBe('csrf-test');
    expect(screen.queryByText('Free Buttermilk Biscuit — Reward')).toBeNull();
    expect(row('Total')).toHaveTextContent('$13.92');
    expect(useAppStore.getState().members?.points).toBe(1100);
    expect(toggle()).toHaveTextContent('1,100 Pts available');
    expect(toggle()).toHaveFocus();
    await u.click(toggle());
    expect(screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' })).toBeEnabled();
  });

  it("shows the edge's message in place when a redeem fails, and leaves the store as it was", async () => {
    signedIn();
    edge({ 'POST /rewards/free-biscuit/redeem': real('POST /api/rewards/{id}/redeem not_enough_points') });
    const u = setupUser();
    drawer();
    await open(u);
    const biscuit = screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' });
    await u.click(biscuit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You need 900 more points for this reward.');
    expect(biscuit.closest('li')).toContainElement(alert);
    expect(biscuit).toBeEnabled();
    expect(biscuit).toHaveFocus();
    expect(biscuit).toHaveAccessibleDescription('200 Pts You need 900 more points for this reward.');
    expect(useAppStore.getState().members?.points).toBe(1100);
    expect(useAppStore.getState().cart).toEqual(cart());
    expect(rewardsStatus()?.textContent ?? '').not.toMatch(/added|removed/);
  });

  it('shows "no cart" in plain words when the order is gone on the server', async () => {
    signedIn();
    edge({ 'POST /rewards/free-drink/redeem': real('POST /api/rewards/{id}/redeem no_cart') });
    const u = setupUser();
    drawer();
    await open(u);
    await u.click(screen.getByRole('button', { name: 'Redeem Free Regular Drink' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Start an order first, then add your reward to it.');
  });

  it('shows the message beside the reward when removing fails', async () => {
    const after = redeemed();
    signedIn(after.members, after.cart);
    edge({
      'DELETE /rewards/redemptions/rd_1': {
        status: 422,
        body: { error: { code: 'redemption_closed', message: 'This reward was already used on an order.' } },
      },
    });
    const u = setupUser();
    drawer();
    const remove = screen.getByRole('button', { name: 'Remove Free Buttermilk Biscuit — Reward' });
    await u.click(remove);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reward was already used on an order.');
    expect(rewardLine('Free Buttermilk Biscuit — Reward')).toContainElement(alert);
    expect(remove).toBeEnabled();
    expect(useAppStore.getState().members?.points).toBe(900);
  });

  it('moves a reward redeemed for a cart that is gone into this order', async () => {
    // The biscuit was redeemed into a cart since cleared: the reward holds the redemption.
    const held = redeemed().members;
    signedIn(held, cart());
    const api = edge({
      'DELETE /rewards/redemptions/rd_1': real('DELETE /api/rewards/redemptions/{id}'),
      'POST /rewards/free-biscuit/redeem': real('POST /api/rewards/{id}/redeem'),
    });
    const u = setupUser();
    drawer();
    await open(u);
    const biscuit = screen.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' });
    expect(biscuit.closest('li')).toHaveTextContent('Redeemed earlier: add it to this order');
    await u.click(biscuit);
    await waitFor(() => expect(rewardsStatus()).toHaveTextContent('Free Buttermilk Biscuit added to your order'));
    // The changes made (validating the cart changes nothing).
    const changes = api.calls.filter((c) => c.method !== 'GET' && c.path !== '/cart/validate');
    expect(changes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /rewards/redemptions/rd_1',
      'POST /rewards/free-biscuit/redeem',
    ]);
    expect(rewardLine('Free Buttermilk Biscuit — Reward')).toHaveTextContent('$0.00');
    expect(useAppStore.getState().members?.points).toBe(900);
  });
});

describe('cart drawer: rewards for guests', () => {
  it('asks a guest to sign in, coming back to this page, and loads no rewards', async () => {
    useAppStore.getState().set({ cart: cart(), ui: { ...useAppStore.getState().ui, cartOpen: true } });
    const api = edge();
    const u = setupUser();
    mount(CartDrawer, '/menu/m-standard?category=chicken', overlay);
    const link = screen.getByRole('link', { name: 'Sign in to use your rewards' });
    expect(link).toHaveAttribute('href', '/account/signin?return=%2Fmenu%2Fm-standard%3Fcategory%3Dchicken');
    expect(screen.queryByRole('button', { name: /^Rewards/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove .*Biscuit/ })).toBeNull();
    await u.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/account/signin?return=%2Fmenu%2Fm-standard%3Fcategory%3Dchicken',
    );
    expect(useAppStore.getState().ui.cartOpen).toBe(false);
    expect(api.to('GET /rewards')).toHaveLength(0);
  });

  it('shows nothing about rewards when the rewardsAtCheckout flag is off', async () => {
    setFeatures({ rewardsAtCheckout: false });
    signedIn();
    const api = edge();
    drawer();
    expect(screen.queryByRole('button', { name: /^Rewards/ })).toBeNull();
    expect(screen.queryByText('Sign in to use your rewards')).toBeNull();
    expect(row('Subtotal')).toHaveTextContent('$12.98');
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
    expect(api.to('GET /rewards')).toHaveLength(0);
  });
});

// Only the clock is fake: Tuesday 2030-01-15, noon in Louisville (the card's open/closed).
const clockOnly = () =>
  jest.useFakeTimers({
    now: new Date('2030-01-15T17:00:00Z'),
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });

describe('cart drawer: location and handoff', () => {
  /** The cart's location (Louisville's hours and services, under the cart's location id). */
  const atLocation = (patch: Parameters<typeof louisville>[0] = {}) => {
    const c = cart();
    useAppStore.getState().set({ cart: c, location: louisville({ id: c.location_id, ...patch }) });
    return c;
  };
  const saved = (handoff: Cart['handoff']) => ({ body: { cart: { ...cart(), handoff } } });
  afterEach(() => jest.useRealTimers());

  it('shows the location on the site’s card: name, address, phone, open now with today’s hours, no services', async () => {
    clockOnly();
    atLocation({ distance_miles: 2.25 });
    const api = edge();
    drawer();
    const card = screen.getByTestId('cart-location');
    expect(card).toHaveTextContent(
      'Henhouse Louisville9838 Madison Ave, Apt 2, Louisville, KY 40202(502) 555-0142 • Open now • 10:30 AM – 10:00 PM • 2.3 mi',
    );
    expect(within(card).getByRole('link', { name: '(502) 555-0142' })).toHaveAttribute('href', 'tel:+15025550142');
    card.querySelectorAll('.hh-loc-card__sep').forEach((s) => expect(s).toHaveAttribute('aria-hidden', 'true'));
    expect(card).not.toHaveTextContent(/Pickup|Delivery|Services/);
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
  });

  it('shows no location card for a location that is not the cart’s', async () => {
    useAppStore.getState().set({ cart: cart(), location: louisville() });
    const api = edge();
    drawer();
    expect(screen.queryByTestId('cart-location')).toBeNull();
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
  });

  it('saves pickup at once; delivery waits for its address', async () => {
    atLocation();
    const api = edge({ 'PUT /cart/handoff': saved({ mode: 'pickup' }) });
    const u = setupUser();
    drawer();
    expect(screen.getByRole('group', { name: "How you'll get your order" })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /In-store/ })).toBeChecked();
    await u.click(screen.getByRole('radio', { name: 'Delivery' }));
    expect(screen.getByLabelText('Street address')).toBeInTheDocument();
    expect(api.to('PUT /cart/handoff')).toHaveLength(0);
    // Pickup picks its first sub-mode, in-store.
    await u.click(screen.getByRole('radio', { name: 'Pickup' }));
    expect(screen.getByRole('radio', { name: /In-store/ })).toBeChecked();
    expect(screen.queryByLabelText('Street address')).toBeNull();
    await waitFor(() => expect(api.to('PUT /cart/handoff')).toHaveLength(1));
    expect(api.to('PUT /cart/handoff')[0].body).toEqual({ mode: 'pickup' });
  });

  it('delivery: checks the address first, then the edge’s field message shows on its field, then saves', async () => {
    atLocation();
    const delivered = {
      mode: 'delivery' as const,
      address: { street: '9838 Madison Ave', city: 'Louisville', state: 'KY', zip: '40202' },
      delivery_notes: 'Side door',
    };
    const api = edge({
      'PUT /cart/handoff': [
        apiError(
          422,
          'outside_delivery_area',
          'That address is 12.0 miles away; Henhouse Louisville delivers within 5.0 miles. Try pickup instead.',
          { 'address.street': 'Outside the delivery area' },
        ),
        saved(delivered),
      ],
    });
    const u = setupUser();
    drawer();
    await u.click(screen.getByRole('radio', { name: 'Delivery' }));
    await u.click(screen.getByRole('button', { name: 'Deliver here' }));
    const street = screen.getByLabelText('Street address');
    expect(street).toHaveFocus();
    expect(street).toHaveAccessibleDescription('Enter a street address');
    expect(api.to('PUT /cart/handoff')).toHaveLength(0);

    await u.type(street, '1 Far Rd');
    await u.type(screen.getByLabelText('City'), 'Louisville');
    await u.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'KY');
    await u.type(screen.getByLabelText('ZIP code'), '40202');
    await u.type(screen.getByLabelText('Notes for the driver (optional)'), 'Side door');
    await u.click(screen.getByRole('button', { name: 'Deliver here' }));
    await waitFor(() => expect(street).toHaveAccessibleDescription('Outside the delivery area'));
    expect(street).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('That address is 12.0 miles away');
    expect(api.to('PUT /cart/handoff')[0].body).toEqual({
      mode: 'delivery',
      address: { street: '1 Far Rd', city: 'Louisville', state: 'KY', zip: '40202' },
      delivery_notes: 'Side door',
    });
    expect(useAppStore.getState().cart?.handoff).toEqual({ mode: 'pickup' });

    await u.clear(street);
    await u.type(street, '9838 Madison Ave');
    await u.click(screen.getByRole('button', { name: 'Deliver here' }));
    await waitFor(() => expect(useAppStore.getState().cart?.handoff).toEqual(delivered));
    expect(street).not.toHaveAttribute('aria-invalid');
    expect(screen.queryAllByRole('alert').map((a) => a.textContent)).toEqual(['']);
  });

  it('curbside saves the car, starting from the one the cart has', async () => {
    const c = atLocation({ services: { ...louisville().services, curbside: true } });
    const vehicle = { make: 'Honda', model: 'Civic', color: 'Blue' };
    useAppStore.getState().set({ cart: { ...c, handoff: { mode: 'curbside', vehicle: { ...vehicle, color: '' } } } });
    const api = edge({ 'PUT /cart/handoff': saved({ mode: 'curbside', vehicle }) });
    const u = setupUser();
    drawer();
    expect(screen.getByRole('radio', { name: /Curbside/ })).toBeChecked();
    expect(screen.getByLabelText('Car make')).toHaveValue('Honda');
    await u.click(screen.getByRole('button', { name: 'Save car details' }));
    expect(screen.getByLabelText('Car color')).toHaveAccessibleDescription('Enter the color of your car');
    expect(screen.getByLabelText('Car color')).toHaveFocus();
    await u.type(screen.getByLabelText('Car color'), 'Blue');
    await u.click(screen.getByRole('button', { name: 'Save car details' }));
    await waitFor(() => expect(useAppStore.getState().cart?.handoff).toEqual({ mode: 'curbside', vehicle }));
    expect(api.to('PUT /cart/handoff')[0].body).toEqual({ mode: 'curbside', vehicle });
  });

  it('a saved address or car is one line with Change, which opens its form again', async () => {
    const c = atLocation({ services: { ...louisville().services, curbside: true } });
    const address = { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' };
    useAppStore.getState().set({ cart: { ...c, handoff: { mode: 'delivery', address } } });
    edge();
    const u = setupUser();
    drawer();
    expect(screen.getByText('1 Main St, Dayton, OH 45402')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deliver here' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Change delivery address' }));
    expect(screen.getByRole('button', { name: 'Deliver here' })).toBeInTheDocument();
    // Every choice is a kit control.
    for (const r of document.querySelectorAll('input[type=radio]'))
      expect(r.closest('[data-hh-control]')).not.toBeNull();
  });

  it('a saved car is one line with Change too', async () => {
    const c = atLocation({ services: { ...louisville().services, curbside: true } });
    useAppStore.getState().set({
      cart: { ...c, handoff: { mode: 'curbside', vehicle: { make: 'Honda', model: 'Civic', color: 'Blue' } } },
    });
    edge();
    const u = setupUser();
    drawer();
    expect(screen.getByText('Blue Honda Civic')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Change car details' }));
    expect(screen.getByLabelText('Car make')).toHaveValue('Honda');
  });

  it('offers only the modes the location offers', async () => {
    atLocation(); // Louisville: pickup and delivery, no curbside
    const api = edge();
    drawer();
    expect(screen.getByRole('radio', { name: /Curbside/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Delivery' })).toBeEnabled();
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
  });

  it('shows why pickup could not be saved', async () => {
    atLocation();
    useAppStore.getState().set({ cart: { ...cart(), handoff: { mode: 'delivery' } } });
    edge({
      'PUT /cart/handoff': apiError(409, 'handoff_unavailable', 'Henhouse Louisville doesn’t offer in-store pickup.'),
    });
    const u = setupUser();
    drawer();
    await u.click(screen.getByRole('radio', { name: 'Pickup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Henhouse Louisville doesn’t offer in-store pickup.');
  });
});

describe('cart drawer: what stops the order', () => {
  it('shows the edge’s delivery-minimum message beside Checkout as soon as the cart is below it', async () => {
    const short = 'Delivery orders need at least $20.00 of food: add $7.02 more.';
    useAppStore.getState().set({
      cart: {
        ...cart(),
        handoff: { mode: 'delivery', address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' } },
        blocking: [{ code: 'below_delivery_minimum', message: short }],
      },
    });
    const api = edge();
    drawer();
    expect(screen.getByText(short)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Checkout · \$/ })).toHaveAccessibleDescription(short);
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
  });

  it('shows what the edge’s validation says stops the order now (the store closed), beside Checkout', async () => {
    const closed = 'Henhouse Dayton is closed right now. Choose a later time.';
    const c = cart();
    useAppStore.getState().set({ cart: c });
    const api = edge({
      'POST /cart/validate': {
        body: {
          cart: c,
          totals: c.totals,
          warnings: [],
          blockers: [{ code: 'asap_unavailable', field: 'time', message: closed }],
        },
      },
    });
    drawer();
    expect(await screen.findByText(closed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Checkout · \$/ })).toHaveAccessibleDescription(closed);
    expect(api.to('POST /cart/validate').length).toBeGreaterThan(0);
  });
});

describe('cart drawer: clearing the cart, with Undo', () => {
  it('abandons the cart and closes the drawer, then Undo brings the same cart back from the edge', async () => {
    const was = cart();
    useAppStore.getState().set({ cart: was, ui: { ...useAppStore.getState().ui, cartOpen: true } });
    const api = edge({
      'DELETE /cart': { status: 204 },
      'POST /cart/restore': { body: { cart: was } },
    });
    const u = setupUser();
    render(<Toaster />);
    drawer();
    await waitFor(() => expect(api.to('GET /cart')).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: /Clear (All )?Items/ }));
    await waitFor(() => expect(api.to('DELETE /cart')).toHaveLength(1));
    expect(useAppStore.getState().ui.cartOpen).toBe(false);
    expect(useAppStore.getState().cart).toBeNull();
    expect(await screen.findByText('Cart cleared')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.to('POST /cart/restore')).toHaveLength(1));
    expect(api.to('POST /cart/restore')[0].body).toEqual({ cart_id: was.id });
    await waitFor(() => expect(useAppStore.getState().cart?.id).toBe(was.id));
    expect(useAppStore.getState().cart?.products).toHaveLength(was.products.length);
  });

  it('says in the edge’s words when the cart can no longer come back', async () => {
    useAppStore.getState().set({ cart: cart() });
    const msg = 'This cart can no longer be brought back. Add the items again from the menu.';
    edge({
      'DELETE /cart': { status: 204 },
      'POST /cart/restore': apiError(410, 'restore_expired', msg),
    });
    const u = setupUser();
    render(<Toaster />);
    drawer();
    await u.click(screen.getByRole('button', { name: /Clear (All )?Items/ }));
    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(useAppStore.getState().cart).toBeNull();
  });
});

describe('cart drawer: no false empty state', () => {
  it('shows the cart’s shape, not "Your cart is empty", until the edge answers for a visitor with a cart', async () => {
    setBootstrap({ session: { signedIn: false, forcedSignOut: false, hasCart: true } } as never);
    const later = deferred();
    edge({ 'GET /cart': later.handler });
    drawer();
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
    expect(screen.getByText('Loading your cart…')).toBeInTheDocument();
    await act(async () => later.send({ body: { cart: cart() } }));
    expect(await screen.findByRole('button', { name: /^Checkout · \$/ })).toBeInTheDocument();
    setBootstrap(null);
  });

  it('shows "Your cart is empty" at once when the edge said there is no cart', async () => {
    setBootstrap({ session: { signedIn: false, forcedSignOut: false, hasCart: false } } as never);
    edge({ 'GET /cart': { body: { cart: null } } });
    drawer();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    setBootstrap(null);
  });
});

describe('cart drawer: Checkout and the upsell step', () => {
  it('Checkout shows the total; suggestions show picture and price and are added in place', async () => {
    const c = cart();
    useAppStore.getState().set({ cart: c });
    const side = { id: 'side-fries', name: 'Fries', price_cents: 349, image: '/static/img/products/fries.webp' };
    const suggestions = Object.fromEntries(
      [...new Set(c.products.map((p) => p.product_id))].map((id) => [
        `GET /menus/${c.menu_id}/products/${id}`,
        { body: { product: {}, upsells: [side] } },
      ]),
    );
    const api = edge({
      ...suggestions,
      'POST /cart/products': { body: { cart: { ...c, item_count: c.item_count + 1 } } },
    });
    const u = setupUser();
    drawer();
    const checkout = screen.getByRole('button', { name: /^Checkout · \$/ });
    expect(checkout).toHaveTextContent(`Checkout · $${(c.totals.total_cents / 100).toFixed(2)}`);
    await u.click(checkout);
    expect(await screen.findByRole('heading', { name: 'Complete Your Order' })).toBeInTheDocument();
    const card = screen.getByText('Fries').closest('li')!;
    expect(within(card).getByText('$3.49')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', side.image);
    expect(screen.getByRole('button', { name: 'Previous suggestions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next suggestions' })).toBeInTheDocument();
    await u.click(within(card).getByRole('button', { name: 'Add Fries' }));
    await waitFor(() => expect(api.to('POST /cart/products')).toHaveLength(1));
    expect(await within(card).findByRole('button', { name: 'Fries added' })).toHaveTextContent('Added ✓');
    expect(useAppStore.getState().cart?.item_count).toBe(c.item_count + 1);
    expect(screen.getByRole('heading', { name: 'Complete Your Order' })).toBeInTheDocument();
  });
});
