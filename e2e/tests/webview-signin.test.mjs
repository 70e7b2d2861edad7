// The native app's sign-in (docs/webview.md, "Signing in inside the app"): the app opens
// /account/signin?webview=1 (or /app/signin) in its webview; the page shows the sign-in
// without site chrome and tells the app through its bridge who signed in, or that the
// member cancelled.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api, seriousViolations, signUp, copyGone } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };

async function latestCode(email) {
  const r = await fetch(`${site.edge.base}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const { messages } = await r.json();
  const m = messages.find((x) => x.code);
  assert.ok(m, `no code for ${email}`);
  return m.code;
}

/** A phone-sized webview whose app listens on the React Native bridge. */
async function webview() {
  const context = await site.browser.newContext({ viewport: phone });
  await context.addInitScript(() => {
    window.__bridge = [];
    window.ReactNativeWebView = { postMessage: (m) => window.__bridge.push(JSON.parse(m)) };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

test('the app signs a member in through the webview and hears who it was', async () => {
  // A member, signed up in an ordinary browser.
  const browserPage = await newPage(site.browser);
  await signUp(browserPage, site.edge.base, 'lin@example.com', '5135550142');
  const member = await browserPage.evaluate(() => window.__henhouse.store.getState().user);
  await browserPage.context().close();

  const { context, page, errors } = await webview();
  await page.goto(site.edge.base + '/account/signin?webview=1');
  assert.equal(new URL(page.url()).pathname, '/app/signin');
  await page.getByRole('heading', { name: 'Sign in with your email and password' }).waitFor({ timeout: 15000 });
  assert.equal(await page.locator('[data-layout="app"]').count(), 1, 'the app layout');
  assert.equal(await page.locator('header, footer').count(), 0, 'no header or footer');
  assert.equal(await page.getByRole('link', { name: 'Create an account' }).count(), 0);
  assert.equal(await page.getByRole('link', { name: 'Forgot password?' }).count(), 0);
  assert.deepEqual(await seriousViolations(page), []);

  await copyGone(page);
  await page.getByLabel('Email', { exact: true }).fill('lin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('chicken123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  const code = await latestCode('lin@example.com');
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: "You're signed in" }).waitFor();

  const sent = await page.evaluate(() => window.__bridge);
  assert.deepEqual(sent, [
    { source: 'henhouse-account', version: 1, type: 'signed_in', member: { id: member.id, firstName: 'Ada' } },
  ]);
  const text = JSON.stringify(sent);
  for (const secret of ['token', 'password', 'chicken123', code]) assert.ok(!text.includes(secret), secret);
  // The webview has its own session: a reload keeps the member, and the app hears no more.
  await page.reload();
  await page.getByRole('heading', { name: "You're signed in" }).waitFor({ timeout: 15000 });
  assert.equal(await page.locator('header, footer').count(), 0);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('cancelling tells the app', async () => {
  const { context, page, errors } = await webview();
  await page.goto(site.edge.base + '/app/signin');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('heading', { name: 'Sign-in cancelled' }).waitFor();
  assert.deepEqual(await page.evaluate(() => window.__bridge), [
    { source: 'henhouse-account', version: 1, type: 'signin_cancelled' },
  ]);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a guest's cart in the webview is still there after signing in", async () => {
  const browserPage = await newPage(site.browser);
  await signUp(browserPage, site.edge.base, 'mo@example.com', '5135550143');
  await browserPage.context().close();

  const { context, page, errors } = await webview();
  await page.goto(site.edge.base + '/app/signin');
  assert.equal(
    (await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  assert.equal((await api(page, 'POST', '/cart/products', { product_id: 'tenders-3' })).status, 201);
  // A new document: the start-up clears what the browser kept and loads the app data again.
  await page.goto(site.edge.base + '/app/signin');
  await copyGone(page);
  await page.getByLabel('Email', { exact: true }).fill('mo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('chicken123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  await page.getByLabel('6-digit code').fill(await latestCode('mo@example.com'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: "You're signed in" }).waitFor();
  const cart = await api(page, 'GET', '/cart');
  assert.equal(cart.status, 200);
  assert.deepEqual(
    cart.body.cart.products.map((p) => p.product_id),
    ['tenders-3'],
  );
  assert.equal((await page.evaluate(() => window.__bridge))[0].type, 'signed_in');
  assert.deepEqual(errors, []);
  await context.close();
});
