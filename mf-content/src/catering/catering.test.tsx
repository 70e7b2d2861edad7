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
    // 25 guests to start, 5 more a press.
    await user.click(await screen.findByRole('button', { name: 'Increase number of guests' }));
    expect(screen.getByRole('group', { name: 'Number of guests' })).toHaveTextContent('30');
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
      menu_id: 'm-standard',
    });
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await screen.findByText(/^Added the suggestion for 30 guests to your cart/);
    const adds = api.calls.filter((c) => c.path === '/cart/products').map((c) => c.body);
    expect(adds).toEqual(est.lines.map((l) => ({ product_id: l.package_id, quantity: l.quantity })));
    expect(useAppStore.getState().cart?.products.every((p) => p.catering)).toBe(true);
  });

  it('counts guests 5 at a time within the catering limits, the usual sizes one press away', async () => {
    mockApi({
      'GET /catering': real('GET /api/catering'),
      'GET /catering/search': real('GET /api/catering/search tray'),
    });
    const user = setupUser();
    mount(Page, '/catering');
    const count = await screen.findByRole('group', { name: 'Number of guests' });
    const fewer = screen.getByRole('button', { name: 'Decrease number of guests' });
    for (let i = 0; i < 6; i++) await user.click(fewer);
    expect(count).toHaveTextContent('5'); // 25 → 5, the smallest catering order, and no lower
    expect(fewer).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('radio', { name: '100' }));
    expect(count).toHaveTextContent('100');
    await user.click(screen.getByRole('button', { name: 'Increase number of guests' }));
    expect(count).toHaveTextContent('105');
    expect(screen.getByRole('radio', { name: '100' })).not.toBeChecked();
    // Every choice is a kit control: no bare native radio, checkbox or select.
    const bare = [...document.querySelectorAll('input[type=radio], input[type=checkbox], select')].filter(
      (el) => !el.closest('[data-hh-control]'),
    );
    expect(bare).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Occasion (optional)' })).toHaveValue('');
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
        menu_id: 'm-standard',
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
    // Each card shows its picture, price and servings, at list prices before a location.
    const small = real<{ packages: { name: string; price_cents: number; image: string }[] }>(
      'GET /api/catering/search tray',
    ).body.packages.find((p) => p.name === 'Tender Tray (small)')!;
    const card = screen.getByRole('heading', { name: small.name }).closest('article')!;
    expect(card).toHaveTextContent(`$${(small.price_cents / 100).toFixed(2)} · serves 10 a tray`);
    expect(card.querySelector('img')).toHaveAttribute('src', small.image);
    expect(small.image).toBe('/static/img/products/tray-tenders.webp');
    expect(screen.getByRole('link', { name: 'Choose a location' })).toHaveAttribute('href', '/locations');
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });
});
