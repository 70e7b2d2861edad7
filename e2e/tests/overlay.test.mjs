// The "Order Now" overlay, where it shows and where it goes (docs/shell.md, "Site overlay").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, chooseLocation } from './harness.mjs';

const site = useSite(before, after);

test('"Order Now" shows on content pages and goes to /locations with no cart or location', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/catering');
  const orderNow = page.getByRole('link', { name: 'Order Now', exact: true });
  await orderNow.waitFor();
  assert.equal(await orderNow.getAttribute('href'), '/locations');
  await orderNow.click();
  await page.locator('[data-screen="mf-locations/Search"]').waitFor();
  assert.equal(
    await page.getByRole('link', { name: 'Order Now', exact: true }).count(),
    0,
    'hidden on a locations path',
  );
  await page.context().close();
});

test('"Order Now" is hidden on the sign-in page, with or without a trailing slash', async () => {
  const page = await newPage(site.browser);
  for (const path of ['/account/signin', '/account/signin/']) {
    await page.goto(site.edge.base + path);
    await page.locator('[data-screen="mf-account/SignIn"]').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Order Now', exact: true }).count(), 0, path);
  }
  await page.context().close();
});

test('"Order Now" goes to the selected location\'s menu', async () => {
  const page = await newPage(site.browser);
  await page.goto(site.edge.base + '/');
  await chooseLocation(page, { id: 'l1', name: 'Bardstown Road', menu_id: 'm-louisville' });
  await page.reload();
  // Attached, not visible: it steps aside where it would cover a control or heading.
  const orderNow = page.locator('.hh-site-overlay__action');
  await orderNow.waitFor({ state: 'attached' });
  await page.waitForFunction(
    () => document.querySelector('.hh-site-overlay__action')?.getAttribute('href') === '/menu/m-louisville',
  );
  assert.equal(await orderNow.getAttribute('href'), '/menu/m-louisville');
  await page.context().close();
});

// The floating "Order Now" never covers content (docs/shell.md, "Site overlay"): on every
// page of the route table where it shows, at a phone's and a desktop's width, at the top,
// the middle and the bottom of the page, no control and no heading lies under its box
// while it shows. Routes where it never shows (locations, menu, order, the account forms,
// checkout and the app pages) are left out.
const overlayPages = [
  '/',
  '/404',
  '/contact',
  '/henhouse-dayton-jobs',
  '/gift-cards/buy',
  '/gift-cards/balance',
  '/sitemap',
  '/typography',
  '/about',
  '/catering',
  '/rewards',
];
for (const width of [390, 1280]) {
  test(`at ${width} px "Order Now" covers no control or heading, at the top, middle and bottom of each page`, async () => {
    const page = await newPage(site.browser, [], { viewport: { width, height: width < 600 ? 844 : 800 } });
    for (const path of overlayPages) {
      await page.goto(site.edge.base + path);
      await page.locator('#main [data-screen], #main .hh-error-page').first().waitFor({ timeout: 15000 });
      await page.locator('.hh-site-overlay').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      for (const at of ['top', 'middle', 'bottom']) {
        await page.evaluate((at) => {
          const max = document.documentElement.scrollHeight - innerHeight;
          window.scrollTo(0, at === 'top' ? 0 : at === 'middle' ? max / 2 : max);
        }, at);
        // It steps aside within moments of the scroll (a frame, the footer's observer);
        // on a busy machine that may take a few hundred ms.
        let covered = [];
        for (let i = 0; i < 10; i++) {
          await page.waitForTimeout(i === 0 ? 350 : 200);
          covered = await coveredByOverlay(page);
          if (!covered.length) break;
        }
        assert.deepEqual(covered, [], `${path} at the ${at}`);
      }
    }
    await page.context().close();
  });
}

/** coveredByOverlay: the controls and headings under the overlay's box while it shows. */
const coveredByOverlay = (page) =>
  page.evaluate(() => {
    const overlay = document.querySelector('.hh-site-overlay');
    if (!overlay || getComputedStyle(overlay).visibility === 'hidden') return [];
    const o = overlay.getBoundingClientRect();
    const sel =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), h1, h2, h3, h4, h5, h6, [role="heading"]';
    return [...document.querySelectorAll(sel)]
      .filter((el) => !overlay.contains(el) && !el.closest('.visually-hidden, dialog, .hh-header'))
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 && r.height > 0 && r.left < o.right && r.right > o.left && r.top < o.bottom && r.bottom > o.top
        );
      })
      .map((el) => `${el.localName} "${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30)}"`);
  });

test('"Order Now" steps aside near the footer and while a form field has focus, and the page keeps room for it', async () => {
  const page = await newPage(site.browser, [], { viewport: { width: 390, height: 844 } });
  await page.goto(site.edge.base + '/gift-cards/balance');
  await page.locator('#main [data-screen]').first().waitFor({ timeout: 15000 });
  const overlay = page.locator('.hh-site-overlay');
  const shown = () => overlay.evaluate((el) => getComputedStyle(el).visibility !== 'hidden');
  const room = await page.evaluate(() => {
    const s = getComputedStyle(document.documentElement);
    const px = (v) => parseFloat(s.getPropertyValue(v));
    return [
      parseFloat(getComputedStyle(document.getElementById('main')).paddingBottom),
      px('--hh-overlay-height') + px('--hh-overlay-gap'),
    ];
  });
  assert.equal(room[0], room[1], "the main area keeps the overlay's height and gap at its bottom");
  await page.getByRole('textbox').first().focus();
  await page.waitForTimeout(250);
  assert.equal(await shown(), false, 'aside while a field has focus');
  await page.evaluate(() => document.activeElement.blur());
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(350);
  assert.equal(await shown(), false, 'aside while the footer is in view');
  await page.context().close();
});
