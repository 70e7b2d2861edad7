// Rewards in the cart drawer (the rewards-at-checkout feature flag): a member
// redeems a reward into the cart and removes it again; the totals and the header's
// points follow. A guest is asked to sign in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, signUp as signUpAt, injectAxe } from './harness.mjs';

const site = useSite(before, after);

/** startCart opens a cart at Dayton with two spicy 3 Tenders ($12.98). */
async function startCart(page) {
  assert.equal((await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-dayton' })).status, 201);
  const r = await api(page, 'POST', '/cart/products', {
    product_id: 'tenders-3',
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
  const given = await api(page, 'POST', '/dev/points', { member_id: me.body.user.id, points: 1000 });
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
  // The biscuit itself is in the bag, free, marked as the reward; the total is as before.
  const line = drawer.locator('.hh-cart__line', { hasText: 'Free Buttermilk Biscuit — Reward' });
  await line.getByText('Buttermilk Biscuit', { exact: true }).waitFor();
  await line.getByText('$0.00').waitFor();
  await totals.getByText('$13.92').waitFor();
  assert.equal(await totals.getByText('Free Buttermilk Biscuit').count(), 0);
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

  // The edge agrees: the cart carries the biscuit at $0 as the reward, the points are spent.
  let cart = (await api(page, 'GET', '/cart')).body.cart;
  assert.deepEqual(cart.discounts, []);
  assert.deepEqual(
    cart.products.filter((l) => l.reward).map((l) => [l.name, l.total_cents, l.reward.label]),
    [['Buttermilk Biscuit', 0, 'Free Buttermilk Biscuit — Reward']],
  );
  assert.equal((await api(page, 'GET', '/rewards')).body.points, balance - 200);

  // Remove.
  await line.getByRole('button', { name: 'Remove Free Buttermilk Biscuit — Reward' }).click();
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
  assert.deepEqual(
    cart.products.map((l) => l.name),
    ['3 Tenders'],
  );
  assert.equal((await api(page, 'GET', '/rewards')).body.points, balance);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a member who redeems the free biscuit and orders sees the biscuit on the confirmation, at $0.00 as the reward', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors);
  await signUpAt(page, site.edge.base, 'biscuit@example.com', '5135550143');
  const me = await api(page, 'GET', '/user');
  assert.equal((await api(page, 'POST', '/dev/points', { member_id: me.body.user.id, points: 1000 })).status, 200);
  await startCart(page);
  const redeemed = await api(page, 'POST', '/rewards/free-biscuit/redeem');
  assert.equal(redeemed.status, 200, JSON.stringify(redeemed.body));
  // For the first open time, whatever the hour the test runs at.
  const { body: times } = await api(page, 'GET', '/locations/oh-dayton/times');
  const slot = times.days.flatMap((d) => d.slots).find((x) => x.available);
  assert.equal((await api(page, 'PUT', '/cart/time', { mode: 'advance', at: slot.at })).status, 200);

  await page.goto(site.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.getByText('Free Buttermilk Biscuit — Reward').waitFor();
  for (const [label, value] of [
    ['First name', 'Ada'],
    ['Last name', 'Lovelace'],
    ['Email', 'biscuit@example.com'],
    ['Phone', '5135550143'],
  ]) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.inputValue()) === '') await field.fill(value);
  }
  const newCard = page.getByLabel(/new credit or debit card/i);
  if ((await newCard.count()) > 0) await newCard.check();
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Expiry date').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Billing ZIP code').fill('45402');
  await page.getByRole('button', { name: /^Place order/ }).click();

  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  const biscuit = page.locator('.hh-order__lines li', { hasText: 'Buttermilk Biscuit' });
  await biscuit.getByText('1 × Buttermilk Biscuit').waitFor();
  await biscuit.getByText('$0.00').waitFor();
  await biscuit.getByText('Free Buttermilk Biscuit — Reward').waitFor();
  await page.locator('.hh-order__lines li', { hasText: '2 × 3 Tenders' }).getByText('$12.98').waitFor();
  // The order the kitchen works from lists it too, and the points were spent once.
  const id = page.url().split('/').pop();
  const { body } = await api(page, 'GET', '/orders/' + id);
  assert.deepEqual(
    body.order.products.map((l) => [l.name, l.quantity, l.total_cents, l.reward?.label ?? '']),
    [
      ['3 Tenders', 2, 1298, ''],
      ['Buttermilk Biscuit', 1, 0, 'Free Buttermilk Biscuit — Reward'],
    ],
  );
  assert.deepEqual(body.order.discounts, []);
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
