// The header's tap targets, its one line on a phone, and a cart count that is never a
// wrong 0 (docs/shell.md, "Header, footer, navigation").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi as api } from './harness.mjs';

const site = useSite(before, after);

for (const width of [390, 1280]) {
  test(`at ${width} px Sign In, the cart and the burger are 44 × 44 px targets on one line; the social links too`, async () => {
    const page = await newPage(site.browser, [], { viewport: { width, height: 800 } });
    await page.goto(site.edge.base + '/about');
    await page.locator('#main [data-screen]').first().waitFor();
    const targets = [
      page.getByRole('link', { name: 'Sign In' }),
      page.getByRole('button', { name: /^Cart/ }),
      ...(width < 1200 ? [page.getByRole('button', { name: 'Open menu' })] : []),
      page.getByRole('link', { name: 'Henhouse on Instagram' }),
      page.getByRole('link', { name: 'Henhouse on Facebook' }),
      page.getByRole('link', { name: 'Henhouse on X' }),
    ];
    for (const t of targets) {
      const box = await t.boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `${await t.textContent()}: ${box.width} × ${box.height}`);
    }
    // One line: every part of the bar sits in its height.
    const bar = await page.locator('.hh-header__bar').boundingBox();
    for (const sel of ['.hh-burger', '.hh-logo', '.hh-greeting', '.hh-cart-button']) {
      const box = await page.locator(sel).boundingBox();
      if (!box) continue; // the burger is not shown on a wide screen
      assert.ok(box.y >= bar.y && box.y + box.height <= bar.y + bar.height, `${sel} inside the bar`);
    }
    assert.equal(await page.locator('.hh-logo').evaluate((el) => el.getClientRects().length), 1);
    // The Instagram icon draws: its outline has a painted stroke.
    const ink = await page
      .getByRole('link', { name: 'Henhouse on Instagram' })
      .locator('svg rect')
      .evaluate((r) => getComputedStyle(r).stroke);
    assert.notEqual(ink, 'none');
    await page.context().close();
  });
}

test('on a reload with a cart, the count shows a placeholder until the cart is read, never 0', async () => {
  const page = await newPage(site.browser, [], { viewport: { width: 390, height: 844 } });
  await page.goto(site.edge.base + '/about');
  assert.equal((await api(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-dayton' })).status, 201);
  assert.equal(
    (
      await api(page, 'POST', '/cart/products', {
        product_id: 'tenders-3',
        quantity: 2,
        modifiers: [{ id: 'flv-spicy' }],
      })
    ).status,
    201,
  );
  // The cart's answer is held until the test lets it go.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\/api\/cart(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  const counts = [];
  await page.exposeFunction('__count', (c) => counts.push(c));
  await page.addInitScript(() => {
    const watch = () => {
      const el = document.querySelector('.hh-cart-button__count');
      if (!el) return requestAnimationFrame(watch);
      const report = () =>
        window.__count(
          getComputedStyle(el).color === 'rgba(0, 0, 0, 0)' || el.hasAttribute('data-pending')
            ? 'placeholder'
            : el.textContent,
        );
      report();
      new MutationObserver(report).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
        attributes: true,
      });
      new MutationObserver(() => {
        const now = document.querySelector('.hh-cart-button__count');
        if (now !== el) watch();
      }).observe(document.documentElement, { childList: true, subtree: true });
    };
    watch();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Cart', exact: true }).waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByRole('button', { name: 'Cart, 0 items' }).count(), 0);
  release();
  await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
  await page.waitForTimeout(100);
  assert.ok(!counts.includes('0'), `the count showed ${JSON.stringify(counts)}`);
  assert.equal(counts.at(-1), '2');
  await page.context().close();
});
