// Members in the browser (issue: identity): sign up, sign out, sign in with the code
// step, the points greeting, and the token rules (docs/identity.md, "Tokens").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { useSite, newPage, signUp as signUpAt, copyGone } from './harness.mjs';

const site = useSite(before, after);

async function latestCode(email) {
  const r = await fetch(`${site.edge.base}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const { messages } = await r.json();
  const m = messages.find((x) => x.code);
  assert.ok(m, `no code for ${email}`);
  return m.code;
}

test('sign up, sign out, sign in with the code step, and see the points greeting', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors);
  await signUpAt(page, site.edge.base, 'ada@example.com', '5135550100');
  const greeting = page.locator('header').getByText(/^\d[\d,]* Points$/);
  await greeting.waitFor();
  const points = Number((await greeting.textContent()).replace(/\D/g, ''));
  assert.ok(points > 0, 'a new member has welcome points');
  assert.equal(await page.locator('header').getByText('Ada').count(), 0, 'the greeting never shows the name');

  // Sign out from the account page.
  await page.goto(site.edge.base + '/account?section=user-info');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
  const cookies = await page.context().cookies();
  assert.equal(
    cookies.find((c) => c.name === 'hh_token'),
    undefined,
  );

  // Sign in: password, then the emailed code.
  await page.goto(site.edge.base + '/account/signin');
  await copyGone(page);
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('chicken123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  await page.getByLabel('6-digit code').fill(await latestCode('ada@example.com'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/account(\?|$)/);
  await page.locator('header').getByText(`${points} Points`).waitFor();

  // A reload keeps the member (the token is in an HttpOnly cookie, the claims in the bootstrap).
  await page.reload();
  await page.locator('header').getByText(`${points} Points`).waitFor();
  // The access cookie expires after an hour; the refresh cookie renews it on the next page.
  await page.context().clearCookies({ name: 'hh_token' });
  await page.reload();
  await page.locator('header').getByText(`${points} Points`).waitFor();
  assert.ok(
    (await page.context().cookies()).some((c) => c.name === 'hh_token'),
    'a new access cookie',
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a token from another provider is logged out on the next navigation', async () => {
  const page = await newPage(site.browser);
  await signUpAt(page, site.edge.base, 'grace@example.com', '5135550199');
  await page
    .locator('header')
    .getByText(/Points$/)
    .waitFor();
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
  // The shell holds the token's claims; a token of the platform sign-in client, not the
  // loyalty provider, must not count as a member.
  await page.evaluate(() =>
    window.__henhouse.store.getState().set({ token: { provider: 'henhouse-platform', version: '1' } }),
  );
  await page.locator('header').getByRole('link', { name: 'Locations' }).first().click();
  await logout;
  await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
  assert.equal(await page.evaluate(() => window.__henhouse.store.getState().user), null);
  // The server session ended too: a fresh page is a guest's.
  await page.reload();
  await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
  await page.context().close();
});

test('a session invalidated on the server shows the forced sign-out dialog', async () => {
  const page = await newPage(site.browser);
  await signUpAt(page, site.edge.base, 'hopper@example.com', '5135550111');
  // Another device forces a sign-out: every session of the member ends.
  const r = await page.evaluate(() => fetch('/api/user').then((x) => x.json()));
  assert.ok(r.user.id);
  const status = await page.evaluate(async (memberId) => {
    const csrf = JSON.parse(document.getElementById('bootstrap').textContent).csrf;
    const res = await fetch('/api/dev/force-sign-out', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ member_id: memberId }),
    });
    return res.status;
  }, r.user.id);
  assert.equal(status, 204);
  await page.reload();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByText("For your security you've been signed out.", { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/account\/signin$/);
  await page.context().close();
});

test("the app's webview takes the app's member; the same code opened from a link signs nobody in", async () => {
  // The native app: a member token (from a sign-up here) and its own HTTP client.
  const appPage = await newPage(site.browser);
  await signUpAt(appPage, site.edge.base, 'lin@example.com', '5135550122');
  const token = (await appPage.context().cookies()).find((c) => c.name === 'hh_token').value;
  await appPage.context().close();
  const app = (path, body) =>
    fetch(site.edge.base + '/api' + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const verifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
  assert.equal((await app('/cart', { menu_id: 'm-standard', location_id: 'oh-dayton' })).status, 201);
  assert.equal((await app('/cart/products', { product_id: 'biscuit' })).status, 201);
  const mint = async () => {
    const r = await app('/app/handover', { location_id: 'oh-dayton', code_challenge: codeChallenge });
    assert.equal(r.status, 201);
    return r.body.code;
  };

  // Someone else's browser follows a link to the code (sign-ups are limited per client,
  // so this one stays a guest; the edge's tests cover a signed-in victim).
  const victim = await newPage(site.browser);
  await victim.goto(`${site.edge.base}/app/checkout?handover=${await mint()}`);
  const dialog = victim.getByRole('alertdialog').or(victim.getByRole('dialog'));
  await dialog.getByText('This link only works in the app. Go back to the app and try again.').waitFor();
  const who = await victim.evaluate(() => fetch('/api/user').then((r) => r.status));
  assert.equal(who, 401, 'nobody was signed in');
  await victim.context().close();

  // The app's webview: its first navigation carries the verifier in a header.
  const webview = await newPage(site.browser);
  await webview.route('**/app/checkout?handover=*', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-handover-verifier': verifier } }),
  );
  await webview.goto(`${site.edge.base}/app/checkout?handover=${await mint()}`);
  const email = webview.getByLabel('Email', { exact: true });
  await email.waitFor();
  await webview.waitForFunction(
    () => document.querySelector('input[type="email"]')?.value === 'lin@example.com',
    null,
    { timeout: 10000 },
  );
  assert.equal(await email.inputValue(), 'lin@example.com', "the app's member is signed in");
  assert.ok(!webview.url().includes('handover='), 'the code left the address bar');
  await webview.getByText('Biscuit', { exact: false }).first().waitFor();
  await webview.context().close();
});
