import { documentTitle } from './heading';

// The same rule as the edge's (edge/internal/page/render.go, Shell.Title).
test.each([
  [{ path: '/', heading: 'Page home' }, 'Henhouse'],
  [{ path: '/contact', heading: 'Page contact', title: 'Contact Us' }, 'Contact Us | Henhouse'],
  [{ path: '/locations/all', heading: 'Page locations all' }, 'Page locations all | Henhouse'],
  [{ path: '/nope', heading: 'Page nope', notFound: true, title: 'Nope' }, 'Page not found | Henhouse'],
  [{ path: '/about', heading: 'Page about', title: null }, 'Page about | Henhouse'],
])('%o is titled %s', (page, want) => {
  expect(documentTitle('Henhouse', page)).toBe(want);
});
