// Rewards in the cart drawer (the rewards-at-checkout feature flag): a member
// redeems a reward into the cart and removes it again; the totals and the header's
// points follow. A guest is asked to sign in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, signUp as signUpAt, injectAxe } from './harness.mjs';

const site = useSite(before, after);

/** startCart opens a cart at Dayton with two spicy 3 Tenders ($12.98). */
async function startCart(page) {
  assert.equal((await api(page, 'POST', '/cart', { menuId: 'm-standard', locationId: 'oh-dayton' })).status, 201);
  const r = await api(page, 'POST', '/cart/products', {
    productId: 'tenders-3',
    quantity: 2,
    modifiers: [{ id: 'flv-spicy' }],
  });
  assert.equal(r.status, 201);
  assert.equal(r.body.cart.totals.subtotal_cents, 1298);
}

const focusedText = (page) => page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim());

test('a member redeems a reward in the cart drawer, sees it off the total and the points drop, removes it and gets the points back', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors);
  await signUpAt(page, site.edge.base, 'rewards@example.com', '5135550142');
  await page
    .locator('header')
    .getByText(/^\d[\d,]* Points$/)
    .waitFor();

  // Support gives the member 1,000 points.
  const me = await api(page, 'GET', '/user');
  const before = me.body.user.points;
  const given = await api(page, 'POST', '/dev/points', { memberId: me.body.user.id, points: 1000 });
  assert.equal(given.status, 200);
  assert.equal(given.body.user.points, before + 1000);
  const balance = before + 1000;

  await startCart(page);
  await page.goto(site.edge.base + '/about'); // start-up loads the cart and the member's rewards
  const header = page.locator('header');
  await header.getByText(`${balance} Points`).waitFor();

  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByText('3 Tenders').waitFor();
  const totals = drawer.locator('dl.hh-cart__totals');
  await totals.getByText('$13.92').waitFor(); // $12.98 and Dayton's tax

  // The "Rewards" disclosure: closed, with the balance.
  const toggle = drawer.getByRole('button', { name: /^Rewards/ });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.match(await toggle.textContent(), new RegExp(`${balance.toLocaleString('en-US')} Pts available`));
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(await drawer.getByRole('button', { name: 'Redeem Free 8-Piece Family Meal' }).isDisabled(), true);
  await drawer.getByText(`${(2000 - balance).toLocaleString('en-US')} more points`).waitFor();

  // Redeem.
  const redeem = page.waitForResponse(
    (r) => r.url().endsWith('/api/rewards/free-biscuit/redeem') && r.request().method() === 'POST',
  );
  await drawer.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' }).click();
  assert.equal((await redeem).status(), 200);
  await drawer
    .getByRole('status')
    .filter({ hasText: 'Free Buttermilk Biscuit added to your order' })
    .waitFor({ state: 'attached' });
  const line = totals.locator('.hh-cart__total-row', { hasText: 'Free Buttermilk Biscuit' });
  await line.getByText('−$1.49').waitFor();
  await totals.getByText('$12.32').waitFor();
  await header.getByText(`${balance - 200} Points`).waitFor();
  assert.match(await toggle.textContent(), new RegExp(`${(balance - 200).toLocaleString('en-US')} Pts available`));
  assert.equal(await focusedText(page), 'Redeem Free Regular Drink');
  assert.equal(await drawer.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' }).count(), 0);

  // No serious accessibility problems in the drawer with the rewards open and one applied.
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document.querySelector('[data-testid="cart-drawer"]'), { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
  });
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));

  // The edge agrees: the cart carries the reward, the points are spent.
  let cart = (await api(page, 'GET', '/cart')).body.cart;
  assert.deepEqual(
    cart.discounts.map((d) => [d.kind, d.label, d.amount_cents]),
    [['reward', 'Free Buttermilk Biscuit', 149]],
  );
  assert.equal((await api(page, 'GET', '/rewards')).body.points, balance - 200);

  // Remove.
  await line.getByRole('button', { name: 'Remove Free Buttermilk Biscuit' }).click();
  await drawer
    .getByRole('status')
    .filter({ hasText: 'Free Buttermilk Biscuit removed. 200 points are back in your balance.' })
    .waitFor({ state: 'attached' });
  await line.waitFor({ state: 'detached' });
  await totals.getByText('$13.92').waitFor();
  await header.getByText(`${balance} Points`).waitFor();
  assert.match(await focusedText(page), /^Rewards/);
  await drawer.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' }).waitFor();

  cart = (await api(page, 'GET', '/cart')).body.cart;
  assert.deepEqual(cart.discounts, []);
  assert.equal((await api(page, 'GET', '/rewards')).body.points, balance);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a guest is asked to sign in from the cart drawer and comes back to the page', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/about');
  await startCart(page);
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  const link = drawer.getByRole('link', { name: 'Sign in to use your rewards' });
  assert.equal(await link.getAttribute('href'), '/account/signin?return=%2Fabout');
  assert.equal(await drawer.getByRole('button', { name: /^Rewards/ }).count(), 0);
  await link.click();
  await page.waitForURL(/\/account\/signin\?return=%2Fabout$/);
  await drawer.waitFor({ state: 'detached' });
  await page.context().close();
});
