// A group order closes at its deadline (docs/group-orders.md, "Rules"), for a guest who
// joined from the native app (/app/group/{code}, the app layout): she joins and adds by
// keyboard, the deadline passes, and the page says the group is closed, her items kept
// and nothing more to add. The deadline passes by asking a second edge on the same Redis
// whose ordering clock is 45 minutes later (the first one's starts at noon in Ohio; an
// ASAP group closes 30 minutes after it starts), as a guest would meet it on any edge.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, tabTo, startEdge } from './harness.mjs';

const day = new Date().toISOString().slice(0, 10);
const redis = { REDIS_URL: 'redis://127.0.0.1:6379/0', APP_PREFIX: 'e2e-group-' + process.pid };
const site = useSite(before, after, { ...redis, ORDER_CLOCK_START: day + 'T17:00:00Z' });
let later;
after(() => later?.stop());

test('a participant in the app layout is locked out at the deadline', async () => {
  const errors = [];
  const host = await newPage(site.browser, errors);
  await host.goto(site.edge.base + '/locations');
  assert.equal(
    (await api(host, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  const started = await api(host, 'POST', '/cart/group', { host_name: 'Dana' });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const { code, state } = started.body.cart.group;
  assert.equal(state, 'open');

  const ana = await newPage(site.browser, errors, { viewport: { width: 390, height: 844 } });
  await ana.goto(site.edge.base + '/app/group/' + code);
  const join = ana.getByRole('dialog', { name: "Join Dana's group order" });
  await join.waitFor({ timeout: 15000 });
  // The app layout: no site header or footer around the group's menu.
  assert.equal(await ana.locator('header.hh-header, footer.hh-footer').count(), 0);
  await ana.waitForFunction(() => document.activeElement?.closest('dialog') != null);
  await ana.keyboard.type('Ana');
  await ana.keyboard.press('Enter');
  await join.waitFor({ state: 'detached' });
  await tabTo(ana, 'Add: Buttermilk Biscuit', 200);
  await ana.keyboard.press('Enter');
  await ana.getByText('Your items: 1 · $').waitFor({ timeout: 15000 });

  // 45 minutes later, on the other edge: the group is closed, her part kept.
  later = await startEdge({ ...redis, ORDER_CLOCK_START: day + 'T17:45:00Z' });
  await ana.goto(later.base + '/app/group/' + code);
  await ana.getByRole('heading', { name: 'This group order is closed' }).waitFor({ timeout: 15000 });
  assert.equal(await ana.getByRole('button', { name: /^Add/ }).count(), 0, 'nothing more to add');
  const g = (await api(ana, 'GET', '/groups/' + code)).body.group;
  assert.equal(g.state, 'closed');
  assert.deepEqual(
    g.me.products.map((l) => l.product_id),
    ['biscuit'],
  );
  const refused = await api(ana, 'POST', `/groups/${code}/lines`, { product_id: 'tenders-3' });
  assert.equal(refused.status, 410);
  assert.equal(refused.body.error.message, 'This group order is closed.');
  assert.deepEqual(errors, []);
});

test('the host takes a person out and ends the group, each after a confirmation; the others are told it is closed', async () => {
  const errors = [];
  const host = await newPage(site.browser, errors, { viewport: { width: 1280, height: 900 } });
  await host.goto(site.edge.base + '/locations');
  await api(host, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' });
  await api(host, 'POST', '/cart/products', { product_id: 'tenders-3' });
  const { code } = (await api(host, 'POST', '/cart/group', { host_name: 'Dana' })).body.cart.group;
  // Two people join and add through the API, as their pages do.
  const people = [];
  for (const name of ['Sam', 'Lee']) {
    const p = await newPage(site.browser, errors);
    await p.goto(site.edge.base + '/locations');
    assert.equal((await api(p, 'POST', `/groups/${code}/participants`, { name })).status, 201);
    assert.equal((await api(p, 'POST', `/groups/${code}/lines`, { product_id: 'biscuit' })).status, 201);
    people.push(p);
  }

  await host.goto(site.edge.base + '/menu/m-standard');
  await host.locator('.hh-cart-button').click();
  const drawer = host.getByTestId('cart-drawer');
  await drawer.getByRole('button', { name: 'Remove Sam' }).click();
  const ask = host.getByRole('alertdialog', { name: 'Remove Sam from the group order?' });
  await ask.getByRole('button', { name: 'Keep them' }).click();
  await drawer.getByRole('heading', { name: /^Sam/ }).waitFor();
  await drawer.getByRole('button', { name: 'Remove Sam' }).click();
  await ask.getByRole('button', { name: 'Remove Sam' }).click();
  await drawer.getByRole('heading', { name: /^Sam/ }).waitFor({ state: 'detached', timeout: 15000 });
  const samNow = await api(people[0], 'GET', '/groups/' + code);
  assert.equal(samNow.body.group.me, null, "Sam's part is gone");

  await drawer.getByRole('heading', { name: /^Lee/ }).waitFor();
  await drawer.getByRole('button', { name: 'End group order' }).click();
  await host
    .getByRole('alertdialog', { name: 'End the group order?' })
    .getByRole('button', { name: 'End group order' })
    .click();
  // The drawer is the host's cart alone again: no group panel, no people.
  await drawer.getByLabel('Link for your group').waitFor({ state: 'detached', timeout: 15000 });
  await drawer.getByRole('heading', { name: /^Lee/ }).waitFor({ state: 'detached', timeout: 15000 });
  const cart = (await api(host, 'GET', '/cart')).body.cart;
  assert.equal(cart.group, undefined);
  assert.deepEqual(
    cart.products.map((l) => l.product_id),
    ['tenders-3'],
  );
  await people[1].goto(site.edge.base + '/group/' + code);
  await people[1].getByRole('heading', { name: 'This group order is closed' }).waitFor({ timeout: 15000 });
  assert.deepEqual(errors, []);
});
