import { documentTitle, namedTitle, pathTitle } from './heading';

// The same rule as the edge's (edge/internal/page/title.go, Shell.Title, and its tests).
test.each([
  [{ path: '/', heading: 'Page home' }, 'Henhouse'],
  [{ path: '/contact', heading: 'Page contact', title: 'Contact Us' }, 'Contact Us | Henhouse'],
  [{ path: '/locations/all', heading: 'Page locations all', title: 'All Locations' }, 'All Locations | Henhouse'],
  [{ path: '/nope', heading: 'Page nope', notFound: true, title: 'Nope' }, 'Page not found | Henhouse'],
  [{ path: '/privacy-policy', heading: 'Page privacy-policy', title: null }, 'Privacy policy | Henhouse'],
  [
    { path: '/menu/m-louisville', heading: 'Menu page: Henhouse Louisville', title: 'Menu' },
    'Menu · Henhouse Louisville | Henhouse',
  ],
  [{ path: '/menu/m1/product/p8', heading: 'Product page: 8 Nuggets', title: 'Menu' }, '8 Nuggets | Henhouse'],
  [{ path: '/menu/m1/category/c1', heading: 'Category page: Sides', title: 'Menu' }, 'Sides | Henhouse'],
  // Before the screen has named its product, the route's title.
  [{ path: '/menu/m1/product/p8', heading: 'Page menu m1 product p8', title: 'Menu' }, 'Menu | Henhouse'],
  [{ path: '/order/checkout', heading: 'Page order checkout', title: 'Checkout' }, 'Checkout | Henhouse'],
])('%o is titled %s', (page, want) => {
  expect(documentTitle('Henhouse', page)).toBe(want);
});

test('only a heading that names something makes a title', () => {
  expect(namedTitle('Menu page: ')).toBeNull();
  expect(namedTitle('Page menu')).toBeNull();
});

test('a path title reads as words', () => {
  expect(pathTitle('/nutrition-and-allergen/')).toBe('Nutrition and allergen');
  expect(pathTitle('/a/caf%C3%A9_menu')).toBe('Café menu');
  expect(pathTitle('/')).toBe('');
});
