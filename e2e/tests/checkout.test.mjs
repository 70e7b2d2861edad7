// Checking out as a new guest and as a member in Chromium (docs/checkout.md): a card in
// the processor's hosted fields, the confirmation whose status moves on by itself, the
// delivery minimum, a gift card with a card, a stored card and a reward, a double click,
// a declined card, the native app's bridge, keyboard only, and axe at 390 and 1280 px.
// The edge's ordering clock starts at noon in Ohio (so the restaurants are open whatever
// the hour of the run) and its kitchen works 120 times faster, so a 15-minute order is
// ready in under ten seconds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { useSite, newPage, pageApi as api, seriousViolations, signUp, tabTo, watchIntl } from './harness.mjs';

const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_SPEED: '120', ORDER_CLOCK_START: noonInOhio });
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const CARD = '4111 1111 1111 1111';

/** startCart: a cart at Columbus Downtown (pickup, ASAP) with items worth `quantity` × $6.49. */
async function startCart(page, { quantity = 2, location = 'oh-columbus-downtown' } = {}) {
  await page.goto(site.edge.base + '/locations');
  assert.equal((await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: location })).status, 201);
  const r = await api(page, 'POST', '/cart/products', {
    product_id: 'tenders-3',
    quantity,
    modifiers: [{ id: 'flv-spicy' }],
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.cart;
}

async function openCheckout(page) {
  await page.goto(site.edge.base + '/order/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
}

async function fillContact(page, who = {}) {
  await page.getByLabel('First name').fill(who.first ?? 'Grace');
  await page.getByLabel('Last name').fill(who.last ?? 'Hopper');
  await page.getByLabel('Email').fill(who.email ?? 'grace@example.com');
  await page.getByLabel('Phone').fill(who.phone ?? '6145550134');
}

/** fillCard types a card into the processor's frame, as a guest does. */
async function fillCard(page, number = CARD) {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Billing ZIP code').fill('43215');
  return frame;
}

const placeOrder = (page) => page.getByRole('button', { name: /^Place order/ });

test('a guest pays for a pickup order by card: the confirmation shows the order, and its status reaches ready without a reload', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  const requests = [];
  page.on('request', (r) => requests.push({ url: r.url(), body: r.postData() ?? '' }));
  await startCart(page);
  await openCheckout(page);
  await page.getByText('In-store pickup at Henhouse Columbus Downtown').waitFor();
  await page.getByText('As soon as possible').waitFor();
  await fillContact(page);
  const frame = await fillCard(page);
  await frame.getByText('Visa', { exact: true }).waitFor();
  await page.locator('.hh-card-brand.is-detected').getByText('Visa').waitFor();
  await placeOrder(page).click();

  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByRole('heading', { name: 'Thanks, Grace! Your order is in.' }).waitFor();
  const orderId = await page.getByTestId('order-id').textContent();
  assert.ok(page.url().endsWith('/order/confirm/' + orderId));
  await page.getByText('Visa •••• 1111', { exact: false }).waitFor();
  await page.getByText('2 × 3 Tenders').waitFor();
  // The kitchen moves the order along; the page follows without a reload.
  await page.getByTestId('order-status').getByText('Your order is ready at the counter.').waitFor({ timeout: 30000 });
  assert.equal(
    await page
      .locator('[aria-current="step"]')
      .textContent()
      .then((t) => t.startsWith('Ready')),
    true,
  );

  // The card number went only to the processor, from its frame.
  const carried = requests.filter((r) => r.body.includes('4111111111111111'));
  assert.deepEqual(
    carried.map((r) => new URL(r.url).pathname),
    ['/api/payments/cards'],
  );
  assert.ok(!(await page.content()).includes('4111'), 'the page outside the frame never holds the number');
  assert.ok(
    !site.edge.log().includes('4111111111111111') && !site.edge.log().includes('4111 1111'),
    'the edge log never holds it',
  );
  assert.deepEqual(errors, []);

  // Opened again (a reload, a link from the receipt), the confirmation writes its times
  // as Intl would, in the restaurant's zone, without making an Intl object.
  const again = await page.context().newPage();
  await again.addInitScript(watchIntl);
  await again.goto(site.edge.base + '/order/confirm/' + orderId);
  const ready = await again.locator('.hh-order__where strong').first().textContent();
  const { body } = await api(again, 'GET', '/orders/' + orderId);
  const at = (o) => new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'America/New_York' });
  const day = (d) => at({ weekday: 'long', month: 'short', day: 'numeric' }).format(d);
  const readyAt = new Date(body.order.ready_at);
  const time = at({ hour: 'numeric', minute: '2-digit' }).format(readyAt).replace(/\s/g, ' ');
  assert.equal(ready, `${day(readyAt) === day(new Date()) ? 'Today' : day(readyAt)} at ${time}`);
  assert.deepEqual(await again.evaluate(() => window.__intlMade), []);
  await again.close();

  // Another visitor cannot read the order: it is a 404 to them.
  const other = await newPage(site.browser, [], { viewport: desktop });
  await other.goto(site.edge.base + '/order/confirm/' + orderId);
  await other.getByRole('heading', { name: 'This page could not be found' }).waitFor();
  assert.equal((await api(other, 'GET', '/orders/' + orderId)).status, 404);
  // Without an id, the confirmation shows this visitor's most recent order.
  await page.goto(site.edge.base + '/order/confirm');
  await page.getByTestId('order-id').getByText(orderId).waitFor();
  await other.goto(site.edge.base + '/order/confirm');
  await other.getByRole('heading', { name: 'No recent order' }).waitFor();
});

test('the receipt mail: the order number said large on the confirmation is in the receipt, with the lines and the total', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  // Dayton: the orders of this file at Columbus Downtown fill its ASAP slot (8 orders).
  await startCart(page, { location: 'oh-dayton' });
  await openCheckout(page);
  await fillContact(page, { first: 'Mary', last: 'Jackson', email: 'mary.receipt@example.com' });
  await page.getByRole('radio', { name: 'Pay in store' }).check();
  await placeOrder(page).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  const number = (await page.getByTestId('order-number').textContent()).trim();
  assert.match(number, /^\d{3}$/);
  assert.match(await page.locator('.hh-order__short').textContent(), new RegExp(`^Order ${number}$`));
  const orderId = await page.getByTestId('order-id').textContent();
  assert.ok(page.url().endsWith('/order/confirm/' + orderId));
  const total = await page.locator('.hh-order__total dd').textContent();

  // The developer outbox shows the receipt the guest was sent, once.
  const box = await page.context().newPage();
  await box.goto(site.edge.base + '/dev/outbox?email=mary.receipt%40example.com');
  const row = box.getByRole('row').filter({ hasText: `Your Henhouse order ${number}: receipt` });
  await row.waitFor();
  assert.equal(await row.count(), 1);
  const mail = await row.innerText();
  for (const want of [
    'Hi Mary,',
    `Your order number is ${number}.`,
    'In-store pickup at Henhouse Dayton',
    '2 × 3 Tenders',
    'Spicy',
    'Contains: ',
    `Total: ${total}`,
    `Pay in store: ${total} (Pay when you collect it)`,
    `Order id: ${orderId}`,
  ]) {
    assert.ok(mail.includes(want), `the receipt lacks "${want}":\n${mail}`);
  }
  await box.close();
});

test('delivery below the minimum: the drawer and checkout say what is missing, Place order says why, and no card is tokenised', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await startCart(page, { quantity: 1 }); // $6.49 of food at Columbus Downtown, whose minimum is $20.00
  const d = await api(page, 'PUT', '/cart/handoff', {
    mode: 'delivery',
    address: { street: '50 W Broad St', city: 'Columbus', state: 'OH', zip: '43215' },
  });
  assert.equal(d.status, 200, JSON.stringify(d.body));
  const short = 'Delivery orders need at least $20.00 of food: add $13.51 more.';
  // The drawer says so beside Checkout, before checkout is even opened.
  await page.goto(site.edge.base + '/menu/m-standard');
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByText(short).waitFor({ timeout: 15000 });
  assert.equal(
    await drawer.getByRole('button', { name: 'Checkout' }).getAttribute('aria-describedby'),
    'cart-blocking',
  );

  await openCheckout(page);
  await page.getByText('Delivery to 50 W Broad St, Columbus').waitFor();
  await page.getByRole('region', { name: 'Totals' }).getByText(short).waitFor();
  // A delivery tip goes to the driver: no "No tip", and the order waits for one.
  assert.equal(await page.getByRole('radio', { name: 'No tip' }).count(), 0);
  await page.getByText('Choose a tip for your driver.').first().waitFor();
  await page.getByRole('radio', { name: /^15%/ }).click();
  await page.locator('dl.hh-cart__totals').getByText('Tip').waitFor();
  // Pay in store is not for delivery.
  assert.equal(await page.getByRole('radio', { name: 'Pay in store' }).isDisabled(), true);
  await fillContact(page);
  await fillCard(page);
  // Place order says why it cannot be placed yet, before and after it is pressed.
  assert.equal(await placeOrder(page).getAttribute('aria-disabled'), 'true');
  await page.locator('#co-submit-why', { hasText: short }).waitFor();
  // The checkout asked the edge to check the cart before payment, and what it said is the
  // blocker shown; the payment part is what the payment options offer.
  assert.ok(asked.includes('/api/cart/validate'), 'the cart is validated before payment');
  assert.ok(asked.includes('/api/cart/payment-options'), 'the payment options are asked for');
  const v = await api(page, 'POST', '/cart/validate');
  assert.equal(v.status, 200, JSON.stringify(v.body));
  assert.deepEqual(
    v.body.blockers.map((b) => b.code),
    ['below_delivery_minimum'],
  );
  assert.equal(v.body.blockers[0].message, short);
  const o = await api(page, 'GET', '/cart/payment-options');
  assert.equal(o.body.pay_in_store.available, false);
  assert.equal(o.body.pay_in_store.reason.code, 'pay_in_store_unavailable');
  // The button stays focusable (aria-disabled): pressing it says why again.
  await placeOrder(page).press('Enter');
  await page.getByRole('region', { name: 'Place order' }).getByRole('alert').getByText(short).waitFor();
  await page.waitForTimeout(500);
  assert.deepEqual(
    asked.filter((p) => p === '/api/payments/cards' || p === '/api/cart/submit'),
    [],
    'no card tokenised, no order sent',
  );
  assert.equal((await api(page, 'GET', '/orders/recent')).body.order, null);
  // Everything typed is still there.
  assert.equal(await page.getByLabel('Email').inputValue(), 'grace@example.com');
});

test('a gift card pays part and a card the rest; the remaining amount is always shown', async () => {
  const page = await newPage(site.browser, [], { viewport: phone });
  const cart = await startCart(page, { quantity: 4 });
  await openCheckout(page);
  const total = cart.totals.total_cents;
  await page.getByText(`To pay: $${(total / 100).toFixed(2)}`).waitFor();
  await page.getByRole('button', { name: 'Add a gift card' }).click();
  await page.getByLabel('Gift card number').fill('6006 4911 1122 2233');
  await page.getByLabel('PIN').fill('4321');
  await page.getByRole('button', { name: 'Check balance and apply' }).click();
  await page.getByText('Gift card •••• 2233: balance $15.00').waitFor();
  await page
    .locator('.hh-checkout__remaining', {
      hasText: `Gift card pays $15.00. Remaining to pay: $${((total - 1500) / 100).toFixed(2)}`,
    })
    .waitFor();
  // The PIN is gone from the page once checked.
  assert.equal(await page.getByLabel('PIN').count(), 0);
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await fillContact(page);
  await fillCard(page, '5555 5555 5555 4444');
  await placeOrder(page).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByText('Gift card •••• 2233: $15.00').waitFor();
  await page.getByText(`MasterCard •••• 4444: $${((total - 1500) / 100).toFixed(2)}`).waitFor();
  assert.deepEqual(await seriousViolations(page), []);
});

test("a member's order with a gift card and a card: no card number, PIN, cookie or token in the log or in any error answer", async () => {
  const GIFT = '6006 4955 5566 6677';
  const PIN = '2468';
  const page = await newPage(site.browser, [], { viewport: desktop });
  const errorBodies = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) errorBodies.push(await r.text().catch(() => ''));
  });
  await signUp(page, site.edge.base, 'secrets@example.com', '6145550177');
  await startCart(page, { quantity: 20 });
  await openCheckout(page);
  await page.getByRole('button', { name: 'Add a gift card' }).click();
  await page.getByLabel('Gift card number').fill(GIFT);
  // A wrong PIN first: its error answer must not quote the card or the PIN.
  await page.getByLabel('PIN').fill('1357');
  await page.getByRole('button', { name: 'Check balance and apply' }).click();
  await page.getByRole('alert').first().waitFor();
  await page.getByLabel('PIN').fill(PIN);
  await page.getByRole('button', { name: 'Check balance and apply' }).click();
  await page.getByText('Gift card •••• 6677: balance $100.00').waitFor();
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await fillCard(page);
  await placeOrder(page).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });

  // The session's cookies, and its token sent as the native app sends it, with requests
  // the edge refuses: an unknown path and a body it cannot read, both holding the secrets.
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'hh_token').value;
  const visitor = cookies.find((c) => c.name === 'hh_sid').value;
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const asApp = (method, path, body) =>
    fetch(site.edge.base + '/api' + path, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Cookie: cookie },
      body,
    }).then((r) => r.text());
  errorBodies.push(await asApp('GET', `/giftcards/${GIFT.replaceAll(' ', '')}?pin=${PIN}`));
  errorBodies.push(await asApp('PUT', '/cart/time', `{"mode":"advance","at":"${CARD}-${PIN}"}`));
  errorBodies.push(await asApp('POST', '/payments/cards', `{"${CARD.replaceAll(' ', '')}":"${PIN}"}`));
  // A header the parser refuses, on a connection of its own.
  errorBodies.push(
    await new Promise((resolve, reject) => {
      const { hostname, port } = new URL(site.edge.base);
      const sock = connect(Number(port), hostname, () =>
        sock.write(
          `GET /api/cart HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nAuthorization: Bearer ${token}\r\nbad key : ${PIN}\r\n\r\n`,
        ),
      );
      let got = '';
      sock.on('data', (d) => (got += d));
      sock.on('end', () => resolve(got));
      sock.on('error', reject);
      sock.setTimeout(3000, () => sock.end());
    }),
  );

  assert.ok(errorBodies.length >= 5, 'the refused requests were answered');
  const secrets = [CARD.replaceAll(' ', ''), CARD, GIFT.replaceAll(' ', ''), GIFT, token, visitor];
  for (const body of errorBodies) {
    for (const secret of [...secrets, PIN])
      assert.ok(!body.includes(secret), `an error answer quotes ${secret}: ${body}`);
  }
  const log = site.edge.log();
  for (const secret of secrets) assert.ok(!log.includes(secret), `the edge log holds ${secret}`);
  assert.ok(!new RegExp(`pin\\W{0,4}${PIN}`, 'i').test(log), 'the edge log holds the PIN');
});

test('a declined card: the message is at the card form, nothing typed is lost, and another card goes through', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await startCart(page);
  await openCheckout(page);
  await fillContact(page);
  const frame = await fillCard(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await page
    .locator('.hh-card-form')
    .getByRole('alert')
    .getByText('Your card was declined. Try another card.')
    .waitFor({ timeout: 20000 });
  assert.equal(await page.getByLabel('First name').inputValue(), 'Grace');
  assert.equal((await api(page, 'GET', '/orders/recent')).body.order, null);
  await frame.getByLabel('Card number').fill(CARD);
  await placeOrder(page).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
});

test('a double click on Place order places one order', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await startCart(page);
  await openCheckout(page);
  await fillContact(page);
  await fillCard(page);
  const submits = [];
  page.on('request', (r) => r.url().endsWith('/api/cart/submit') && submits.push(r.headers()['idempotency-key']));
  await placeOrder(page).dblclick();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  assert.equal(submits.length, 1);
  // The page's one attempt is this visitor's one order.
  const recent = await api(page, 'GET', '/orders/recent');
  assert.equal(recent.body.order.id, await page.getByTestId('order-id').textContent());
});

test('a member pays with a stored card and uses a reward; the card and the order are in the account', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await signUp(page, site.edge.base, 'checkout-member@example.com', '6145550199');
  // A card saved earlier (through the processor's tokenizer, as the account page does).
  const tok = await api(page, 'POST', '/payments/cards', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2030,
    cvv: '123',
    postal_code: '43215',
  });
  assert.equal(tok.status, 201);
  const c = tok.body.card;
  const saved = await api(page, 'POST', '/user/cards', {
    token: c.token,
    processor: c.processor,
    brand: c.brand,
    last4: c.last4,
    exp_month: c.exp_month,
    exp_year: c.exp_year,
    default: true,
  });
  assert.equal(saved.status, 201, JSON.stringify(saved.body));
  // Support gives the member the points for a reward.
  const me = await api(page, 'GET', '/user');
  assert.equal((await api(page, 'POST', '/dev/points', { member_id: me.body.user.id, points: 1000 })).status, 200);
  assert.equal(
    (await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  assert.equal((await api(page, 'POST', '/cart/products', { product_id: 'tenders-3', quantity: 2 })).status, 201);
  await openCheckout(page);
  // Prefilled from the account; the stored card is chosen.
  assert.equal(await page.getByLabel('First name').inputValue(), 'Ada');
  assert.equal(await page.getByRole('radio', { name: /Visa •••• 4242/ }).isChecked(), true);
  await page.getByRole('button', { name: /^Rewards/ }).click();
  await page.getByRole('button', { name: 'Redeem Free Buttermilk Biscuit' }).click();
  // A free item: the biscuit itself joins the order summary at $0.00, as the reward.
  const biscuit = page.locator('.hh-cart__line', { hasText: 'Free Buttermilk Biscuit — Reward' }).first();
  await biscuit.getByText('$0.00').waitFor();
  await placeOrder(page).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByText('Visa •••• 4242', { exact: false }).waitFor();
  await page.getByText('Free Buttermilk Biscuit').first().waitFor();
  const orders = await api(page, 'GET', '/user/orders');
  assert.equal(orders.body.orders.length, 1);
});

test('curbside: the guest says "I\'m here" and the status shows it; a later order is cancelled before the kitchen starts', async () => {
  const page = await newPage(site.browser, [], { viewport: phone });
  await startCart(page, { location: 'oh-akron' });
  const h = await api(page, 'PUT', '/cart/handoff', {
    mode: 'curbside',
    vehicle: { make: 'Honda', model: 'Civic', color: 'Red' },
  });
  assert.equal(h.status, 200, JSON.stringify(h.body));
  await openCheckout(page);
  await page.getByText('In your Red Honda Civic').waitFor();
  await fillContact(page);
  await page.getByRole('radio', { name: 'Pay in store' }).check();
  await placeOrder(page).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByRole('heading', { name: 'Curbside pickup', level: 3 }).waitFor();
  await page.getByText(/we bring the order out to your Red Honda Civic/).waitFor();
  await page.getByRole('button', { name: "I'm here" }).click();
  await page.getByText(/We know you're here/).waitFor();

  // The next order, paid in store and cancelled at once, reads as cancelled: nothing
  // to collect, nothing was paid, so nothing is given back.
  await startCart(page, { location: 'oh-akron' });
  await openCheckout(page);
  await fillContact(page);
  await page.getByRole('radio', { name: 'Pay in store' }).check();
  await placeOrder(page).click();
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page
    .getByText('Pay in store: $', { exact: false })
    .getByText(/Pay when you collect it/)
    .waitFor();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my order' }).click();
  await page.getByRole('heading', { name: 'Order cancelled' }).waitFor();
  await page
    .getByTestId('order-status')
    .getByText("This order was cancelled. Nothing was charged, so there's nothing to pay.")
    .waitFor();
  const said = await page.getByTestId('order-confirmation').innerText();
  for (const gone of [
    'Collect it at the pickup shelf',
    'we bring the order out',
    'given back',
    'Paid with',
    "I'm here",
  ]) {
    assert.ok(!said.includes(gone), `a cancelled pay-in-store order says "${gone}"`);
  }
  await page.getByText(/Pay in store: \$[\d.]+ · Nothing to pay/).waitFor();

  // /order shows the cart and no order on its way; its page carries no empty cart drawn
  // at build time, since it starts with the visitor's most recent order.
  const html = await (await page.request.get(site.edge.base + '/order')).text();
  assert.ok(!html.includes('data-prerendered'), 'an empty order page drawn for a visitor who has ordered');
  await page.goto(site.edge.base + '/order');
  await page.getByRole('heading', { name: 'Your cart', level: 2 }).waitFor();
  await page.getByText('Your cart is empty.').waitFor();
  assert.deepEqual(await seriousViolations(page), []);
});

test('/app/checkout hands the placed order to the native app through its bridge', async () => {
  const context = await site.browser.newContext({ viewport: phone });
  await context.addInitScript(() => {
    window.__bridge = [];
    window.ReactNativeWebView = { postMessage: (m) => window.__bridge.push(JSON.parse(m)) };
  });
  const page = await context.newPage();
  await page.goto(site.edge.base + '/app/checkout');
  assert.equal(
    (await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  assert.equal((await api(page, 'POST', '/cart/products', { product_id: 'tenders-3' })).status, 201);
  await page.goto(site.edge.base + '/app/checkout');
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  assert.equal(await page.locator('header.hh-header').count(), 0, 'no site chrome');
  assert.equal(await page.getByRole('link', { name: /^Edit/ }).count(), 0);
  await fillContact(page);
  await page.getByRole('radio', { name: 'Pay in store' }).check();
  await placeOrder(page).click();
  await page.waitForURL(/\/app\/checkout\?order=o_/, { timeout: 20000 });
  const sent = await page.evaluate(() => window.__bridge);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].type, 'order_placed');
  assert.equal(sent[0].source, 'henhouse-checkout');
  assert.ok(page.url().endsWith('?order=' + sent[0].orderId));
  await page.getByTestId('order-status').waitFor();
  await page.getByText('Pay in store: ', { exact: false }).waitFor();
});

test('keyboard only: from the cart drawer to the confirmation', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  await startCart(page);
  await page.goto(site.edge.base + '/menu/m-standard');
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await page.locator('.hh-cart-button').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Continue to Checkout' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/order\/checkout$/);
  await page.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });

  await tabTo(page, 'First name');
  await page.keyboard.type('Kay');
  await tabTo(page, 'Last name');
  await page.keyboard.type('Board');
  await tabTo(page, 'Email');
  await page.keyboard.type('kay@example.com');
  await tabTo(page, 'Phone');
  await page.keyboard.type('6145550188');
  await tabTo(page, 'Card number');
  await page.keyboard.type('4111111111111111');
  await tabTo(page, 'Expiry date');
  await page.keyboard.type('1230');
  await tabTo(page, 'Security code');
  await page.keyboard.type('123');
  await tabTo(page, 'Billing ZIP code');
  await page.keyboard.type('43215');
  await tabTo(page, 'Place order');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
  await page.getByRole('heading', { name: 'Thanks, Kay! Your order is in.' }).waitFor();
});

for (const [name, viewport] of [
  ['390 px', phone],
  ['1280 px', desktop],
]) {
  test(`axe finds nothing serious on the checkout and the confirmation at ${name}`, async () => {
    const page = await newPage(site.browser, [], { viewport });
    // Another restaurant: each time slot takes eight orders, and the tests above fill one.
    await startCart(page, { location: 'oh-dublin' });
    await openCheckout(page);
    await page.frameLocator('iframe[title="Card details"]').getByLabel('Card number').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await fillContact(page);
    await page.getByRole('radio', { name: 'Pay in store' }).check();
    await placeOrder(page).click();
    await page.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });
    await page.getByTestId('order-status').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
  });
}
