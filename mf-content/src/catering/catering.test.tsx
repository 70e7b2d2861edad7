import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, mount, resetStore, setFeatures, setupUser, storeWith } from '@henhouse/kit/test/harness';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import { real } from '../test/recorded';
import { CateringBlock } from './CateringBlocks';
import { forgetCatering } from './useCatering';

const dayton = {
  id: 'oh-dayton',
  name: 'Henhouse Dayton',
  menu_id: 'm-standard',
  time_zone: 'America/New_York',
  services: { transfercart: true },
};

function Page(_: ScreenProps) {
  return (
    <>
      <CateringBlock block={{ component: 'catering_estimator', title: 'How much do I need?' }} />
      <CateringBlock block={{ component: 'catering_menu', title: 'Catering menu' }} />
    </>
  );
}

describe('catering (docs/catering.md)', () => {
  beforeEach(() => {
    resetStore();
    forgetCatering();
    setFeatures({});
  });

  it('estimates for a headcount and appetite, then adds every suggested package to the cart', async () => {
    storeWith({ location: dayton });
    const api = mockApi({
      'GET /catering': real('GET /api/catering'),
      'GET /catering/search': real('GET /api/catering/search tray'),
      'POST /catering/estimate': real('POST /api/catering/estimate'),
      'GET /cart': { body: { cart: null } },
      'POST /cart': real('POST /api/cart'),
      'POST /cart/products': real('POST /api/cart/products'),
    });
    const user = setupUser();
    mount(Page, '/catering');
    const guests = await screen.findByRole('spinbutton', { name: 'Number of guests' });
    await user.clear(guests);
    await user.type(guests, '30');
    await user.click(screen.getByRole('radio', { name: /^Hearty/ }));
    await user.click(screen.getByRole('button', { name: 'Suggest quantities' }));
    const table = await screen.findByRole('table', { name: 'Suggested catering for 30 guests' });
    const est = real<{ estimate: { lines: { name: string; package_id: string; quantity: number }[] } }>(
      'POST /api/catering/estimate',
    ).body.estimate;
    for (const l of est.lines) expect(within(table).getByRole('rowheader', { name: l.name })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/catering/estimate')?.body).toEqual({
      headcount: 30,
      occasion: '',
      appetite: 'hearty',
      menuId: 'm-standard',
    });
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await screen.findByText(/^Added the suggestion for 30 guests to your cart/);
    const adds = api.calls.filter((c) => c.path === '/cart/products').map((c) => c.body);
    expect(adds).toEqual(est.lines.map((l) => ({ productId: l.package_id, quantity: l.quantity })));
    expect(useAppStore.getState().cart?.products.every((p) => p.catering)).toBe(true);
  });

  it('says what headcount it takes before asking the edge', async () => {
    mockApi({
      'GET /catering': real('GET /api/catering'),
      'GET /catering/search': real('GET /api/catering/search tray'),
    });
    const user = setupUser();
    mount(Page, '/catering');
    const guests = await screen.findByRole('spinbutton', { name: 'Number of guests' });
    await user.clear(guests);
    await user.type(guests, '2');
    await user.click(screen.getByRole('button', { name: 'Suggest quantities' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a number of guests from 5 to 500.');
  });

  it('searches by occasion and headcount and says how many of each feed the guests', async () => {
    storeWith({ location: dayton });
    const api = mockApi({
      'GET /catering': real('GET /api/catering'),
      'GET /catering/search': real('GET /api/catering/search'),
    });
    const user = setupUser();
    mount(Page, '/catering');
    await user.click(await screen.findByRole('radio', { name: /^Birthday Party/ }));
    await user.type(screen.getByRole('spinbutton', { name: 'Guests (optional)' }), '30');
    const found = real<{ packages: { name: string; quantity: number }[] }>('GET /api/catering/search').body.packages;
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/catering/search').pop()!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({
        occasion: 'birthday',
        headcount: '30',
        menuId: 'm-standard',
      });
    });
    await screen.findByText(`${found.length} packages`);
    const tray = found.find((p) => p.name.startsWith('Nugget'))!;
    expect(screen.getByRole('button', { name: `Add ${tray.quantity}: ${tray.name}` })).toBeInTheDocument();
  });

  it('asks for a location before anything can be ordered', async () => {
    mockApi({
      'GET /catering': real('GET /api/catering'),
      'GET /catering/search': real('GET /api/catering/search tray'),
    });
    mount(Page, '/catering');
    await screen.findByText(/packages$/);
    expect(screen.getByRole('link', { name: 'Choose a location' })).toHaveAttribute('href', '/locations');
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });
});
