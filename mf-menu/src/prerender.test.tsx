import { screen } from '@testing-library/react';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, canonical, filled } from '@henhouse/kit/prerender/test/compare';
import type { Product as ProductT } from '@henhouse/kit/api/types';
import { real } from './test/recorded';
import { renderScreens } from './prerender';
import Product from './screens/Product';

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
    asPageHolds(filled(html, { menu: 'm-standard', name: p.name, description: p.description, image: p.image })),
  );
});
