// A group order in Chromium (docs/group-orders.md): Dana starts one from the menu, Sam
// joins on a phone and Lee by keyboard alone, each adds their own items under their name,
// Dana sees who is done, closes the group (a late joiner is told it is closed), pays once,
// and the confirmation lists everyone's items by name; Sam, who gave an email, is told.
// axe finds nothing serious on the join page and the host's drawer at 390 and 1280 px.
// The edge's ordering clock starts at noon in Ohio, so the restaurant is open whatever
// the hour of the run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, chooseLocation, seriousViolations, tabTo } from './harness.mjs';

const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
const site = useSite(before, after, { ORDER_CLOCK_START: noonInOhio });
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** closePopups closes a welcome dialog that may cover the menu on a first visit. */
async function closePopups(page) {
  await page.waitForTimeout(300);
  const close = page.locator('dialog[open]:not([data-testid="cart-drawer"])').getByRole('button', { name: 'Close' });
  if (await close.count()) await close.first().click();
}

async function axeClean(page, what) {
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    assert.deepEqual(await seriousViolations(page), [], `${what} at ${viewport.width} px`);
  }
}

test('a host, a participant on a phone and one by keyboard order together; the host pays once for everyone', async () => {
  const errors = [];
  // Dana, the host: a cart at Columbus Downtown with her own lunch.
  const host = await newPage(site.browser, errors, { viewport: desktop });
  await host.goto(site.edge.base + '/locations');
  assert.equal(
    (await api(host, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  assert.equal((await api(host, 'POST', '/cart/products', { product_id: 'tenders-3' })).status, 201);
  await chooseLocation(host, (await api(host, 'GET', '/locations/oh-columbus-downtown')).body.location);
  await host.goto(site.edge.base + '/menu/m-standard');
  await host.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await closePopups(host);

  // She starts the group from the menu: the drawer opens on the form.
  await host.getByRole('button', { name: 'Start a group order' }).click();
  const drawer = host.getByTestId('cart-drawer');
  await drawer.getByLabel('Your name').fill('Dana');
  await drawer.getByLabel('Note for your group').fill('Team lunch, one combo each');
  await drawer.getByRole('button', { name: 'Start group order' }).click();
  const linkField = drawer.getByLabel('Link for your group');
  await linkField.waitFor({ timeout: 15000 });
  const link = await linkField.inputValue();
  assert.match(link, /\/group\/[A-Za-z0-9_-]{16}$/);
  const cart = (await api(host, 'GET', '/cart')).body.cart;
  assert.equal(cart.group.host_name, 'Dana');
  assert.equal(cart.group.state, 'open');
  await axeClean(host, "the host's drawer");
  await host.setViewportSize(desktop);

  // Sam joins on a phone with his name and email, and adds a biscuit.
  const sam = await newPage(site.browser, errors, { viewport: phone });
  await sam.goto(link);
  const join = sam.getByRole('dialog', { name: "Join Dana's group order" });
  await join.waitFor({ timeout: 15000 });
  await join.getByLabel('Your name').fill('Sam');
  await join.getByLabel('Email (optional)').fill('sam@example.com');
  await join.getByRole('button', { name: 'Join' }).click();
  await join.waitFor({ state: 'detached' });
  await sam.getByRole('heading', { name: /^Adding to Dana's group order · closes at \d{1,2}:\d\d\s[AP]M$/ }).waitFor();
  await axeClean(sam, 'the join page');
  await sam.setViewportSize(phone);
  await sam.getByRole('button', { name: 'Add: Buttermilk Biscuit' }).click();
  await sam.getByText('Your items: 1 · $').waitFor({ timeout: 15000 });
  await sam.locator('#main').getByRole('button', { name: 'View your items' }).click();
  const samDrawer = sam.getByTestId('cart-drawer');
  await samDrawer.getByText('Buttermilk Biscuit').first().waitFor();
  await samDrawer.getByRole('button', { name: 'I’m done' }).click();
  await samDrawer.getByRole('button', { name: 'I’m not done' }).waitFor();

  // Lee joins and adds by keyboard alone: the dialog takes focus on the name.
  const lee = await newPage(site.browser, errors, { viewport: desktop });
  await lee.goto(link);
  const leeJoin = lee.getByRole('dialog', { name: "Join Dana's group order" });
  await leeJoin.waitFor({ timeout: 15000 });
  await lee.waitForFunction(() => document.activeElement?.closest('dialog') != null);
  await lee.keyboard.type('Lee');
  await lee.keyboard.press('Enter');
  await leeJoin.waitFor({ state: 'detached' });
  await tabTo(lee, 'Add: 3 Tenders', 200);
  await lee.keyboard.press('Enter');
  await lee.getByText('Your items: 1 · $').waitFor({ timeout: 15000 });

  // Neither participant can read the other's part or anyone's email.
  const seen = (await api(lee, 'GET', new URL(link).pathname.replace('/group/', '/groups/'))).body.group;
  assert.deepEqual(
    seen.me.products.map((l) => l.product_id),
    ['tenders-3'],
  );
  assert.ok(!JSON.stringify(seen).includes('sam@example.com'));

  // Dana sees everyone's lines under their names, and who is done.
  await host.reload();
  await host.locator('.hh-cart-button').click();
  await drawer.getByRole('heading', { name: /^Sam/ }).waitFor({ timeout: 15000 });
  await drawer.getByRole('heading', { name: /^Lee/ }).waitFor();
  assert.ok(!(await drawer.textContent()).includes('sam@example.com'));

  // She closes the group: Lee's next add is refused, and a late joiner is told.
  await drawer.getByRole('button', { name: 'Close now' }).click();
  await drawer.getByText('Closed to others').first().waitFor({ timeout: 15000 });
  await lee.getByRole('button', { name: 'Add: Buttermilk Biscuit' }).click();
  await lee.getByText('This group order is closed').first().waitFor({ timeout: 15000 });
  const late = await newPage(site.browser, errors, { viewport: phone });
  await late.goto(link);
  await late.getByRole('heading', { name: 'This group order is closed' }).waitFor({ timeout: 15000 });

  // Dana pays once, by card, for everyone.
  await host.goto(site.edge.base + '/order/checkout');
  await host.getByRole('heading', { name: 'Your order', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  await host.getByLabel('First name').fill('Dana');
  await host.getByLabel('Last name').fill('Scully');
  await host.getByLabel('Email').fill('dana@example.com');
  await host.getByLabel('Phone').fill('6145550134');
  const frame = host.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Expiry date').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Billing ZIP code').fill('43215');
  await host.locator('.hh-card-brand.is-detected').getByText('Visa').waitFor();
  await host.getByRole('button', { name: /^Place order/ }).click();
  await host.waitForURL(/\/order\/confirm\/o_/, { timeout: 20000 });

  // The confirmation names everyone with their items.
  await host.getByText('Group order for 3 people').waitFor({ timeout: 15000 });
  for (const [name, item] of [
    ['Dana', '3 Tenders'],
    ['Sam', 'Buttermilk Biscuit'],
    ['Lee', '3 Tenders'],
  ]) {
    const part = host.getByRole('heading', { name: new RegExp('^' + name) });
    await part.waitFor();
    const list = part.locator('xpath=following-sibling::ul[1]');
    assert.ok((await list.textContent()).includes(item), `${name}'s ${item}`);
  }

  // Sam is told his items are in Dana's order; the link now says the group is closed.
  const mail = await api(sam, 'GET', '/dev/outbox?email=sam@example.com');
  assert.ok(
    mail.body.messages.some((m) => m.subject.includes('Your items are in Dana')),
    JSON.stringify(mail.body).slice(0, 400),
  );
  await sam.goto(link);
  await sam.getByText('This group order is closed').first().waitFor({ timeout: 15000 });
  assert.deepEqual(errors, []);
});
