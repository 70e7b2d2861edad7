import { screen, waitFor } from '@testing-library/react';
import type { Cart } from '@henhouse/kit/api/types';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { useAppStore } from '@henhouse/kit/state/store';
import { mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { real } from '../test/recorded';
import Checkout from '../screens/Checkout';

jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
}));

const recordedCart = () => real<{ cart: Cart }>('POST /api/cart/products').body.cart;
const dayton = louisville({ id: 'oh-dayton', name: 'Henhouse Dayton', pay_in_store_max_cents: 5000 });
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
function start(cart: Cart = recordedCart()) {
  useAppStore.getState().set({ cart, location: dayton });
  return mockApi({ 'GET /cart': () => ({ body: { cart: useAppStore.getState().cart } }), 'GET /cart/times': times });
}
const place = () => screen.getByRole('button', { name: /^Place order/ });

// Typing a whole form takes a while on a busy machine.
jest.setTimeout(30_000);
beforeEach(resetStore);

describe('checkout header', () => {
  it('shows the brand as a link home and the title; with nothing typed the link just goes', async () => {
    start();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    const home = await screen.findByRole('link', { name: 'Henhouse' });
    expect(home).toHaveAttribute('href', '/');
    expect(screen.getByText('Checkout', { selector: 'p' })).toBeInTheDocument();
    const u = setupUser();
    await u.click(home);
    expect(screen.queryByRole('dialog', { name: 'Leave checkout?' })).toBeNull();
  });

  it('asks before leaving once something is typed: Stay keeps it, Leave goes home', async () => {
    start();
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await u.type(await screen.findByLabelText('First name'), 'Grace');
    await u.click(screen.getByRole('link', { name: 'Henhouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave checkout?' });
    expect(dialog).toHaveAccessibleDescription('What you entered will be lost.');
    await u.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('First name')).toHaveValue('Grace');
    await u.click(screen.getByRole('link', { name: 'Henhouse' }));
    await u.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

describe('checkout errors that are not there yet, or no longer', () => {
  it('delivery: the tip is asked for as a hint, not an error, before the guest has touched it', async () => {
    const c = recordedCart();
    start({
      ...c,
      handoff: { mode: 'delivery', address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' } },
      tip_options: { ...c.tip_options, required: true },
    });
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    const tip = (await screen.findByRole('heading', { name: 'Tip', level: 2 })).closest('section')!;
    expect(tip.querySelector('[role=alert], .hh-field__error')).toBeNull();
    expect(tip).toHaveTextContent('Choose a tip for your driver.');
    expect(tip.querySelector('[aria-invalid=true]')).toBeNull();
  });

  it('the footer’s “Check your details above.” goes as soon as the field is fixed, before Place order', async () => {
    start();
    const u = setupUser();
    mount(Checkout, '/order/checkout', { layout: 'minimal' });
    await u.click(await screen.findByRole('button', { name: /^Place order/ }));
    expect(await screen.findByText('Check your details above.')).toBeInTheDocument();
    await u.type(screen.getByLabelText('First name'), 'Grace');
    await u.type(screen.getByLabelText('Last name'), 'Hopper');
    await u.type(screen.getByLabelText('Email'), 'grace@example.com');
    await u.type(screen.getByLabelText(/^Phone/), '6145550100');
    await waitFor(() => expect(screen.queryByText('Check your details above.')).toBeNull());
    expect(place()).not.toHaveAccessibleDescription('Check your details above.');
  });
});
