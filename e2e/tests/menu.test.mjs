// Ordering from the menu as a new guest in Chromium (docs/menu.md): a location's menu,
// quick add, a product's choices with their rules and allergens, the cart drawer, filters,
// the 404 of an unknown product, keyboard only, and axe at phone and desktop widths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi, seriousViolations } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

async function openMenu(page, path = '/menu/m-standard') {
  await page.goto(site.edge.base + path);
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
}

const cartCount = (page) => page.locator('.hh-cart-button .visually-hidden').textContent();

/** The kit's toast after an add ("Added 3 Tenders", with "View cart"). */
const toast = (page, message) => page.locator('.hh-toast').filter({ hasText: message });

/** answerWhichLocation answers the question a menu opened by a link asks before the first
 *  item (docs/menu.md, "Choosing a location"): Louisville, found by its city. */
async function answerWhichLocation(page) {
  const dialog = page.getByRole('dialog', { name: 'Which location?' });
  await dialog.getByLabel('City, state or ZIP code').fill('Louisville, KY');
  await dialog.getByLabel('City, state or ZIP code').press('Enter');
  await dialog.getByRole('button', { name: 'Order from Henhouse Louisville' }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('the whole path: location → menu → Order now → a flavour → add → the drawer shows the line with its choices and allergens', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await page.goto(site.edge.base + '/locations');
  await page.getByRole('combobox', { name: 'Address, city, state or ZIP code' }).fill('Louisville, KY');
  await page.getByRole('combobox', { name: 'Address, city, state or ZIP code' }).press('Enter');
  await page.getByRole('button', { name: 'Order here at Henhouse Louisville' }).click();
  await page.waitForURL(/\/menu\/m-standard$/);
  await page.getByText('Ordering from').getByText('Henhouse Louisville').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'Menu page: Henhouse Louisville');

  await page.getByRole('link', { name: 'Order now: 2 Piece Chicken' }).click();
  await page.getByRole('heading', { name: '2 Piece Chicken', level: 2 }).waitFor();
  assert.equal(await page.locator('h1').textContent(), 'Product page: 2 Piece Chicken');
  // Defaults are pre-selected; each group states its rule and what is chosen.
  const flavor = page.getByRole('group', { name: /^Flavor/ });
  await flavor.getByText('Choose 1', { exact: true }).waitFor();
  await flavor.getByText('Selected: Original').waitFor();
  await flavor.getByRole('radio', { name: /Honey Butter/ }).click();
  await flavor.getByText('Selected: Honey Butter', { exact: false }).waitFor();
  // Honey butter brings dairy: the allergens follow the choice.
  const allergens = page.getByRole('region', { name: 'Allergens as you’ve chosen it' });
  await allergens.getByText('Contains dairy', { exact: true }).waitFor();
  await page
    .getByRole('group', { name: /^Dipping sauces/ })
    .getByRole('checkbox', { name: /Ranch/ })
    .click();
  const add = page.getByRole('button', { name: /^Add to cart/ });
  await add.click();
  // A toast says it, focus stays on the button, and the header count follows.
  await toast(page, 'Added 2 Piece Chicken').waitFor();
  assert.equal(await add.evaluate((el) => el === document.activeElement), true, 'focus stays on Add to cart');
  assert.equal(await cartCount(page), 'Cart, 1 item');

  await toast(page, 'Added 2 Piece Chicken').getByRole('button', { name: 'View cart' }).click();
  const drawer = page.getByRole('dialog');
  const line = drawer.getByRole('listitem').filter({ hasText: '2 Piece Chicken' }).first();
  await line.getByText(/Honey Butter/).waitFor();
  await line.getByText(/Ranch/).first().waitFor();
  for (const m of ['Contains dairy', 'Contains egg', 'Contains milk', 'Contains wheat']) {
    assert.equal(await line.getByText(m, { exact: true }).count(), 1, m);
  }
  await line.getByText('Fried in the same oil as our catfish and shrimp.').waitFor();

  // Editing the line opens its page with its choices and saves back to the same line.
  await line.getByRole('link', { name: 'Edit 2 Piece Chicken' }).click();
  await page.getByRole('button', { name: /^Save changes/ }).waitFor();
  assert.equal(await page.getByRole('radio', { name: /Honey Butter/ }).isChecked(), true);
  await page.getByRole('radio', { name: /^Spicy/ }).click();
  await page.getByRole('button', { name: /^Save changes/ }).click();
  const saved = page.getByRole('dialog').getByRole('listitem').filter({ hasText: '2 Piece Chicken' });
  await saved.getByText(/Spicy/).first().waitFor();
  assert.equal(await saved.count(), 1);
  assert.equal(await saved.getByText('Contains dairy', { exact: true }).count(), 1, 'ranch still brings dairy');
  assert.equal(await cartCount(page), 'Cart, 1 item');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a menu opened by a link in a fresh browser: Add asks which location, and the cart starts only where the guest chose', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await openMenu(page);
  // No location is chosen for the guest.
  await page.getByText('No location chosen yet.').waitFor();
  assert.equal(await page.getByText('Ordering from').count(), 0);
  await page.getByRole('button', { name: 'Add: 3 Tenders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Which location?' });
  await dialog.getByText('Choose the location that will make your 3 Tenders.').waitFor();
  // Asked, not added: there is no cart, at Columbus Downtown or anywhere.
  assert.equal((await pageApi(page, 'GET', '/cart')).body.cart, null);
  assert.equal(await cartCount(page), 'Cart, 0 items');
  // By keyboard: the search has focus, Enter finds, Tab reaches the locations.
  const search = dialog.getByLabel('City, state or ZIP code');
  assert.equal(await search.evaluate((el) => el === document.activeElement), true, 'the search has focus');
  await page.keyboard.type('Louisville, KY');
  await page.keyboard.press('Enter');
  const louisville = dialog.getByRole('button', { name: 'Order from Henhouse Louisville' });
  await louisville.waitFor({ timeout: 15000 });
  assert.deepEqual(await seriousViolations(page), []);
  for (let i = 0; i < 10 && !(await louisville.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  // The chosen location is on the page, and the item is in a cart there.
  await page.getByText('Ordering from').getByText('Henhouse Louisville').waitFor();
  await toast(page, 'Added 3 Tenders').waitFor();
  const { cart } = (await pageApi(page, 'GET', '/cart')).body;
  assert.equal(cart.location_id, 'ky-louisville');
  assert.equal(cart.item_count, 1);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('quick add takes the defaults and announces; a product without defaults opens its page', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await openMenu(page);
  await page.getByRole('button', { name: 'Add: 3 Tenders' }).click();
  await answerWhichLocation(page);
  await toast(page, 'Added 3 Tenders').waitFor();
  assert.equal(await cartCount(page), 'Cart, 1 item');
  // Family sides have no defaults: Add opens the page, which says what is missing.
  await page.getByRole('button', { name: 'Add: 8 Piece Family Meal' }).click();
  await page.getByRole('heading', { name: '8 Piece Family Meal', level: 2 }).waitFor();
  // The add bar says what is missing; pressing it moves focus to that group.
  const add = page.getByRole('button', { name: 'Choose Family sides' });
  assert.equal(await add.getAttribute('aria-disabled'), 'true');
  await page.getByText('To add this, Family sides: choose 2.').waitFor();
  await add.focus();
  await page.keyboard.press('Enter'); // refused, with the reason at the group
  await page.waitForFunction(() =>
    document.activeElement?.closest('fieldset')?.textContent?.startsWith('Family sides'),
  );
  assert.equal(await cartCount(page), 'Cart, 1 item');
  await page
    .getByRole('group', { name: /^Family sides/ })
    .getByText('Family sides: choose 2', { exact: true })
    .waitFor();
  await page.getByRole('button', { name: 'Increase quantity of Large Fries' }).click();
  await page.getByRole('button', { name: 'Increase quantity of Large Green Beans' }).click();
  await page.getByText('To add this,').waitFor({ state: 'detached' });
  const ready = page.getByRole('button', { name: /^Add to cart · \$\d+\.\d\d$/ });
  assert.equal(await ready.getAttribute('aria-disabled'), null);
  await ready.click();
  await toast(page, 'Added 8 Piece Family Meal').waitFor();
  assert.equal(await cartCount(page), 'Cart, 2 items');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('nested options: a combo drink has its own ice, which follows the drink into the cart', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await page.goto(site.edge.base + '/menu/m-standard/product/combo-2pc');
  await page.getByRole('group', { name: 'Ice for Sweet Tea' }).waitFor({ timeout: 15000 });
  await page
    .getByRole('group', { name: /^Drink/ })
    .getByRole('radio', { name: 'Cola', exact: true })
    .click();
  assert.equal(await page.getByRole('group', { name: 'Ice for Sweet Tea' }).count(), 0);
  const ice = page.getByRole('group', { name: 'Ice for Cola' });
  assert.equal(await ice.getByRole('radio', { name: 'Regular ice' }).isChecked(), true);
  await ice.getByRole('radio', { name: 'No ice' }).click();
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await answerWhichLocation(page);
  await toast(page, 'Added 2 Piece Combo').waitFor();
  await toast(page, 'Added 2 Piece Combo').getByRole('button', { name: 'View cart' }).click();
  await page
    .getByRole('dialog')
    .getByText(/Cola, No ice/)
    .waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('filters: "no gluten" hides those products, the count is announced and the URL can be shared', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await openMenu(page);
  // The screen's products (the page's copy of its top has none).
  await page.getByRole('heading', { name: '2 Piece Chicken', exact: true }).waitFor();
  assert.equal(await page.getByRole('heading', { name: '2 Piece Chicken', exact: true }).count(), 1);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('checkbox', { name: 'No gluten' }).click();
  await page.waitForURL(/exclude=gluten/);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  assert.equal(
    await page.getByRole('button', { name: 'Filters (1)' }).evaluate((el) => el === document.activeElement),
    true,
    'focus returns to the Filters button',
  );
  await page
    .getByRole('status')
    .filter({ hasText: /^\d+ items match$/ })
    .waitFor();
  assert.equal(await page.getByRole('heading', { name: '2 Piece Chicken', exact: true }).count(), 0);
  assert.equal(await page.getByRole('heading', { name: 'Green Beans', exact: true }).count(), 1);
  // The shared link opens the same filtered menu.
  const page2 = await newPage(site.browser, errors, { viewport: desktop });
  await page2.goto(page.url());
  await page2.getByRole('heading', { name: 'Green Beans', exact: true }).waitFor({ timeout: 15000 });
  assert.equal(await page2.getByRole('heading', { name: '2 Piece Chicken', exact: true }).count(), 0);
  await page2.getByRole('button', { name: 'Filters (1)' }).click();
  assert.equal(
    await page2.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: 'No gluten' }).isChecked(),
    true,
  );
  await page2.getByRole('button', { name: 'Show results' }).click();
  // Search matches category descriptions: "scratch" finds the sides.
  await page2.getByRole('searchbox', { name: 'Search the menu' }).fill('scratch');
  await page2.getByRole('heading', { name: 'Sides', level: 2 }).waitFor();
  assert.equal(await page2.getByRole('heading', { name: 'Desserts', level: 2 }).count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
  await page2.context().close();
});

// Sections far below the window are not drawn until the guest comes near them (menu.css,
// .hh-menu-section); until then their height is an estimate. A category chosen from the
// bar still lands with its heading just under the bar, the first time too.
test('a section far down the menu is drawn when the guest gets near it, and its category link lands on it', async () => {
  for (const viewport of [phone, desktop]) {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    await openMenu(page);
    await page.locator('.hh-menu[data-screen="mf-menu/Menu"]:not([data-screen-loading])').waitFor();
    const drawn = (id) =>
      page.evaluate((id) => document.querySelector(`#${id} h2`).checkVisibility({ contentVisibilityAuto: true }), id);
    assert.equal(await drawn('category-desserts'), false, 'Desserts is not drawn before the guest goes there');
    const bar = page.getByRole('navigation', { name: 'Menu categories' });
    for (const name of ['Desserts', 'Combos', 'Catering']) {
      await bar.getByRole('link', { name, exact: true }).click();
      const heading = page.getByRole('heading', { name, exact: true, level: 2 });
      // Where the heading comes to rest, against the bottom of the sticky bar.
      let top = null;
      for (let i = 0; i < 40; i++) {
        await page.waitForTimeout(100);
        const now = await heading.evaluate((h) => Math.round(h.getBoundingClientRect().top));
        if (now === top) break;
        top = now;
      }
      const barBottom = await bar.evaluate((b) => Math.round(b.getBoundingClientRect().bottom));
      assert.ok(
        top >= barBottom - 2 && top <= barBottom + 200,
        `${name} at ${viewport.width} px: ${top} px, bar ends at ${barBottom}`,
      );
      assert.equal(await heading.evaluate((h) => h === document.activeElement), true, `${name} has focus`);
    }
    assert.equal(await drawn('category-catering'), true, 'Catering is drawn once the guest is there');
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('the menu page needs one request to /api once its screen has loaded', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  const calls = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') && u.pathname !== '/api/content/popups') calls.push(u.pathname);
  });
  await openMenu(page);
  // Every section is there, and a moment more for any late request.
  await page.locator('.hh-menu[data-screen="mf-menu/Menu"]:not([data-screen-loading])').waitFor();
  await page.waitForTimeout(500);
  assert.deepEqual(calls, ['/api/menus/m-standard']);
  const products = await page.locator('.hh-product-card').count();
  assert.ok(products >= 60, `${products} products`);
  await page.context().close();
});

test('an unknown product, category or menu is the 404 page', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  for (const path of ['/menu/m-standard/product/no-such', '/menu/m-standard/category/no-such', '/menu/no-such-menu']) {
    const r = await page.goto(site.edge.base + path);
    assert.equal(r.status(), 404, path);
    await page.getByText('This page could not be found').waitFor();
  }
  const r = await page.goto(site.edge.base + '/menu/m-standard/category/sides');
  assert.equal(r.status(), 200);
  await page.getByRole('heading', { name: 'Green Beans', exact: true }).waitFor({ timeout: 15000 });
  assert.equal(await page.locator('h1').textContent(), 'Category page: Sides');
  await page.context().close();
});

test('keyboard only: through a product’s groups to the cart', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await page.goto(site.edge.base + '/menu/m-standard/product/tenders-3');
  await page.getByRole('heading', { name: '3 Tenders', level: 2 }).waitFor({ timeout: 15000 });
  await page.getByRole('radio', { name: /Original/ }).focus();
  await page.keyboard.press('ArrowRight'); // the next flavour
  assert.equal(await page.getByRole('radio', { name: /Spicy/ }).isChecked(), true);
  await page.keyboard.press('Tab'); // to the dips
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  const focused = await page.evaluate(() => document.activeElement?.closest('label')?.textContent);
  assert.ok(focused, 'a dip is focused');
  // Through the counters to the add button.
  for (let i = 0; i < 30; i++) {
    const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (name.startsWith('Add to cart')) break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  // Which location: the search has focus; Enter finds, Tab reaches a location, Enter chooses.
  const dialog = page.getByRole('dialog', { name: 'Which location?' });
  await dialog.waitFor();
  await page.keyboard.type('Louisville, KY');
  await page.keyboard.press('Enter');
  const louisville = dialog.getByRole('button', { name: 'Order from Henhouse Louisville' });
  await louisville.waitFor({ timeout: 15000 });
  for (let i = 0; i < 10 && !(await louisville.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await toast(page, 'Added 3 Tenders').waitFor();
  assert.equal(await cartCount(page), 'Cart, 1 item');
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const viewport of [phone, desktop]) {
  for (const [path, ready] of [
    ['/menu/m-standard', '.hh-product-card'],
    ['/menu/m-standard/product/combo-2pc', 'form.hh-product__form'],
    ['/menu/m-standard/category/breakfast', '.hh-product-card'],
  ]) {
    test(`${path} at ${viewport.width} px has no serious accessibility violations`, async () => {
      const page = await newPage(site.browser, [], { viewport });
      await page.goto(site.edge.base + path);
      await page.locator(ready).first().waitFor({ timeout: 15000 });
      const serious = await seriousViolations(page);
      assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
      await page.context().close();
    });
  }
}
