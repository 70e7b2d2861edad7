// Layout criteria of WCAG 2.2 in Chromium (docs/accessibility.md): reflow at 320 CSS px
// (no sideways scrolling), text spacing (no clipped text in the main controls with the
// text-spacing bookmarklet's styles) and target size at 390 px (every pointer target at
// least 24 × 24 px or with room around it; links inside text are exempt).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi } from './harness.mjs';

const site = useSite(before, after);

const routes = [
  ['/', '[data-screen="mf-content/ContentPage"]'],
  ['/locations', 'role=combobox[name="Address, city, state or ZIP code"]'],
  ['/locations/all', 'h2'],
  ['/locations/ky/louisville/louisville', '.hh-loc-page'],
  ['/menu/m-standard', 'h2:text-is("Chicken")'],
  ['/menu/m-standard/product/tenders-3', 'role=group[name=/^Flavor/]'],
  ['/order/checkout', '[data-screen="mf-checkout/Checkout"]'],
  ['/account/signin', '[data-screen="mf-account/SignIn"] form'],
  ['/account/signup', '[data-screen="mf-account/SignUp"] form'],
  ['/contact', 'select[name="topic"]:enabled'],
  ['/gift-cards/buy', '[data-screen="mf-checkout/GiftCardsBuy"]'],
  ['/catering', '[data-screen="mf-content/ContentPage"]'],
  ['/accessibility', 'h2:text-is("Our standard")'],
  ['/no-such-page', 'text=This page could not be found'],
];

async function open(viewport, path, ready) {
  const page = await newPage(site.browser, [], { viewport });
  await page.goto(site.edge.base + path);
  await page.locator(ready).first().waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
  return page;
}

/** The text-spacing bookmarklet's styles (WCAG 1.4.12), set on every element. */
const spaceText = () => {
  for (const el of document.querySelectorAll('*')) {
    el.style.setProperty('line-height', '1.5', 'important');
    el.style.setProperty('letter-spacing', '0.12em', 'important');
    el.style.setProperty('word-spacing', '0.16em', 'important');
    if (el.tagName === 'P') el.style.setProperty('margin-bottom', '2em', 'important');
  }
};

for (const [path, ready] of routes) {
  test(`${path} at 320 px: no sideways scrolling, and no clipped controls with wider text spacing`, async () => {
    const page = await open({ width: 320, height: 640 }, path, ready);
    const wide = () =>
      page.evaluate(() => {
        const d = document.documentElement;
        return d.scrollWidth - d.clientWidth;
      });
    assert.ok((await wide()) <= 0, `${path} scrolls sideways by ${await wide()} px at 320 px`);
    await page.evaluate(spaceText);
    assert.ok((await wide()) <= 0, `${path} scrolls sideways by ${await wide()} px with wider text spacing`);
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('main button, main a.hh-button, main label, main h2, main .hh-cbutton')]
        .filter((el) => el.getClientRects().length && !el.closest('.visually-hidden'))
        .filter((el) => {
          const s = getComputedStyle(el);
          const clips = (v) => v === 'hidden' || v === 'clip';
          return (
            (clips(s.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
            (clips(s.overflowY) && el.scrollHeight > el.clientHeight + 1)
          );
        })
        .map((el) => el.textContent.trim().slice(0, 40)),
    );
    assert.deepEqual(clipped, [], `${path}: clipped with wider text spacing`);
    await page.context().close();
  });

  test(`${path} at 390 px: every pointer target is at least 24 × 24 px or has room around it`, async () => {
    const page = await open({ width: 390, height: 844 }, path, ready);
    const small = await page.evaluate(() => {
      const sel = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], summary';
      const inText = (el) => {
        // A link in a sentence is exempt: its line has other text.
        if (el.tagName !== 'A') return false;
        const block = el.closest('p, li, dd, td');
        return !!block && block.textContent.trim().length > el.textContent.trim().length;
      };
      const targets = [...document.querySelectorAll(sel)].filter((el) => {
        if (!el.getClientRects().length || el.closest('.visually-hidden, [aria-hidden=true], [inert]')) return false;
        const s = getComputedStyle(el);
        return s.visibility !== 'hidden' && s.pointerEvents !== 'none' && s.opacity !== '0';
      });
      // A control drawn by its label (a styled radio or checkbox) is as large as the label.
      const box = (el) => {
        const lab = (el.type === 'radio' || el.type === 'checkbox') && el.closest('label');
        return (lab || el).getBoundingClientRect();
      };
      const rects = targets.map(box);
      return targets
        .map((el, i) => ({ el, r: rects[i] }))
        .filter(({ el, r }) => (r.width < 24 || r.height < 24) && !inText(el))
        .filter(({ r }) => {
          // The spacing exception: a 24 px circle centred on the small target touches no other target.
          const cx = r.left + r.width / 2;
          const cy = r.top + r.height / 2;
          return rects.some((o) => {
            if (o === r) return false;
            const nx = Math.max(o.left, Math.min(cx, o.right));
            const ny = Math.max(o.top, Math.min(cy, o.bottom));
            return Math.hypot(nx - cx, ny - cy) < 12;
          });
        })
        .map(
          ({ el, r }) =>
            `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || el.name || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    });
    assert.deepEqual(small, [], `${path}: targets smaller than 24 × 24 px without room`);
    await page.context().close();
  });
}

// The drawer and the popups are <dialog>s in the top layer. Sized by the window's width
// (100vw), they were as wide as the window and its scrollbar gutter, and a right-aligned
// drawer then started left of the window's edge by the gutter's width.
for (const width of [320, 390]) {
  test(`at ${width} px the cart drawer and the welcome popup lie inside the window, with quantity buttons a thumb can hit`, async () => {
    const page = await newPage(site.browser, [], { viewport: { width, height: 800 }, showPopups: true });
    await page.goto(site.edge.base + '/about');
    const inside = (loc) =>
      loc.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= 0 && r.right <= document.documentElement.clientWidth + 0.5;
      });
    // The shell's popup (a modal) takes over from the one in the page's HTML once the
    // first screen's frame is drawn; the boxes measured and the buttons pressed are its.
    const takenOver = () =>
      page.waitForFunction(() => document.querySelector('dialog:modal') && !document.getElementById('hh-early-popup'));
    const popup = page.getByRole('dialog', { name: /Welcome/ });
    await popup.waitFor();
    await takenOver();
    assert.equal(await inside(popup), true, 'the welcome popup');
    await popup.getByRole('button', { name: 'Close' }).click();

    assert.equal(
      (await pageApi(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
      201,
    );
    assert.equal((await pageApi(page, 'POST', '/cart/products', { product_id: 'tenders-3', quantity: 1 })).status, 201);
    // The next visit (its session cookie gone, as when the browser closes) shows the site
    // popup, with the first screen: it is closed first.
    await page.context().clearCookies({ name: 'hh_popup_visit' });
    await page.reload();
    await takenOver();
    await page
      .getByRole('dialog', { name: 'Double points on Tuesdays' })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.locator('.hh-cart-button').click();
    const drawer = page.getByTestId('cart-drawer');
    await drawer.getByRole('button', { name: 'One more 3 Tenders' }).waitFor();
    assert.equal(await inside(drawer), true, 'the cart drawer');
    for (const name of ['Remove 3 Tenders', 'One more 3 Tenders']) {
      const box = await drawer.getByRole('button', { name }).boundingBox();
      assert.ok(box.width >= 40 && box.height >= 40, `${name}: ${box.width} × ${box.height}`);
    }
    await page.context().close();
  });
}

// The header's bar holds the burger, the brand name, the greeting and the cart. A
// member's "1250 Points" beside the name once pushed the name to break inside the word
// ("Henhous" over "e") at 390 px: on a phone the balance now stands over its label.
for (const width of [320, 390]) {
  test(`at ${width} px the header keeps the brand name whole, for a guest and for a member`, async () => {
    const page = await newPage(site.browser, [], { viewport: { width, height: 700 } });
    await page.goto(site.edge.base + '/contact');
    // The shell's header, not the prerendered one it replaces (mid-replacement, the
    // measured element may already be gone from the page).
    await page.locator('#main [data-screen]').waitFor();
    await page.waitForFunction(() => window.__henhouse);
    const lines = (selector) =>
      page.locator(selector).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    assert.equal(await lines('.hh-logo'), 1, 'the brand name, signed out');
    assert.equal(await lines('.hh-greeting'), 1, '"Sign In"');
    await page.evaluate(() =>
      window.__henhouse.store.getState().set({
        user: { id: 'u1', email: 'ada@example.com', first_name: 'Ada' },
        members: { points: 1250 },
      }),
    );
    await page.getByRole('link', { name: '1250 Points' }).waitFor();
    assert.equal(await lines('.hh-logo'), 1, 'the brand name, signed in');
    const bar = await page.locator('.hh-header__bar').boundingBox();
    for (const sel of ['.hh-logo', '.hh-greeting', '.hh-cart-button']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.y >= bar.y && box.y + box.height <= bar.y + bar.height, `${sel} inside the bar`);
      assert.ok(
        box.x + box.width <= (await page.evaluate(() => document.documentElement.clientWidth)),
        `${sel} inside the window`,
      );
    }
    await page.context().close();
  });
}
