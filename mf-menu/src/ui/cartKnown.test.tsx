import { act, render, screen } from '@testing-library/react';
import { setBootstrap, type Bootstrap } from '@henhouse/kit/bootstrap';
import { useAppStore } from '@henhouse/kit/state/store';
import { MemoryRouter } from '@henhouse/kit/router';
import { resetStore } from '@henhouse/kit/test/harness';
import { MenuHeader } from '../menu/MenuHeader';
import { real } from '../test/recorded';
import { useCartKnown } from './cartKnown';

const location = () => real<{ location: never }>('GET /api/menus/{menuId}').body.location;

function Header() {
  const cart = useAppStore((s) => s.cart);
  return <MenuHeader menuName="Henhouse Menu" location={location()} cart={cart} cartKnown={useCartKnown()} />;
}

describe('the menu header before the cart is known', () => {
  beforeEach(() => resetStore());
  afterEach(() => setBootstrap(null));

  it('shows a placeholder, not a new cart’s handoff, while a cart the edge knows of is fetched', () => {
    setBootstrap({ session: { signedIn: false, forcedSignOut: false, hasCart: true } } as unknown as Bootstrap);
    render(
      <MemoryRouter initialEntries={['/menu/m-standard']}>
        <Header />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/^Pickup, /)).toBeNull();
    expect(screen.getByText('Loading your cart…')).toBeInTheDocument();
    const cart = real<{ cart: never }>('POST /api/cart/products').body.cart;
    act(() => useAppStore.getState().set({ cart }));
    expect(screen.getByText(/^Pickup, /)).toBeInTheDocument();
    expect(screen.queryByText('Loading your cart…')).toBeNull();
  });

  it('says a new cart’s handoff at once to a visitor with no cart', () => {
    setBootstrap({ session: { signedIn: false, forcedSignOut: false, hasCart: false } } as unknown as Bootstrap);
    render(
      <MemoryRouter initialEntries={['/menu/m-standard']}>
        <Header />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^Pickup, /)).toBeInTheDocument();
  });
});
