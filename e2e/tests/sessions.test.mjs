// Sessions ended on the server (docs/identity.md, "Forced sign-out" and "Passwords and
// sessions"): a forced sign-out reaches a page that only navigates within itself, and a
// new password, reset or changed, signs the member's other browsers out at once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi, signUp, copyGone } from './harness.mjs';

const site = useSite(before, after);
const message =
  "For your security you've been signed out. Please sign in again to continue. This may be required when you're accessing your account from multiple devices or there is something different about your most recent sign in attempt. Thanks for your understanding!";

async function latestCode(email) {
  const r = await fetch(`${site.edge.base}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const { messages } = await r.json();
  const m = messages.find((x) => x.code);
  assert.ok(m, `no code for ${email}`);
  return m.code;
}

/** signIn signs a new browser in with the password and the emailed code. */
async function signIn(email, password) {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/account/signin');
  await copyGone(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  await page.getByLabel('6-digit code').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/account(\?|$)/);
  await points(page).waitFor();
  return page;
}

const points = (page) =>
  page
    .locator('header')
    .getByText(/^\d[\d,]* Points$/)
    .first();

/** askedWithItsCookies calls GET /api/user with a copy of the page's cookies, from outside
 *  the browser, so the browser keeps them for its next page. */
async function askedWithItsCookies(page) {
  const cookies = await page.context().cookies();
  const r = await fetch(site.edge.base + '/api/user', {
    headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), Accept: 'application/json' },
  });
  return { status: r.status, code: (await r.json()).error?.code };
}

/** navigatesInPage follows a header link and checks that the page was not loaded again. */
async function navigatesInPage(page, link) {
  await page.evaluate(() => (window.__samePage = true));
  await page.locator('header').getByRole('link', { name: link }).first().click();
  return page;
}

/** seesTheForcedSignOut checks the dialog a session ended on the server opens: its exact
 *  words, a modal with the focus inside, and a header that no longer shows the member. */
async function seesTheForcedSignOut(page) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(message, { exact: true }).waitFor();
  await page.locator('header').getByRole('link', { name: 'Sign In' }).first().waitFor();
  assert.equal(await points(page).count(), 0, "the header no longer shows the member's points");
  assert.ok(
    await dialog.evaluate(
      (d) => d.contains(document.activeElement) && (d.matches(':modal') || d.closest(':modal') !== null),
    ),
    'a modal dialog with the focus inside',
  );
  assert.equal(await page.evaluate(() => window.__henhouse.store.getState().user), null);
  return dialog;
}

test('a forced sign-out shows its dialog on the next in-page navigation, and the header drops the member', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors);
  await signUp(page, site.edge.base, 'hopper@example.com', '5135550111');
  await points(page).waitFor();
  // The page's own calls are done, so the first one after the sign-out is the navigation's.
  await page.waitForLoadState('networkidle');
  const { body } = await pageApi(page, 'GET', '/user');
  // Support signs the member out everywhere, from elsewhere.
  const support = await newPage(site.browser);
  await support.goto(site.edge.base + '/');
  assert.equal((await pageApi(support, 'POST', '/dev/force-sign-out', { member_id: body.user.id })).status, 204);
  await support.context().close();

  // A call the page makes on its own (a screen loading late on a busy machine) may learn
  // of it first: then the dialog is already there and the navigation is not needed.
  await page.evaluate(() => (window.__samePage = true));
  if ((await page.getByRole('alertdialog').count()) === 0) await navigatesInPage(page, 'Locations');
  const dialog = await seesTheForcedSignOut(page);
  assert.equal(await page.evaluate(() => window.__samePage), true, 'no page load in between');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await page.waitForURL(site.edge.base + '/');
  assert.equal(await page.getByRole('alertdialog').count(), 0);
  // The session is over: a fresh page is a guest's, with no dialog again.
  await page.reload();
  await page.locator('header').getByRole('link', { name: 'Sign In' }).first().waitFor();
  assert.equal(await page.getByRole('alertdialog').count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("a new password, changed in the settings or reset by email, signs the member's other browser out", async () => {
  const email = 'grace@example.com';
  const a = await newPage(site.browser);
  await signUp(a, site.edge.base, email, '5135550199');
  const b = await signIn(email, 'chicken123');

  // A changes the password in the settings and stays signed in.
  await a.goto(site.edge.base + '/account/settings');
  await a.getByLabel('Current password').fill('chicken123');
  await a.getByLabel('New password').fill('biscuits99');
  await a.getByRole('button', { name: 'Change password' }).click();
  await a.getByText('Your password is changed.').first().waitFor();
  await a.reload();
  await points(a).waitFor();
  assert.equal(await a.getByRole('alertdialog').count(), 0, 'the browser that changed it stays signed in');

  // B is signed out at once: the API refuses its session, and its next page says why.
  assert.deepEqual(await askedWithItsCookies(b), { status: 401, code: 'session_invalidated' });
  await navigatesInPage(b, 'Locations');
  await seesTheForcedSignOut(b);
  await b.getByRole('alertdialog').getByRole('button', { name: 'Sign In' }).click();
  await b.waitForURL(/\/account\/signin$/);
  await b.context().close();

  // B signs in again; A, signed out, resets the password with the emailed code.
  const b2 = await signIn(email, 'biscuits99');
  const c = await newPage(site.browser);
  await c.goto(site.edge.base + '/account/forgot');
  await copyGone(c);
  await c.getByLabel('Email').fill(email);
  await c.getByRole('button', { name: 'Send code' }).click();
  await c.getByRole('heading', { name: 'Check your email' }).waitFor();
  await c.getByLabel('6-digit code').fill(await latestCode(email));
  await c.getByLabel('New password').fill('gravy12345');
  await c.getByRole('button', { name: 'Change password' }).click();
  await c.getByText("For your security, you've been signed out on every device.").first().waitFor();

  assert.deepEqual(await askedWithItsCookies(b2), { status: 401, code: 'session_invalidated' });
  await b2.reload();
  await seesTheForcedSignOut(b2);
  await Promise.all([a.context().close(), b2.context().close(), c.context().close()]);
});
