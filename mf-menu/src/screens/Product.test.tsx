import { render, screen, waitFor, within } from '@testing-library/react';
import { mockApi, mount, resetStore, setFeatures, setupUser, storeWith } from '@henhouse/kit/test/harness';
import { useAppStore } from '@henhouse/kit/state/store';
import { Toaster } from '@henhouse/kit/ui/toaster';
import { real } from '../test/recorded';
import Product from './Product';

/** The location the recorded answers are for, as the guest chose it. */
const dayton = () => real<{ location: unknown }>('GET /api/menus/{menuId}').body.location;

const visit = (pid: string, query = '') =>
  mount(Product, `/menu/m-standard/product/${pid}${query}`, { params: { mid: 'm-standard', pid } });

describe('product page (docs/menu.md, "Product page")', () => {
  beforeEach(() => {
    resetStore();
    setFeatures({ preselectDefaultModifiers: true });
  });

  it('pre-selects the defaults, states each rule and what is chosen', async () => {
    mockApi({ 'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece') });
    visit('two-piece');
    const flavor = await screen.findByRole('group', { name: /^Flavor/ });
    expect(within(flavor).getByText('Choose 1')).toBeInTheDocument();
    expect(within(flavor).getByText('Selected: Original')).toBeInTheDocument();
    expect(within(flavor).getByRole('radio', { name: 'Original' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: /^Dipping sauces/ })).getByText('Choose up to 3'),
    ).toBeInTheDocument();
    expect(useAppStore.getState().product?.data.name).toBe('2 Piece Chicken');
  });

  it('shows the price and calories by the name, and one heading for the choices', async () => {
    const answer = real<{ product: { price_cents: number; calories: number } }>(
      'GET /api/menus/{menuId}/products/two-piece',
    );
    mockApi({ 'GET /menus/m-standard/products/two-piece': answer });
    visit('two-piece');
    const name = await screen.findByRole('heading', { name: '2 Piece Chicken', level: 2 });
    const facts = name.nextElementSibling;
    expect(facts).toHaveTextContent(`$${(answer.body.product.price_cents / 100).toFixed(2)}`);
    expect(facts).toHaveTextContent(`${answer.body.product.calories} cal`);
    expect(screen.getByRole('heading', { name: 'Make it yours', level: 3 })).toBeInTheDocument();
  });

  it('has no "Make it yours" heading for a product with no choices', async () => {
    const answer = real<{ product: { modifier_groups?: unknown[] } }>('GET /api/menus/{menuId}/products/two-piece');
    delete answer.body.product.modifier_groups;
    mockApi({ 'GET /menus/m-standard/products/two-piece': answer });
    visit('two-piece');
    await screen.findByRole('button', { name: /^Add to cart · \$/ });
    expect(screen.queryByText('Make it yours')).toBeNull();
    expect(screen.getByRole('form', { name: 'Order 2 Piece Chicken' })).toBeInTheDocument();
  });

  it('counts the quantity with the kit stepper, and the add bar shows the total', async () => {
    mockApi({ 'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece') });
    const user = setupUser();
    visit('two-piece');
    const add = await screen.findByRole('button', { name: /^Add to cart · / });
    const one = add.textContent;
    await user.click(screen.getByRole('button', { name: 'Increase quantity of 2 Piece Chicken' }));
    expect(screen.getByRole('group', { name: 'Quantity of 2 Piece Chicken' })).toHaveTextContent('2');
    const price = (t: string | null) => Number(/\$(\d+\.\d\d)/.exec(t ?? '')?.[1]);
    expect(price(add.textContent)).toBeCloseTo(price(one) * 2, 2);
    expect(document.querySelector('button:not([data-hh-control] button, .hh-btn, .hh-product-card button)')).toBeNull();
  });

  it('starts with nothing chosen when the site does not pre-select', async () => {
    setFeatures({ preselectDefaultModifiers: false });
    mockApi({ 'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece') });
    visit('two-piece');
    const flavor = await screen.findByRole('group', { name: /^Flavor/ });
    expect(within(flavor).getByText('Nothing selected')).toBeInTheDocument();
    // The bar says what is missing first, and pressing it moves focus there.
    const add = screen.getByRole('button', { name: 'Choose a Flavor' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/^To add this, Flavor: choose 1; Pieces: choose 1\.$/)).toBeInTheDocument();
    await setupUser().click(add);
    await waitFor(() => expect(within(flavor).getAllByRole('radio')[0]).toHaveFocus());
  });

  it('the allergens follow the choices', async () => {
    mockApi({ 'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece') });
    const user = setupUser();
    visit('two-piece');
    const allergens = await screen.findByRole('region', { name: 'Allergens as you’ve chosen it' });
    expect(within(allergens).queryByText('Contains dairy')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Honey Butter/ }));
    expect(within(allergens).getByText('Contains dairy')).toBeInTheDocument();
    expect(within(allergens).getByText('Fried in the same oil as our catfish and shrimp.')).toBeInTheDocument();
  });

  it('adds the configured line at the chosen location, updates the cart and says so in a toast', async () => {
    storeWith({ location: dayton() });
    const api = mockApi({
      'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece'),
      'GET /cart': { body: { cart: null } },
      'POST /cart': real('POST /api/cart'),
      'POST /cart/products': real('POST /api/cart/products'),
    });
    const user = setupUser();
    render(<Toaster />);
    visit('two-piece');
    await user.click(await screen.findByRole('radio', { name: /Honey Butter/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Ranch/ }));
    const add = screen.getByRole('button', { name: /^Add to cart/ });
    await user.click(add);
    // "Added 2 Piece Chicken", never "Added 1 2 Piece Chicken"; focus stays on the button.
    const message = await screen.findByText('Added 2 Piece Chicken', { selector: '.hh-toast__message' });
    expect(add).toHaveFocus();
    await waitFor(() => expect(document.getElementById('hh-live-polite')).toHaveTextContent('Added 2 Piece Chicken'));
    await user.click(within(message.parentElement!).getByRole('button', { name: 'View cart' }));
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
    expect(api.calls.find((c) => c.path === '/cart/products')?.body).toEqual({
      product_id: 'two-piece',
      quantity: 1,
      modifiers: [
        { id: 'flv-honey-butter', quantity: 1 },
        { id: 'pcs-mixed', quantity: 1 },
        { id: 'dip-honey-mustard', quantity: 1 },
        { id: 'dip-ranch', quantity: 1 },
      ],
    });
    expect(useAppStore.getState().cart?.products[0].markers).toContain('dairy');
  });

  it('a required group without defaults blocks add, with its reason, until it is complete', async () => {
    const api = mockApi({
      'GET /menus/m-standard/products/family-8': real('GET /api/menus/{menuId}/products/family-8'),
    });
    const user = setupUser();
    visit('family-8');
    const add = await screen.findByRole('button', { name: 'Choose Family sides' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('To add this, Family sides: choose 2.');
    await user.click(add);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    const sides = screen.getByRole('group', { name: /^Family sides/ });
    expect(within(sides).getByText('Family sides: choose 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(sides).getByRole('button', { name: 'Increase quantity of Large Fries' })).toHaveFocus(),
    );
    // The counter stops at the group's maximum; the price is apart from the name.
    await user.click(within(sides).getByRole('button', { name: 'Increase quantity of Large Fries' }));
    await user.click(within(sides).getByRole('button', { name: 'Increase quantity of Large Fries' }));
    expect(within(sides).getByRole('button', { name: 'Increase quantity of Large Coleslaw' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(sides).getByText('Selected: Large Fries ×2')).toBeInTheDocument();
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(add).toHaveAccessibleName(/^Add to cart · \$\d+\.\d\d$/);
  });

  it('shows the edge’s refusal in words next to the action', async () => {
    storeWith({ location: dayton() });
    mockApi({
      'GET /menus/m-standard/products/family-8': real('GET /api/menus/{menuId}/products/family-8'),
      'GET /cart': { body: { cart: null } },
      'POST /cart': real('POST /api/cart'),
      'POST /cart/products': real('POST /api/cart/products incomplete'),
    });
    const user = setupUser();
    visit('family-8');
    const sides = await screen.findByRole('group', { name: /^Family sides/ });
    await user.click(within(sides).getByRole('button', { name: 'Increase quantity of Large Fries' }));
    await user.click(within(sides).getByRole('button', { name: 'Increase quantity of Large Green Beans' }));
    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some choices for 8 Piece Family Meal need another look.');
    expect(alert).toHaveTextContent('Family sides: choose 2');
  });

  it('edits a cart line: its choices, and saves back to the same line', async () => {
    const cart = real<{ cart: { products: { id: string }[] } }>('POST /api/cart/products').body.cart;
    const api = mockApi({
      'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece'),
      'PUT /cart/products/l_1': real('POST /api/cart/products'),
    });
    storeWith({ cart });
    const user = setupUser();
    visit('two-piece', '?line=l_1');
    expect(await screen.findByRole('radio', { name: /Honey Butter/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Ranch/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /^Save changes/ }));
    await waitFor(() =>
      expect(document.getElementById('hh-live-polite')).toHaveTextContent('Saved your changes to 2 Piece Chicken.'),
    );
    expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('/cart/products/l_1');
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
  });
});
