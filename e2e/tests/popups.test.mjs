// Welcome and site popups (docs/shell.md, "Popups"): shown from content, dismissible, remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, injectAxe } from './harness.mjs';

const site = useSite(before, after);

test('a first visit is welcomed; the popup keeps focus, closes with Escape and stays closed', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  await page.goto(site.edge.base + '/about');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  await welcome.waitFor();
  // The dialog is modal: focus is inside it.
  assert.ok(await welcome.evaluate((d) => d.contains(document.activeElement)));
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  assert.deepEqual(violations, []);
  await page.keyboard.press('Escape');
  await welcome.waitFor({ state: 'detached' });
  // One popup per visit: the site popup waits for the next one; "Close" dismisses it.
  await page.waitForTimeout(300);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await page.reload();
  const promo = page.getByRole('dialog', { name: 'Double points on Tuesdays' });
  await promo.waitFor();
  await promo.getByRole('button', { name: 'Close' }).click();
  await promo.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('banner').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await page.context().close();
});

test('the welcome popup button goes where content says and is not shown at checkout', async () => {
  const page = await newPage(site.browser, [], { showPopups: true });
  await page.goto(site.edge.base + '/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Henhouse' });
  await welcome.getByRole('button', { name: 'Find a Location' }).click();
  await page.waitForURL(/\/locations$/);
  assert.equal(await page.getByRole('dialog', { name: 'Welcome to Henhouse' }).count(), 0);
  const fresh = await newPage(site.browser, [], { showPopups: true });
  await fresh.goto(site.edge.base + '/checkout/order');
  await fresh.waitForTimeout(800);
  assert.equal(await fresh.getByRole('dialog').count(), 0);
  await page.context().close();
  await fresh.context().close();
});
