// A screen the remote's build drew as HTML is on the page with its first paint: the edge
// writes the copy into the main area, the guest sees the form (or the empty cart) before
// any script has run, and the screen itself takes its place without a visible change.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, pageApi, seriousViolations, signUp, holdScripts } from './harness.mjs';

const site = useSite(before, after);

/** Where each visible element of the main area (or those `selector` picks) is, by its
 *  tag and text. */
const layout = (page, selector = '#main h2, #main h3, #main label, #main input, #main button, #main a, #main p') =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .filter((e) => e.getClientRects().length)
        .map((e) => {
          const b = e.getBoundingClientRect();
          return `${e.localName} ${(e.textContent ?? '').trim().slice(0, 30)} @ ${[b.x, b.y, b.width, b.height].map(Math.round).join(',')}`;
        }),
    selector,
  );

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px the sign-in form is on the page before the scripts, cannot be used until the screen comes, which takes its place unmoved`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    const release = await holdScripts(page);
    await page.goto(site.edge.base + '/account/signin', { waitUntil: 'commit' });
    const copy = page.locator('#main [data-prerendered="mf-account/SignIn"]');
    await copy.getByRole('heading', { name: 'Sign in with your email and password', includeHidden: true }).waitFor();
    assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
    assert.equal(await page.locator('#main .hh-area-loading').count(), 0);
    // Inert: neither a click nor the keyboard reaches its fields.
    await page.mouse.click(...(await centre(page, '#main input[type="email"]')));
    await page.keyboard.type('lost');
    assert.notEqual(await page.evaluate(() => document.activeElement?.localName), 'input');
    assert.equal(await page.locator('#main input[type="email"]').inputValue(), '');
    assert.deepEqual(await seriousViolations(page), []);
    const before = await layout(page);
    assert.ok(
      before.some((l) => l.startsWith('button Sign in @')),
      before.join('\n'),
    );

    release();
    await page.locator('[data-screen="mf-account/SignIn"]').waitFor();
    assert.equal(await copy.count(), 0);
    assert.deepEqual(await layout(page), before);
    await page.getByLabel('Email').fill('ada@example.com');
    assert.equal(await page.getByLabel('Email').inputValue(), 'ada@example.com');
    // The screen's style sheets are the page's: its loader does not add them again.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')]
        .map((l) => l.href)
        .filter((h) => h.includes('/modules/')),
    );
    assert.ok(sheets.length > 0);
    assert.equal(new Set(sheets).size, sheets.length, sheets.join('\n'));
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  for (const { path, screen, button } of [
    { path: '/account/signup', screen: 'mf-account/SignUp', button: 'Create account' },
    { path: '/account/forgot', screen: 'mf-account/Forgot', button: 'Send code' },
  ]) {
    test(`at ${viewport.width} px ${path} shows its form before the scripts, and the screen takes its place unmoved`, async () => {
      const errors = [];
      const page = await newPage(site.browser, errors, { viewport });
      const release = await holdScripts(page);
      await page.goto(site.edge.base + path, { waitUntil: 'commit' });
      const copy = page.locator(`#main [data-prerendered="${screen}"]`);
      await copy.getByRole('button', { name: button, includeHidden: true }).waitFor({ state: 'attached' });
      assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
      assert.deepEqual(await seriousViolations(page), []);
      const before = await layout(page);
      assert.ok(
        before.some((l) => l.startsWith(`button ${button} @`)),
        before.join('\n'),
      );

      release();
      await page.locator(`[data-screen="${screen}"]`).waitFor();
      assert.equal(await copy.count(), 0);
      assert.deepEqual(await layout(page), before);
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.fill('ada@example.com');
      assert.equal(await email.inputValue(), 'ada@example.com');
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px a first visit to /order shows the empty cart before the scripts, and the screen takes its place unmoved`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    const release = await holdScripts(page);
    await page.goto(site.edge.base + '/order', { waitUntil: 'commit' });
    const copy = page.locator('#main [data-prerendered="mf-checkout/Order"]');
    await copy.getByText('Your cart is empty.').waitFor();
    assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
    assert.deepEqual(await seriousViolations(page), []);
    const before = await layout(page);
    assert.ok(
      before.some((l) => l.startsWith('a Back to Menu @')),
      before.join('\n'),
    );
    release();
    await page.locator('[data-screen="mf-checkout/Order"]').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await copy.count(), 0);
    assert.deepEqual(await layout(page), before);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

// Pages opened without what they are for (a confirmation link that lost its code, the
// confirmation page without an order, the app's checkout with no cart) say so with the
// first paint.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  for (const { path, screen, text, link } of [
    {
      path: '/account/confirmed',
      screen: 'mf-account/Confirmed',
      text: 'This link is missing its confirmation code.',
      link: 'Sign in',
    },
    {
      path: '/app/code',
      screen: 'mf-account/AppCode',
      text: 'This sign-in link is incomplete.',
      link: 'Back to sign in',
    },
    { path: '/order/confirm', screen: 'mf-checkout/Confirmation', text: 'No recent order', link: 'Start an order' },
    { path: '/app/checkout', screen: 'mf-checkout/Checkout', text: 'Your cart is empty' },
  ]) {
    test(`at ${viewport.width} px ${path} says what it lacks before the scripts, and the screen takes its place unmoved`, async () => {
      const errors = [];
      const page = await newPage(site.browser, errors, { viewport });
      const release = await holdScripts(page);
      await page.goto(site.edge.base + path, { waitUntil: 'commit' });
      const copy = page.locator(`#main [data-prerendered="${screen}"]`);
      await copy.getByText(text).waitFor();
      assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
      assert.deepEqual(await seriousViolations(page), []);
      const before = await layout(page);
      if (link)
        assert.ok(
          before.some((l) => l.startsWith(`a ${link} @`)),
          before.join('\n'),
        );
      release();
      await page.locator(`[data-screen="${screen}"]`).getByText(text).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await copy.count(), 0);
      assert.deepEqual(await layout(page), before);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px the app's subscription plans are there for a guest before the scripts, and the screen takes their place unmoved`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    const release = await holdScripts(page);
    await page.goto(site.edge.base + '/app/subscribe', { waitUntil: 'commit' });
    const copy = page.locator('#main [data-prerendered="mf-account/Subscribe"]');
    await copy.getByText('Biscuit Club: Free Biscuit, every day').waitFor();
    assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
    assert.deepEqual(await seriousViolations(page), []);
    const plans = '#main h3, #main h4, #main li, #main p, #main a';
    const before = await layout(page, plans);
    for (const line of ['h4 Henhouse Drink Club', 'p $2.99 a month', 'li Drink Club: Free Regular Drink', 'a Sign in'])
      assert.ok(
        before.some((l) => l.startsWith(line + ' @')),
        before.join('\n'),
      );
    release();
    await page
      .locator('[data-screen="mf-account/Subscribe"]')
      .getByText('Biscuit Club: Free Biscuit, every day')
      .waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await copy.count(), 0);
    assert.deepEqual(await layout(page, plans), before);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('with what it is for in its address (a code, an order), a page gets no copy of what it says without it', async () => {
  const page = await newPage(site.browser);
  const copied = async (path) =>
    (await (await page.request.get(site.edge.base + path)).text()).includes('data-prerendered');
  assert.ok(await copied('/order/confirm'), 'no copy without an order');
  assert.ok(!(await copied('/order/confirm/o-123')), "a copy for an order's page");
  assert.ok(await copied('/app/checkout'), "no copy of the app's empty cart");
  assert.ok(!(await copied('/app/checkout?order=o-123')), 'a copy for an order the app has placed');
  assert.ok(!(await copied('/account/confirmed?code=abc')), 'a copy for a link with its code');
  assert.ok(!(await copied('/app/code?code=abc&state=xyz')), 'a copy for a sign-in return with its code');
  assert.ok(await copied('/app/subscribe'), "no copy of the app's plans");
  assert.ok(!(await copied('/app/subscribe?handover=abc')), 'a copy of the plans for a member the app is signing in');
  await page.context().close();
});

test('a visitor who has chosen a location gets no copy of the sign-up form: it starts with that location', async () => {
  const page = await newPage(site.browser);
  const html = async (cookie) =>
    (await page.request.get(site.edge.base + '/account/signup', { headers: cookie ? { cookie } : {} })).text();
  assert.ok((await html('')).includes('data-prerendered="mf-account/SignUp"'), 'no copy on a first visit');
  assert.ok(!(await html('hh_location=oh-dayton|m-standard')).includes('data-prerendered'), 'a copy with a location');
  await page.context().close();
});

async function centre(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

test('a signed-in member gets no copy of the sign-in form: the page sends them on', async () => {
  const page = await newPage(site.browser);
  await signUp(page, site.edge.base, `pre-${Date.now()}@example.com`, `614555${String(Date.now()).slice(-4)}`);
  const html = await (await page.request.get(site.edge.base + '/account/signin')).text();
  assert.ok(!html.includes('data-prerendered'), 'a copy for a member');
  const plans = await (await page.request.get(site.edge.base + '/app/subscribe')).text();
  assert.ok(!plans.includes('data-prerendered'), "a guest's plans for a member");
  await page.context().close();
});

test('the checkout says at once that the cart is empty, with no loading state after it; a visitor with a cart gets no such copy', async () => {
  const page = await newPage(site.browser);
  // Everything the main area shows, in order, from the first paint on.
  await page.addInitScript(() => {
    window.__shown = [];
    new MutationObserver(() => {
      const main = document.getElementById('main');
      const now = main ? (main.innerText || '').trim().split('\n')[0] : '';
      if (now && window.__shown.at(-1) !== now) window.__shown.push(now);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(site.edge.base + '/order/checkout');
  await page
    .locator('[data-screen="mf-checkout/Checkout"]')
    .getByRole('heading', { name: 'Your cart is empty' })
    .waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await page.evaluate(() => window.__shown), ['Your cart is empty']);

  assert.equal(
    (await pageApi(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' })).status,
    201,
  );
  assert.equal((await pageApi(page, 'POST', '/cart/products', { product_id: 'tenders-3' })).status, 201);
  const html = await (await page.request.get(site.edge.base + '/order/checkout')).text();
  assert.ok(!html.includes('data-prerendered'), 'an empty cart drawn for a visitor with a cart');
  await page.goto(site.edge.base + '/order/checkout');
  await page
    .getByRole('heading', { name: 'Your cart is empty' })
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.getByText('3 Tenders').first().waitFor();
  await page.context().close();
});

test('a product page shows its photo, name and description before the scripts, keeps the footer back, and the screen puts its form under them unmoved', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: { width: 390, height: 844 } });
  const release = await holdScripts(page);
  await page.goto(site.edge.base + '/menu/m-standard/product/combo-2pc', { waitUntil: 'commit' });
  const copy = page.locator('#main [data-prerendered="mf-menu/Product"]');
  await copy.getByRole('heading', { name: '2 Piece Combo', includeHidden: true }).waitFor();
  await page
    .locator('#main img.hh-product__img')
    .evaluate((img) => img.complete || new Promise((r) => (img.onload = r)));
  assert.equal(await copy.locator('img').getAttribute('src'), '/static/img/products/combo-pieces.webp');
  assert.equal(
    await copy.getByRole('link', { name: 'Back to the menu', includeHidden: true }).getAttribute('href'),
    '/menu/m-standard',
  );
  assert.ok(!(await page.locator('footer').isVisible()), 'the footer stands under the top of the page');
  const top = async () =>
    page.evaluate(() =>
      ['.hh-product__img', '.hh-product__name', '.hh-product__top p'].map((s) => {
        const b = document.querySelector(`#main ${s}`).getBoundingClientRect();
        return [b.x, b.y, b.width, b.height].map(Math.round).join(',');
      }),
    );
  const before = await top();

  release();
  await page.getByRole('button', { name: /^Add to cart/ }).waitFor();
  assert.equal(await copy.count(), 0);
  assert.deepEqual(await top(), before);
  assert.ok(await page.locator('footer').isVisible());
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px a city's jobs page shows its count and first opening before the scripts, and the screen adds the rest without moving them`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    const release = await holdScripts(page);
    await page.goto(site.edge.base + '/henhouse-dayton-jobs', { waitUntil: 'commit' });
    const copy = page.locator('#main [data-prerendered="mf-content/Jobs"]');
    await copy.getByRole('heading', { level: 2, name: 'Jobs in Dayton, OH', includeHidden: true }).waitFor();
    assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
    assert.equal(await copy.locator('.hh-jobs__count').textContent(), '4 open roles at our restaurants in Dayton.');
    const first = copy.locator('article');
    assert.equal(await first.count(), 1);
    assert.equal(await first.locator('h4').textContent(), 'Team Member');
    assert.deepEqual(await first.locator('dd').allTextContents(), [
      '$13–$16 an hour',
      'Part time',
      '15–30 hours a week; mornings, evenings or weekends, you choose',
      'Morning, evening, weekend',
    ]);
    assert.equal(
      await first.locator('a').getAttribute('href'),
      'https://careers.henhouse.example/jobs/oh-dayton-team-member',
    );
    assert.ok(!(await page.locator('footer').isVisible()), 'the footer stands under the first opening');
    assert.deepEqual(await seriousViolations(page), []);
    // Every box of the copy, but the height of the description: on a wide screen a card
    // grows to the height of its row once the card beside it is there, and its Apply
    // button waits for the screen.
    const wide = viewport.width >= 900;
    assert.equal(await first.locator('a').isVisible(), !wide);
    const boxes = () =>
      page.evaluate(
        (wide) =>
          [
            ...document.querySelectorAll(
              `#main h2, #main .hh-jobs__count, #main h3, #main .hh-jobs__address, #main .hh-job:first-child :is(h4, dt, dd, .hh-job__description${wide ? '' : ', .hh-job__apply'})`,
            ),
          ]
            .filter((e) => e.getClientRects().length)
            .map((e) => {
              const b = e.getBoundingClientRect();
              const h = e.matches('.hh-job__description') ? '' : Math.round(b.height);
              return `${e.localName} ${(e.textContent ?? '').trim().slice(0, 20)} @ ${[b.x, b.y, b.width].map(Math.round).join(',')},${h}`;
            }),
        wide,
      );
    const before = await boxes();

    release();
    await page.getByRole('link', { name: /^Apply for Cook at / }).waitFor();
    assert.equal(await copy.count(), 0);
    assert.match(await page.locator('.hh-job__posted').first().textContent(), /^Posted /);
    assert.deepEqual(await boxes(), before);
    assert.ok(await page.locator('footer').isVisible());
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px a content page's hero is there before the scripts, its buttons and picture in place, and the screen adds the blocks after it without moving it`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    for (const [path, buttons] of [
      ['/', ['Order Now', 'Join Rewards']],
      ['/catering', ['Start a catering order']],
    ]) {
      const release = await holdScripts(page);
      await page.goto(site.edge.base + path, { waitUntil: 'commit' });
      const copy = page.locator('#main [data-prerendered="mf-content/ContentPage"]');
      await copy.locator('.hh-hero h2').waitFor();
      assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
      assert.deepEqual(await copy.locator('.hh-cbutton:visible').allTextContents(), buttons);
      await page.locator('#main .hh-hero img').evaluate((img) => img.complete || new Promise((r) => (img.onload = r)));
      assert.ok(!(await page.locator('footer').isVisible()), 'the footer stands under the hero');
      assert.deepEqual(await seriousViolations(page), []);
      const hero = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('#main .hh-hero :is(h2, p, .hh-cbutton, img)')]
            .filter((e) => e.getClientRects().length)
            .map((e) => {
              const b = e.getBoundingClientRect();
              return `${e.localName} ${(e.textContent ?? '').trim().slice(0, 20)} @ ${[b.x, b.y, b.width, b.height].map(Math.round).join(',')}`;
            }),
        );
      const before = await hero();
      assert.equal(before.length, 3 + buttons.length);

      release();
      await page.locator('[data-screen="mf-content/ContentPage"] .hh-block:nth-child(3)').waitFor();
      assert.equal(await copy.count(), 0);
      assert.deepEqual(await hero(), before);
      assert.ok(await page.locator('footer').isVisible());
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

/** Where the location search's panel parts and the map's frame are. */
const searchLayout = (page) =>
  layout(page, '#main .hh-loc-layout__panel :is(h2, h3, label, input, button, a), #main .hh-loc-layout__map');

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px the location search is there before the scripts, and the screen takes its place unmoved`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    const release = await holdScripts(page);
    await page.goto(site.edge.base + '/locations', { waitUntil: 'commit' });
    const copy = page.locator('#main [data-prerendered="mf-locations/Search"]');
    await copy.getByRole('button', { name: 'Search', includeHidden: true }).waitFor();
    assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
    assert.equal(await copy.getByText('Use my location').count(), 1);
    await page.mouse.click(...(await centre(page, '#main input[name="formattedAddress"]')));
    await page.keyboard.type('lost');
    assert.equal(await page.locator('#main input[name="formattedAddress"]').inputValue(), '');
    assert.deepEqual(await seriousViolations(page), []);
    const before = await searchLayout(page);
    assert.ok(
      before.some((l) => l.startsWith('a See every location by state @')),
      before.join('\n'),
    );

    release();
    await page.locator('[data-screen="mf-locations/Search"]').waitFor();
    await copy.waitFor({ state: 'detached' });
    assert.deepEqual(await searchLayout(page), before);
    await page.getByLabel('Address, city, state or ZIP code').fill('Dayton, OH');
    assert.equal(await page.getByLabel('Address, city, state or ZIP code').inputValue(), 'Dayton, OH');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('a search in the address bar gets no copy of the location search: the screen fills it in', async () => {
  const html = await (await fetch(site.edge.base + '/locations?formattedAddress=Dayton%2C%20OH')).text();
  assert.ok(!html.includes('data-prerendered'), 'a copy for a search');
  assert.ok(
    (await (await fetch(site.edge.base + '/locations')).text()).includes('data-prerendered="mf-locations/Search"'),
  );
});

/** Where the menu page's top is: its header, search and filters, category links and the
 *  first section's head. */
const menuTop = (page) =>
  layout(
    page,
    '#main :is(.hh-menu-header :is(h2, p, a, button), .hh-menu-filters :is(input, button), .hh-category-bar a, .hh-menu-section h2, .hh-menu-section > p)',
  );

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px a menu page shows its location, filters and first section before the scripts, and the screen adds the rest without moving them`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport });
    const release = await holdScripts(page);
    await page.goto(site.edge.base + '/menu/m-standard', { waitUntil: 'commit' });
    const copy = page.locator('#main [data-prerendered="mf-menu/Menu"]');
    // The copy's location (Columbus Downtown) opens after breakfast, so the menu opens on
    // chicken, which is sold all day (docs/menu.md, "Dayparts").
    await copy.getByRole('heading', { name: 'Chicken', level: 2, includeHidden: true }).waitFor();
    assert.equal(await page.locator('[data-screen]').count(), 0, 'the copy is taken for the screen');
    // No location is chosen for a new visitor: the copy says so, as the screen does.
    assert.match(await copy.locator('.hh-menu-header').innerText(), /No location chosen yet\./);
    assert.doesNotMatch(await copy.locator('.hh-menu-section').innerText(), /served/);
    assert.ok(!(await page.locator('footer').isVisible()), 'the footer stands under the top of the page');
    assert.deepEqual(await seriousViolations(page), []);
    const before = await menuTop(page);
    assert.ok(
      before.some((l) => l.startsWith('a Chicken @')),
      before.join('\n'),
    );

    release();
    await page.locator('[data-screen="mf-menu/Menu"]').waitFor();
    await copy.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'All of Chicken' }).waitFor();
    const after = await menuTop(page);
    for (const l of before) assert.ok(after.includes(l), `${l} moved:\n${after.join('\n')}`);
    assert.ok(
      after.some((l) => l.startsWith('a Seafood & Salads @')),
      'the other categories come with the screen',
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('a visitor who chose a location of the menu, or searched it, gets no copy of its top', async () => {
  const plain = await (await fetch(site.edge.base + '/menu/m-standard')).text();
  assert.ok(plain.includes('data-prerendered="mf-menu/Menu"'));
  const chosen = await (
    await fetch(site.edge.base + '/menu/m-standard', { headers: { cookie: 'hh_location=oh-dayton|m-standard' } })
  ).text();
  assert.ok(!chosen.includes('data-prerendered'), 'a copy of another location');
  const here = await (
    await fetch(site.edge.base + '/menu/m-standard', {
      headers: { cookie: 'hh_location=oh-columbus-downtown|m-standard' },
    })
  ).text();
  assert.ok(!here.includes('data-prerendered'), 'a copy saying no location is chosen, to a visitor who chose one');
  const searched = await (await fetch(site.edge.base + '/menu/m-standard?q=tenders')).text();
  assert.ok(!searched.includes('data-prerendered'), 'a copy for a search');
});
