import { render, screen, waitFor, within } from '@testing-library/react';
import { mockApi, resetStore } from '@henhouse/kit/test/harness';
import { MemoryRouter } from '@henhouse/kit/router';
import { Blocks } from '../blocks/Blocks';
import type { Nutrition, Product } from '@henhouse/kit/api/types';
import { real } from '../test/recordedNutrition';

const page = () =>
  render(
    <MemoryRouter>
      <Blocks blocks={[{ component: 'nutrition_table', title: 'Calories and allergens by item' }]} />
    </MemoryRouter>,
  );

describe('the nutrition table (docs/menu.md, "Nutrition and allergens")', () => {
  beforeEach(() => resetStore());

  it('lists every product the edge sends with its calories and a column per marker', async () => {
    mockApi({ 'GET /nutrition': real('GET /api/nutrition') });
    page();
    const table = await screen.findByRole('table', { name: /^Calories and allergens of our \d+ menu items$/ });
    const sent = real<{ nutrition: Nutrition }>('GET /api/nutrition').body.nutrition;
    const products = sent.categories.flatMap((c) => c.products);
    expect(table).toHaveAccessibleName(`Calories and allergens of our ${products.length} menu items`);
    // The header row: the item, its calories, then the 14 markers in the edge's order.
    const headers = within(table.querySelector('thead')!)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Item',
      'Calories',
      'Cashew',
      'Dairy',
      'Egg',
      'Fish',
      'Gluten',
      'Milk',
      'Tree nuts',
      'Peanut',
      'Sesame',
      'Shellfish',
      'Soy',
      'Vegan',
      'Walnuts',
      'Wheat',
    ]);
    await waitFor(() => expect(table.querySelectorAll('th[scope="row"]')).toHaveLength(products.length));
    // The calories the product page's answer carries.
    const tenders = real<{ product: Product }>('GET /api/menus/m-standard/products/tenders-3').body.product;
    // (Text queries: role queries over a table of a thousand cells take seconds.)
    const row = within(table).getByText(tenders.name, { selector: 'a' }).closest('tr')!;
    expect(row.querySelector('th')).toHaveAttribute('scope', 'row');
    const cells = [...row.querySelectorAll('td')];
    expect(cells[0]).toHaveTextContent(String(tenders.calories));
    // Marker cells follow the header order: wheat (the last) is there, cashew (the first) is not.
    expect(cells[14]).toHaveTextContent('Contains wheat');
    expect(cells[1]).toHaveTextContent('No');
    // The catfish says fish, and the kitchen note on fried items is shown.
    const catfishLink = within(table).getByText('Catfish Basket', { selector: 'a' });
    const catfish = catfishLink.closest('tr')!;
    expect(catfish.querySelectorAll('td')[4]).toHaveTextContent('Contains fish');
    expect(catfish).toHaveTextContent('Fried in the same oil as our catfish and shrimp.');
    expect(catfishLink).toHaveAttribute('href', '/menu/m-standard/product/catfish-basket');
    // Categories group the rows.
    expect(within(table).getByText('Seafood & Salads', { selector: 'th' })).toHaveAttribute('scope', 'colgroup');
  });

  it('scrolls inside a region named by its caption, reachable by keyboard', async () => {
    mockApi({ 'GET /nutrition': real('GET /api/nutrition') });
    page();
    const region = await screen.findByRole('region', { name: /^Calories and allergens of our/ });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('says so when the table cannot be read', async () => {
    mockApi({ 'GET /nutrition': { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } } });
    page();
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
