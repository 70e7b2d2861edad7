// The checkout's form is a file of its own (docs/checkout.md, "Where the form's code
// loads"): a guest whose cart is empty never fetches it, a guest with a cart gets it beside
// the cart, and a form file that cannot be fetched fails the screen instead of leaving it
// loading for ever.
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@henhouse/kit/router';
import { setBootstrap, type Bootstrap } from '@henhouse/kit/bootstrap';
import type { Cart } from '@henhouse/kit/api/types';
import { deferred, mockApi, resetStore, ScreenFailure, type Handler } from '@henhouse/kit/test/harness';
import { real } from '../test/recorded';
import Checkout from '../screens/Checkout';

const fetched = jest.fn();
let failing = false;
jest.mock('./CheckoutForm', () => {
  fetched();
  if (failing) throw Object.assign(new Error('Loading chunk checkout-form failed.'), { name: 'ChunkLoadError' });
  return { CheckoutForm: () => <p>the checkout form</p> };
});

const recordedCart = () => real<{ cart: Cart }>('POST /api/cart/products').body.cart;

function show(hasCart: boolean, cart: Cart | null | Handler) {
  setBootstrap({
    config: { features: {} },
    session: { signedIn: false, forcedSignOut: false, hasCart },
  } as unknown as Bootstrap);
  mockApi({ 'GET /cart': typeof cart === 'function' ? cart : { body: { cart } } });
  render(
    <ScreenFailure>
      <MemoryRouter initialEntries={['/order/checkout']}>
        <Checkout routeId="test" params={{}} query={{}} layout="minimal" />
      </MemoryRouter>
    </ScreenFailure>,
  );
}

beforeEach(() => {
  jest.resetModules();
  resetStore();
  fetched.mockClear();
  failing = false;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

it('an empty cart says so and never fetches the form', async () => {
  show(false, null);
  expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Menu' })).toHaveAttribute('href', '/menu');
  expect(fetched).not.toHaveBeenCalled();
});

// As the page's prerendered copy of the screen shows it (src/prerender.tsx): the copy
// goes without the screen flashing a loading state in between.
it('a visitor the edge knows no cart of sees the empty cart at once, while the cart is read', async () => {
  const cart = deferred();
  show(false, cart.handler);
  expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  cart.send({ body: { cart: recordedCart() } });
  expect(await screen.findByText('the checkout form')).toBeInTheDocument();
});

it('a cart the page did not know of fetches the form once it arrives, and shows it', async () => {
  show(false, recordedCart());
  expect(await screen.findByText('the checkout form')).toBeInTheDocument();
  expect(fetched).toHaveBeenCalledTimes(1);
});

it('a visitor with a cart fetches the form beside the cart', async () => {
  const cart = deferred();
  show(true, cart.handler);
  await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
  expect(screen.getByRole('status')).toHaveTextContent('Loading your order…'); // the cart has not answered
  cart.send({ body: { cart: recordedCart() } });
  expect(await screen.findByText('the checkout form')).toBeInTheDocument();
});

it("a form file that doesn't load fails the screen instead of loading for ever", async () => {
  failing = true;
  show(true, recordedCart());
  expect(await screen.findByRole('alert')).toHaveTextContent('ChunkLoadError');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
