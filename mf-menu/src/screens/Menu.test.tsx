import { render, screen, waitFor, within } from '@testing-library/react';
import { mockApi, mount, resetStore, setFeatures, setupUser, storeWith } from '@henhouse/kit/test/harness';
import { useAppStore } from '@henhouse/kit/state/store';
import type { Location } from '@henhouse/kit/api/types';
import { Toaster } from '@henhouse/kit/ui/toaster';
import { real } from '../test/recorded';
import Menu from './Menu';

// A whole menu is some 70 cards: finding in it takes a while on a busy machine.
jest.setTimeout(40000);
const slow = { timeout: 20000 };

const visit = (query = '') => mount(Menu, `/menu/m-standard${query}`, { params: { mid: 'm-standard' } });

describe('menu page (docs/menu.md, "Menu page")', () => {
  beforeEach(() => {
    resetStore();
    setFeatures({ preselectDefaultModifiers: true, showProductChips: { price: false, calories: false } });
  });

  it('shows every category as a section with its products, the location with Change, from one request', async () => {
    const api = mockApi({ 'GET /menus/m-standard': real('GET /api/menus/{menuId}') });
    const dayton = real<{ location: { id: string } }>('GET /api/menus/{menuId}').body.location;
    storeWith({ location: dayton });
    visit();
    await screen.findByRole('heading', { name: 'Chicken', level: 2 });
    const menu = real<{ menu: { categories: { name: string; products: unknown[] }[] } }>('GET /api/menus/{menuId}').body
      .menu;
    // The sections after the first come once those are painted.
    await screen.findByRole('heading', { name: menu.categories.at(-1)!.name, level: 2 }, slow);
    for (const c of menu.categories)
      expect(screen.getByRole('heading', { name: c.name, level: 2 })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(bar).getAllByRole('link')).toHaveLength(menu.categories.length);
    expect(screen.getByText('Ordering from').textContent).toContain('Henhouse Dayton');
    expect(screen.getByRole('link', { name: /Change location/ })).toHaveAttribute('href', '/locations');
    expect(api.calls.map((c) => c.path)).toEqual(['/menus/m-standard']);
    // The chips follow the setting: no prices on the cards.
    expect(screen.queryByText(/^\$\d/)).toBeNull();
    expect(useAppStore.getState().location?.id).toBe('oh-dayton');
  });

  it('opened by a link with no location chosen and no cart: Add asks which location, and starts no cart until one is chosen', async () => {
    const louisville = { ...real<{ location: Location }>('GET /api/menus/{menuId}').body.location };
    Object.assign(louisville, { id: 'ky-louisville', name: 'Henhouse Louisville', distance_miles: 1.2 });
    const texas = { ...louisville, id: 'tx-dallas', name: 'Henhouse Dallas', menu_id: 'm-texas' };
    const api = mockApi({
      'GET /menus/m-standard': real('GET /api/menus/{menuId}'),
      'GET /locations': { body: { locations: [texas, louisville] } },
      'GET /cart': { body: { cart: null } },
      'POST /cart': real('POST /api/cart'),
      'POST /cart/products': real('POST /api/cart/products'),
    });
    const user = setupUser();
    render(<Toaster />);
    visit();
    await screen.findByRole('heading', { name: 'Chicken', level: 2 });
    // Nothing is chosen for the guest: the page says so.
    expect(screen.getByText('No location chosen yet.')).toBeInTheDocument();
    expect(screen.queryByText('Ordering from')).toBeNull();
    expect(useAppStore.getState().location).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add: 2 Piece Chicken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Which location?' });
    expect(within(dialog).getByText(/Choose the location that will make your 2 Piece Chicken\./)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    // Keyboard: the search is typed and sent with Enter.
    await user.type(within(dialog).getByLabelText('City, state or ZIP code'), 'Louisville, KY{Enter}');
    // Only the locations serving this menu are offered.
    const choose = await within(dialog).findByRole('button', { name: 'Order from Henhouse Louisville' });
    expect(within(dialog).queryByRole('button', { name: /Henhouse Dallas/ })).toBeNull();
    expect(api.calls.find((c) => c.path === '/locations')?.url.searchParams.get('q')).toBe('Louisville, KY');
    await user.click(choose);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The chosen location is on the page, and the item goes to a cart there.
    expect(screen.getByText('Ordering from').textContent).toContain('Henhouse Louisville');
    await waitFor(() => expect(document.getElementById('hh-live-polite')).toHaveTextContent('Added 2 Piece Chicken'));
    expect(api.calls.find((c) => c.path === '/cart' && c.method === 'POST')?.body).toEqual({
      menu_id: 'm-standard',
      location_id: 'ky-louisville',
    });
    expect(useAppStore.getState().location?.id).toBe('ky-louisville');
  });

  it('says when a category is served, as the edge words it, and keeps the edge’s order', async () => {
    const answer = real<{ menu: { categories: { id: string; served_now?: boolean; served_label?: string }[] } }>(
      'GET /api/menus/{menuId}',
    );
    // At lunch the edge lists breakfast last, not served now.
    const [breakfast, ...rest] = answer.body.menu.categories;
    breakfast.served_now = false;
    answer.body.menu.categories = [...rest, breakfast];
    mockApi({ 'GET /menus/m-standard': answer });
    visit();
    const bar = await screen.findByRole('navigation', { name: 'Menu categories' });
    const links = within(bar).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Chicken');
    expect(links.at(-1)).toHaveTextContent('Breakfast');
    expect(await screen.findByText('Breakfast · served 6:30–10:30 AM', undefined, slow)).toBeInTheDocument();
  });

  it('shows price chips when the setting turns them on', async () => {
    setFeatures({ showProductChips: { price: true, calories: false } });
    mockApi({ 'GET /menus/m-standard': real('GET /api/menus/{menuId}') });
    visit();
    await screen.findByRole('heading', { name: 'Chicken', level: 2 });
    await waitFor(() => expect(screen.getAllByText(/^\$\d+\.\d\d$/).length).toBeGreaterThan(50));
  });

  it('renders its first sections first, holding the footer back, and a category chosen before the rest is there renders it and goes there', async () => {
    // No frame is ever painted here: the rest waits for one.
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    mockApi({ 'GET /menus/m-standard': real('GET /api/menus/{menuId}') });
    const user = setupUser();
    visit();
    await screen.findByRole('heading', { name: 'Breakfast', level: 2 });
    const menu = real<{ menu: { categories: { id: string; name: string }[] } }>('GET /api/menus/{menuId}').body.menu;
    const last = menu.categories.at(-1)!;
    expect(document.querySelectorAll('.hh-menu-section')).toHaveLength(2);
    expect(document.querySelector('[data-screen="mf-menu/Menu"]')).toHaveAttribute('data-screen-loading');
    const bar = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(bar).getAllByRole('link')).toHaveLength(menu.categories.length);
    Element.prototype.scrollIntoView = jest.fn();
    await user.click(within(bar).getByRole('link', { name: last.name }));
    expect(screen.getByRole('heading', { name: last.name, level: 2 })).toHaveFocus();
    expect(document.querySelectorAll('.hh-menu-section')).toHaveLength(menu.categories.length);
    expect(document.querySelector('[data-screen="mf-menu/Menu"]')).not.toHaveAttribute('data-screen-loading');
    frame.mockRestore();
  });

  it('adds the later sections a batch of about eight products per painted frame, then lets the footer in', async () => {
    // Frames run when the test says so: each batch waits for the one before to be painted.
    const frames: FrameRequestCallback[] = [];
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    mockApi({ 'GET /menus/m-standard': real('GET /api/menus/{menuId}') });
    visit();
    await screen.findByRole('heading', { name: 'Breakfast', level: 2 });
    const categories = real<{ menu: { categories: { name: string; products: unknown[] }[] } }>(
      'GET /api/menus/{menuId}',
    ).body.menu.categories;
    const sections = () => document.querySelectorAll('.hh-menu-section').length;
    const counts = [sections()];
    while (sections() < categories.length && counts.length <= categories.length) {
      const before = sections();
      await waitFor(() => expect(frames.length).toBeGreaterThan(0));
      frames.splice(0).forEach((cb) => cb(0));
      await waitFor(() => expect(sections()).toBeGreaterThan(before));
      counts.push(sections());
    }
    expect(counts[0]).toBe(2);
    // Each batch ends with the section that brings it to eight products or more.
    for (let i = 1; i < counts.length; i++) {
      const batch = categories.slice(counts[i - 1], counts[i]);
      const products = batch.reduce((n, c) => n + c.products.length, 0);
      const withoutLast = products - batch.at(-1)!.products.length;
      expect(withoutLast).toBeLessThan(8);
      if (counts[i] < categories.length) expect(products).toBeGreaterThanOrEqual(8);
    }
    expect(counts.length).toBeGreaterThan(3);
    expect(counts.at(-1)).toBe(categories.length);
    await waitFor(() =>
      expect(document.querySelector('[data-screen="mf-menu/Menu"]')).not.toHaveAttribute('data-screen-loading'),
    );
    frame.mockRestore();
  });

  it('quick add starts a cart at the chosen location, adds the product with its defaults and says so in a toast', async () => {
    storeWith({ location: real<{ location: Location }>('GET /api/menus/{menuId}').body.location });
    const api = mockApi({
      'GET /menus/m-standard': real('GET /api/menus/{menuId}'),
      'GET /cart': { body: { cart: null } },
      'POST /cart': real('POST /api/cart'),
      'POST /cart/products': real('POST /api/cart/products'),
    });
    const user = setupUser();
    render(<Toaster />);
    visit();
    const quick = await screen.findByRole('button', { name: 'Add: 2 Piece Chicken' });
    await user.click(quick);
    // A toast with the way to the cart, said once through the site's polite live region
    // (kit/src/ui/announce.ts); focus stays on the "Add" pressed.
    const message = await screen.findByText('Added 2 Piece Chicken', { selector: '.hh-toast__message' });
    await waitFor(() => expect(document.getElementById('hh-live-polite')).toHaveTextContent('Added 2 Piece Chicken'));
    expect(quick).toHaveFocus();
    await user.click(within(message.parentElement!).getByRole('button', { name: 'View cart' }));
    expect(useAppStore.getState().ui.cartOpen).toBe(true);
    const add = api.calls.find((c) => c.path === '/cart/products');
    expect(add?.body).toEqual({ product_id: 'two-piece' }); // no modifiers: the edge takes the defaults
    expect(api.calls.find((c) => c.path === '/cart' && c.method === 'POST')?.body).toEqual({
      menu_id: 'm-standard',
      location_id: 'oh-dayton',
    });
    expect(useAppStore.getState().cart?.item_count).toBe(1);
  });

  it('quick add of a product whose required group has no defaults opens its page', async () => {
    const api = mockApi({ 'GET /menus/m-standard': real('GET /api/menus/{menuId}') });
    const user = setupUser();
    visit();
    await user.click(await screen.findByRole('button', { name: 'Add: 8 Piece Family Meal' }, slow));
    expect(screen.getByTestId('where').textContent).toBe('/menu/m-standard/product/family-8');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('excluding gluten keeps only gluten-free products and says how many match', async () => {
    mockApi({ 'GET /menus/m-standard': real('GET /api/menus/{menuId}') });
    visit('?exclude=gluten');
    await screen.findByRole('heading', { name: 'Green Beans' });
    expect(screen.queryByRole('heading', { name: '2 Piece Chicken' })).toBeNull();
    expect(screen.getByText(/^\d+ items match$/)).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('checkbox', { name: 'No gluten' })).toBeChecked();
  });

  it('writes search and filters to the URL', async () => {
    mockApi({ 'GET /menus/m-standard': real('GET /api/menus/{menuId}') });
    const user = setupUser();
    visit();
    const open = await screen.findByRole('button', { name: 'Filters' });
    await user.click(open);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    // The legend of the markers is in the sheet, beside the filters.
    expect(within(sheet).getByText('What the allergen icons mean')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('checkbox', { name: 'Vegan only' }));
    expect(screen.getByTestId('where').textContent).toBe('/menu/m-standard?diet=vegan');
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveFocus();
    await user.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'tea');
    expect(screen.getByTestId('where').textContent).toBe('/menu/m-standard?q=tea&diet=vegan');
    expect(screen.getByRole('heading', { name: 'Sweet Tea' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Green Beans' })).toBeNull();
  });

  it('never empties a cart of another menu: where the location takes no transfers, it offers the choice', async () => {
    const answer = real<{ location: { services: { transfercart: boolean } } }>('GET /api/menus/{menuId}');
    answer.body.location.services.transfercart = false;
    mockApi({ 'GET /menus/m-standard': answer });
    const other = real<{ cart: Record<string, unknown> }>('POST /api/cart/products').body.cart;
    storeWith({ cart: { ...other, menu_id: 'm-texas' } });
    visit();
    await screen.findByRole('heading', { name: 'Your cart is from another menu' });
    expect(screen.getByRole('link', { name: /Back to my cart/ })).toHaveAttribute('href', '/menu/m-texas');
    expect(screen.getByRole('button', { name: 'Start a new cart here' })).toBeInTheDocument();
    expect(useAppStore.getState().cart?.menu_id).toBe('m-texas');
  });

  it('starts a new cart over one of another menu only when the guest says so, replacing it', async () => {
    const answer = real<{ location: { services: { transfercart: boolean } } }>('GET /api/menus/{menuId}');
    answer.body.location.services.transfercart = false;
    const api = mockApi({ 'GET /menus/m-standard': answer, 'POST /cart': real('POST /api/cart') });
    const other = real<{ cart: Record<string, unknown> }>('POST /api/cart/products').body.cart;
    storeWith({ cart: { ...other, menu_id: 'm-texas' } });
    const user = setupUser();
    visit();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Start a new cart here' }));
    // The edge refuses to replace a cart holding items unless told to (409 cart_open).
    await waitFor(() => expect(useAppStore.getState().cart?.menu_id).toBe('m-standard'));
    expect(api.calls.find((c) => c.path === '/cart' && c.method === 'POST')?.body).toEqual({
      menu_id: 'm-standard',
      location_id: 'oh-dayton',
      replace: true,
    });
  });

  it('moves a cart of another menu where the location allows it, and reports what could not move', async () => {
    const answer = real<{ location: { services: { transfercart: boolean } } }>('GET /api/menus/{menuId}');
    answer.body.location.services.transfercart = true;
    const moved = real<{ cart: Record<string, unknown> }>('POST /api/cart/products').body.cart;
    const api = mockApi({
      'GET /menus/m-standard': answer,
      'POST /cart/transfer': {
        body: {
          cart: moved,
          not_transferred: [{ line_id: 'l_9', name: 'Brisket Taco', reason: 'Not on this location’s menu' }],
        },
      },
    });
    storeWith({ cart: { ...moved, menu_id: 'm-texas' } });
    visit();
    await screen.findByRole('heading', { name: /^Your cart moved to/ });
    expect(screen.getByText(/Brisket Taco/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/cart/transfer')?.body).toEqual({
      menu_id: 'm-standard',
      location_id: 'oh-dayton',
    });
    expect(useAppStore.getState().cart?.menu_id).toBe('m-standard');
  });
});
