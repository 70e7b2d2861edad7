// A whole order by keyboard alone in Chromium (docs/accessibility.md, "Keyboard"): no
// mouse, no clicks. Home → find a location → choose it → menu → a product with a
// choice of each kind → add → the cart drawer → an advance date and time → checkout,
// the card typed into the processor's frame → confirmation. Every control on the way is
// reached with Tab and shows its focus; the drawer gives focus back to its opener.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, tabUntil } from './harness.mjs';

// Noon in Ohio, so the restaurants are open and have times today and later.
const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_SPEED: '120', ORDER_CLOCK_START: noonInOhio });
const desktop = { width: 1280, height: 900 };

test('a whole order by keyboard alone, every control visibly focused', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  const go = async (locator, key = 'Enter', opts) => {
    assert.equal(await tabUntil(page, locator, opts), 'visible', `no visible focus on ${locator}`);
    if (key) await page.keyboard.press(key);
  };

  await page.goto(site.edge.base + '/');
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor({ timeout: 15000 });
  await go(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }));
  await page.waitForURL(/\/locations$/);
  // The screen's code may still be on its way after the address changes: Tab only once
  // the search is there, as a keyboard user waits for it.
  await page.locator('[data-screen="mf-locations/Search"]').waitFor({ timeout: 15000 });

  const search = page.getByRole('combobox', { name: 'Address, city, state or ZIP code' });
  await go(search, null);
  await page.keyboard.type('Louisville, KY');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Order here at Henhouse Louisville' }).waitFor({ timeout: 15000 });
  await go(page.getByRole('button', { name: 'Order here at Henhouse Louisville' }));
  await page.waitForURL(/\/menu\/m-standard$/);
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });

  await go(page.getByRole('link', { name: 'Order now: 3 Tenders' }), 'Enter', { max: 120 });
  await page.getByRole('heading', { name: '3 Tenders', level: 2 }).waitFor();
  // A radio group: Tab reaches the chosen one, the arrows choose another.
  const flavor = page.getByRole('group', { name: /^Flavor/ });
  await go(flavor.getByRole('radio', { checked: true }), 'ArrowDown');
  await flavor.getByText(/^Selected: (?!Original)/).waitFor();
  // A checkbox: Space ticks it.
  const dips = page.getByRole('group', { name: /^Dipping sauces/ });
  const ticked = await dips.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.checked));
  const dip = dips.getByRole('checkbox').nth(ticked.indexOf(false));
  await go(dip, 'Space');
  assert.equal(await dip.isChecked(), true);
  // A counter: its stepper's "Increase" button.
  await go(page.getByRole('button', { name: /^Increase quantity of Extra / }).first());
  await go(page.getByRole('button', { name: /^Add to cart/ }));
  await page.locator('.hh-toast').filter({ hasText: 'Added 3 Tenders' }).waitFor();

  // The cart drawer: opened from the header, closed with Escape, focus back on its opener.
  const cartButton = page.locator('.hh-cart-button');
  await go(cartButton, 'Enter', { back: true, max: 120 });
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('heading', { name: 'Order Time' }).waitFor({ timeout: 15000 });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  assert.equal(
    await cartButton.evaluate((b) => b === document.activeElement),
    true,
    'focus is back on the cart button',
  );
  await page.keyboard.press('Enter');
  await drawer.getByRole('heading', { name: 'Order Time' }).waitFor({ timeout: 15000 });

  // An advance date and time: the radio group's last choice, then the two selects.
  await go(drawer.getByRole('radio', { checked: true }).last(), null);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await drawer.getByRole('radio', { name: 'Select date and time' }).isChecked(), true);
  // The day chips: Tab reaches the chosen day, an arrow chooses the next one.
  const day = drawer.getByRole('group', { name: 'Select Date' }).getByRole('radio', { checked: true });
  await go(day, 'ArrowRight');
  // The time chips: none chosen yet, so Tab reaches the first; Space chooses it.
  const time = drawer.getByRole('group', { name: 'Select Time' }).getByRole('radio').first();
  await go(time, ' ');
  // The edge keeps the chosen time on the cart; the chip then shows it.
  await page.waitForFunction(() => window.__henhouse.store.getState().cart?.time.mode === 'advance');
  assert.equal(await time.isChecked(), true);

  await go(drawer.getByRole('button', { name: /^Checkout · \$/ }));
  // The drawer's suggestions step shows once they are loaded: Tab from when it is there.
  const proceed = page.getByRole('button', { name: 'Continue to Checkout' });
  await proceed.waitFor({ timeout: 15000 });
  await go(proceed, 'Enter', { max: 20 });
  await page.waitForURL(/\/order\/checkout$/);
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });

  const type = async (locator, text) => {
    await go(locator, null);
    await page.keyboard.type(text);
  };
  await type(page.getByLabel('First name'), 'Kay');
  await type(page.getByLabel('Last name'), 'Board');
  await type(page.getByLabel('Email'), 'kay.keys@example.com');
  await type(page.getByLabel('Phone'), '5025550188');
  const card = page.frameLocator('iframe[title="Card details"]');
  await type(card.getByLabel('Card number'), '4111111111111111');
  await type(card.getByLabel('Expiry date'), '1230');
  await type(card.getByLabel('Security code'), '123');
  await type(card.getByLabel('Billing ZIP code'), '40202');
  await go(page.getByRole('button', { name: /^Place order/ }));
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByRole('heading', { name: 'Thanks, Kay! Your order is in.' }).waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});
