import { screen, within } from '@testing-library/react';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import Sitemap from './Sitemap';

const mountSitemap = () => mount(Sitemap, '/sitemap', { routeId: 'sitemap' });

describe('Sitemap', () => {
  beforeEach(() => resetStore());

  it('lists the site pages and the content pages together, once the content pages are known', async () => {
    mockApi({ 'GET /content/slugs': { body: { slugs: ['home', 'about', 'gift-cards-faq'] } } });
    mountSitemap();
    // Until then one status stands for the list (a list that grew would push the page down).
    const waiting = screen.getByText("Loading the site's pages…");
    expect(waiting).toHaveAttribute('role', 'status');
    expect(screen.getByRole('region', { name: 'Sitemap' })).toHaveAttribute('data-screen-loading');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Home',
      'Find a location',
      'All locations',
      'Menu',
      'Your account',
      'Sign in',
      'Sign up',
      'Contact',
      'Typography',
      'About',
      'Gift Cards Faq',
    ]);
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.queryByText("Loading the site's pages…")).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sitemap' })).not.toHaveAttribute('data-screen-loading');
  });

  it('still lists the site pages when the content pages cannot be loaded', async () => {
    mockApi({ 'GET /content/slugs': { status: 503, body: { error: { code: 'unavailable', message: 'down' } } } });
    mountSitemap();
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('link', { name: 'Find a location' })).toHaveAttribute('href', '/locations');
    expect(within(list).getAllByRole('link')).toHaveLength(9);
  });
});
