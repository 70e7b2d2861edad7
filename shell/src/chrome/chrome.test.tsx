import { act, fireEvent, render, screen } from '@testing-library/react';
import { storeWith } from '@henhouse/kit/test/harness';
import { MemoryRouter } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { Header } from './Header';
import { Footer, sellsGiftCards } from './Footer';
import { settleCart } from '../session/cartHint';

const careers = 'https://careers.example';

function renderHeader() {
  return render(
    <MemoryRouter>
      <Header careersUrl={careers} brandName="Henhouse" />
    </MemoryRouter>,
  );
}

beforeEach(() => useAppStore.getState().reset(['user', 'members', 'cart', 'group', 'groupCode', 'ui']));

describe('Header', () => {
  it('lists the main navigation in order, Careers external', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [
      a.textContent?.replace(' (opens in a new tab)', ''),
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Locations', '/locations'],
      ['Menu', '/menu'],
      ['Catering', '/catering'],
      ['Rewards', '/rewards?section=rewards-single'],
      ['Careers', careers],
    ]);
    expect(screen.getByRole('link', { name: /Careers/ })).toHaveAttribute('target', '_blank');
  });

  it('greets guests with "Sign In" and members with their points, never the name', () => {
    const guest = renderHeader();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/account/signin');
    guest.unmount();
    storeWith({ user: { first_name: 'Ada' }, members: { points: 1250 } });
    renderHeader();
    expect(screen.getByRole('link', { name: '1250 Points' })).toBeInTheDocument();
    expect(screen.queryByText(/Ada/)).toBeNull();
  });

  it('blocks page scrolling while the navigation is open', () => {
    renderHeader();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(document.body).toHaveClass('hh-scroll-locked');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.body).not.toHaveClass('hh-scroll-locked');
  });

  it('stays open when opened as it first renders (a tap made before the scripts ran), and closes on navigation', () => {
    useAppStore.getState().setUi({ navOpen: true });
    render(
      <MemoryRouter initialEntries={['/menu']}>
        <Header careersUrl={careers} brandName="Henhouse" />
      </MemoryRouter>,
    );
    const burger = screen.getByRole('button', { name: 'Close menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getAllByRole('link', { name: 'Henhouse' })[0]);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts cart items on the cart icon', () => {
    storeWith({ cart: { menu_id: 'm', products: [{ quantity: 2 }, { quantity: 1 }] } });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });
});

describe('Header cart count', () => {
  afterEach(() => document.documentElement.removeAttribute('data-cart'));
  it('shows no count, not a 0, while a cart the edge knows of is being read', () => {
    document.documentElement.setAttribute('data-cart', '');
    renderHeader();
    const button = screen.getByRole('button', { name: 'Cart' });
    expect(button.querySelector('.hh-cart-button__count')).toHaveTextContent('');
    expect(button.querySelector('.hh-cart-button__count')).toHaveAttribute('data-pending');
    act(() => useAppStore.getState().set({ cart: { menu_id: 'm1', products: [{ quantity: 2 }] } as never }));
    expect(
      screen.getByRole('button', { name: 'Cart, 2 items' }).querySelector('.hh-cart-button__count'),
    ).toHaveTextContent('2');
    // The document's mark is gone with it: the first paint's placeholder is over.
    expect(document.documentElement.hasAttribute('data-cart')).toBe(false);
  });
  it('shows 0 once the start-up ends without a cart', () => {
    document.documentElement.setAttribute('data-cart', '');
    renderHeader();
    expect(screen.getByRole('button', { name: 'Cart' })).toBeInTheDocument();
    act(() => settleCart());
    expect(
      screen.getByRole('button', { name: 'Cart, 0 items' }).querySelector('.hh-cart-button__count'),
    ).toHaveTextContent('0');
  });
  it('shows 0 at once for a visitor without a cart', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });
});

describe('Header cart count in a group order', () => {
  const view = (fields: object) => ({
    code: 'G1',
    host_name: 'Dana',
    menu_id: 'm',
    state: 'open',
    host: false,
    me: { id: 'p1', name: 'Sam', done: false, products: [], subtotal_cents: 1498, item_count: 2 },
    ...fields,
  });
  it("counts a participant's own items, not their cart's, and says so", () => {
    storeWith({ cart: { menu_id: 'm', products: [{ quantity: 5 }] }, group: view({}), groupCode: 'G1' });
    renderHeader();
    const button = screen.getByRole('button', { name: 'Your items, 2' });
    expect(button.querySelector('.hh-cart-button__count')).toHaveTextContent('2');
  });
  it("counts the host's cart as usual: the group is their cart", () => {
    storeWith({
      cart: { menu_id: 'm', products: [{ quantity: 5 }] },
      group: view({ host: true, me: null }),
      groupCode: 'G1',
    });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Cart, 5 items' })).toBeInTheDocument();
  });
  it('counts the cart of a guest who has not joined yet', () => {
    storeWith({ cart: { menu_id: 'm', products: [{ quantity: 1 }] }, group: view({ me: null }), groupCode: 'G1' });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });
});

describe('Footer', () => {
  it('draws the Instagram icon as outlines, not one filled tile', () => {
    render(
      <MemoryRouter>
        <Footer careersUrl={careers} brandName="Henhouse" />
      </MemoryRouter>,
    );
    const svg = screen.getByRole('link', { name: 'Henhouse on Instagram' }).querySelector('svg')!;
    expect(svg.querySelector('rect')).toHaveAttribute('stroke', 'currentColor');
    expect(svg.querySelectorAll('circle')).toHaveLength(2);
  });

  it('has every entry, Careers in a new tab, and named social icons', () => {
    render(
      <MemoryRouter>
        <Footer careersUrl={careers} brandName="Henhouse" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      Array.from(nav.querySelectorAll('a')).map((a) => a.textContent?.replace(' (opens in a new tab)', '')),
    ).toEqual([
      'Contact',
      'Rewards',
      'Careers',
      'Nutrition and Allergen Info',
      'Gift Cards',
      'Franchise',
      'About',
      'All Locations',
    ]);
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
    expect(screen.getAllByRole('link', { name: /^Henhouse on / })).toHaveLength(3);
  });

  it('has no Gift Cards link on a site without gift cards', () => {
    render(
      <MemoryRouter>
        <Footer careersUrl={careers} brandName="Henhouse" giftCards={false} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(nav).toHaveTextContent('All Locations');
    expect(screen.queryByRole('link', { name: 'Gift Cards' })).toBeNull();
  });

  it('sells gift cards unless the bootstrap says giftCards: false', () => {
    expect(sellsGiftCards({ giftCards: false })).toBe(false);
    expect(sellsGiftCards({ giftCards: true })).toBe(true);
    expect(sellsGiftCards({})).toBe(true);
    expect(sellsGiftCards(undefined)).toBe(true);
  });
});
