import { screen, within } from '@testing-library/react';
import { mockApi, mount, resetStore, setFeatures, setupUser, storeWith } from '@henhouse/kit/test/harness';
import { useAppStore } from '@henhouse/kit/state/store';
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

  it('starts with nothing chosen when the site does not pre-select', async () => {
    setFeatures({ preselectDefaultModifiers: false });
    mockApi({ 'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece') });
    visit('two-piece');
    const flavor = await screen.findByRole('group', { name: /^Flavor/ });
    expect(within(flavor).getByText('Nothing selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Add to cart/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/^To add this, Flavor: choose 1; Pieces: choose 1\.$/)).toBeInTheDocument();
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

  it('adds the configured line at the chosen location, updates the cart and announces it', async () => {
    storeWith({ location: dayton() });
    const api = mockApi({
      'GET /menus/m-standard/products/two-piece': real('GET /api/menus/{menuId}/products/two-piece'),
      'GET /cart': { body: { cart: null } },
      'POST /cart': real('POST /api/cart'),
      'POST /cart/products': real('POST /api/cart/products'),
    });
    const user = setupUser();
    visit('two-piece');
    await user.click(await screen.findByRole('radio', { name: /Honey Butter/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Ranch' }));
    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));
    await screen.findByText(/^Added 1 2 Piece Chicken to your cart\./, { selector: '.hh-product__done' });
    expect(api.calls.find((c) => c.path === '/cart/products')?.body).toEqual({
      productId: 'two-piece',
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
    const add = await screen.findByRole('button', { name: /^Add to cart/ });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('To add this, Family sides: choose 2.');
    await user.click(add);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    const sides = screen.getByRole('group', { name: /^Family sides/ });
    expect(within(sides).getByText('Family sides: choose 2')).toBeInTheDocument();
    // The counter stops at the group's maximum.
    await user.click(within(sides).getByRole('button', { name: 'One more Large Fries' }));
    await user.click(within(sides).getByRole('button', { name: 'One more Large Fries' }));
    expect(within(sides).getByRole('button', { name: 'One more Large Coleslaw' })).toBeDisabled();
    expect(within(sides).getByText('Selected: Large Fries ×2')).toBeInTheDocument();
    expect(add).not.toHaveAttribute('aria-disabled');
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
    await user.click(within(sides).getByRole('button', { name: 'One more Large Fries' }));
    await user.click(within(sides).getByRole('button', { name: 'One more Large Green Beans' }));
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
    expect(screen.getByRole('checkbox', { name: 'Ranch' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /^Save changes/ }));
    await screen.findByText('Saved your changes to 2 Piece Chicken.', { selector: '.hh-product__done' });
    expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('/cart/products/l_1');
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
  });
});
