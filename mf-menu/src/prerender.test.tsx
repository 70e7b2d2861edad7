import { screen } from '@testing-library/react';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, canonical, filled } from '@henhouse/kit/prerender/test/compare';
import type { Location, Menu as MenuT, Product as ProductT } from '@henhouse/kit/api/types';
import { real } from './test/recorded';
import { renderScreens } from './prerender';
import Product from './screens/Product';
import Menu from './screens/Menu';

// The product page's copy, filled in as the edge fills it from the catalogue, is the top
// of the screen once it has the product: the copy goes without anything above the form
// moving, the photo in the same place.
beforeEach(() => resetStore());

it("draws the top of the product page, whose slots the edge fills with the product's", async () => {
  const copy = renderScreens().screens.Product;
  expect(copy.partial).toBe(true);
  expect(copy.when ?? []).toEqual([]);
  const html = copy.layouts.default ?? '';
  expect(html).not.toMatch(/^<link/);
  const answer = real<{ product: ProductT }>('GET /api/menus/{menuId}/products/two-piece');
  const p = answer.body.product;
  p.name = 'Two <Piece> & "more"'; // escaped alike
  mockApi({ 'GET /menus/m-standard/products/two-piece': answer });
  mount(Product, '/menu/m-standard/product/two-piece', { params: { mid: 'm-standard', pid: 'two-piece' } });
  await screen.findByRole('heading', { name: p.name });

  const root = document.querySelector('[data-screen="mf-menu/Product"]')!;
  const top = root.cloneNode(false) as Element;
  top.append(...[...root.children].slice(0, 2).map((c) => c.cloneNode(true)));
  const wrap = document.createElement('div');
  wrap.append(top);
  expect(p.image).toMatch(/^\//);
  expect(canonical(wrap)).toBe(
    asPageHolds(
      filled(html, {
        menu: 'm-standard',
        name: p.name,
        description: p.description,
        image: p.image,
        // As the edge writes them (the product page's slots in edge/internal/pages/menu.go).
        price: `$${Math.floor(p.price_cents / 100)}.${String(p.price_cents % 100).padStart(2, '0')}`,
        calories: String(p.calories),
      }),
    ),
  );
});

// The menu page's prerendered screen, filled in as the edge fills it (menuSlots in
// edge/internal/pages/menu.go), is the top of the screen once it has the menu: the
// header, the search and filters, the category bar's first link and the first section's
// head. The screen adds the other links to the right and the products under the head.
describe('the top of a menu page', () => {
  const answer = () => real<{ menu: MenuT; location: Location }>('GET /api/menus/{menuId}');

  /** The screen's top as the copy draws it: the bar's first link, the first section's head. */
  function screenTop(): HTMLElement {
    const root = document.querySelector('[data-screen="mf-menu/Menu"]')!;
    const top = root.cloneNode(true) as Element;
    top.querySelectorAll('.hh-category-bar li:not(:first-child)').forEach((li) => li.remove());
    const sections = top.querySelectorAll('.hh-menu-section');
    [...sections].slice(1).forEach((s) => s.remove());
    sections[0]
      .querySelectorAll(':scope > :not(h2, .hh-menu-section__desc, .hh-menu-section__when)')
      .forEach((el) => el.remove());
    top.querySelectorAll('[role="status"]:not(.hh-menu-count)').forEach((el) => el.remove());
    // The section's size estimate for when it is off screen: the copy is on it, and has no
    // style attribute (the page's policy blocks them).
    sections[0].removeAttribute('style');
    const wrap = document.createElement('div');
    wrap.append(top);
    return wrap;
  }

  function slotsOf(menu: MenuT, location: Location): Record<string, string> {
    const c = menu.categories[0];
    return {
      menu: menu.id,
      menuname: menu.name,
      place: location.name,
      street: location.address.street,
      city: location.address.city,
      state: location.address.state,
      category: c.id,
      catname: c.name,
      catdesc: c.description,
      catwhen: c.served_label ?? '',
    };
  }

  it('is drawn for a visitor with no cart, no location chosen and no search in the address, the footer kept back', () => {
    const copy = renderScreens().screens.Menu;
    expect(copy.partial).toBe(true);
    expect(copy.when).toEqual(['noCart', 'noQuery', 'noLocation']);
  });

  it.each([
    ['whose first category has a daily window', false],
    ['whose first category is sold all day', true],
  ])('is the top of the screen for a menu %s', async (_, allDay) => {
    const a = answer();
    const { menu, location } = a.body;
    location.name = 'Henhouse <Dayton> & "more"'; // escaped alike
    if (allDay) {
      delete menu.categories[0].availability;
      delete menu.categories[0].served_label;
      delete menu.categories[0].served_now;
    } else expect(menu.categories[0].served_label).toBeTruthy();
    mockApi({ 'GET /menus/m-standard': a });
    mount(Menu, '/menu/m-standard', { params: { mid: 'm-standard' } });
    await screen.findByRole('heading', { name: menu.categories[0].name, level: 2 });

    const html = renderScreens().screens.Menu.layouts.default ?? '';
    const copy = filled(html, slotsOf(menu, location));
    expect(copy).toContain(allDay ? '<p class="hh-menu-section__when"></p>' : 'Breakfast · served 6:30–10:30 AM');
    expect(html).not.toMatch(/ style=/);
    // The copy's empty line of a category sold all day is not on the screen: it is hidden.
    expect(canonical(screenTop())).toBe(asPageHolds(copy.replace('<p class="hh-menu-section__when"></p>', '')));
    // No location is chosen for the visitor: the header says so, not the edge's location.
    expect(canonical(screenTop())).toContain('No location chosen yet.');
    expect(canonical(screenTop())).not.toContain('Henhouse &lt;Dayton>');
  });
});
