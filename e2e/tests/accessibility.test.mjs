// WCAG 2.2 checks that page scanners miss, in Chromium (docs/accessibility.md): page
// changes (title and focus), focus not hidden under the header or the "Order Now"
// overlay, reduced motion, and the accessibility statement with its contact topic.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName, id: el?.id, text: el?.textContent?.trim() ?? '' };
  });

test('a client-side navigation titles the document as the edge does and moves focus to the page heading', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await page.goto(site.edge.base + '/contact');
  const served = await page.title();
  assert.equal(served, 'Contact Us | Henhouse');
  assert.equal((await focused(page)).tag, 'BODY', 'the served page leaves focus alone');

  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await page.waitForURL(/\/about$/);
  await page.locator('[data-screen="mf-content/ContentPage"]').waitFor();
  assert.deepEqual(await focused(page), { tag: 'H1', id: 'page-heading', text: 'Page about' });
  // The editor's title, as the edge writes it for /about.
  await page.waitForFunction(() => document.title === 'About | Henhouse');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await page.waitForURL(/\/contact$/);
  // The address changes first; the title and focus follow once React has rendered the page.
  await page.locator('[data-screen="mf-content/Contact"]').waitFor();
  await page.waitForFunction((t) => document.title === t, served);
  assert.equal(await page.title(), served, 'the same title as the edge wrote');
  assert.deepEqual(await focused(page), { tag: 'H1', id: 'page-heading', text: 'Page contact' });

  // Back: a navigation too.
  await page.goBack();
  await page.waitForURL(/\/about$/);
  assert.equal((await focused(page)).id, 'page-heading');
  assert.deepEqual(errors, []);
  await page.context().close();
});

// The menu is the longest page (the overlay is not shown there); home has the overlay.
for (const [path, ready, overlay] of [
  ['/menu/m-standard', 'h2:text-is("Chicken")', false],
  ['/', '[data-screen="mf-content/ContentPage"]', true],
]) {
  test(`at 390 px, Tab through ${path} never puts focus under the header or the Order Now overlay`, async () => {
    const errors = [];
    const page = await newPage(site.browser, errors, { viewport: phone });
    await page.goto(site.edge.base + path);
    await page.locator(ready).first().waitFor({ timeout: 15000 });
    // The overlay is on the page; it steps aside where it would cover a control or heading.
    if (overlay) await page.locator('.hh-site-overlay__action').waitFor({ state: 'attached' });
    let checked = 0;
    // Forwards (controls come in from the bottom, by the overlay), then backwards (they
    // come in from the top, under the header).
    for (let i = 0; i < 90; i++) {
      await page.keyboard.press(i < 60 ? 'Tab' : 'Shift+Tab');
      // Five points of the focused control (centre and the middle of each edge, 2 px in): what is on top
      // there must not be the header or the overlay.
      const r = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body || el.closest('.hh-header, .hh-site-overlay, dialog')) return null;
        const b = el.getBoundingClientRect();
        const [x, y] = [(b.left + b.right) / 2, (b.top + b.bottom) / 2];
        const pts = [
          [x, y],
          [x, b.top + 2],
          [x, b.bottom - 2],
          [b.left + 2, y],
          [b.right - 2, y],
        ];
        const covered = pts
          .map(([x, y]) => document.elementFromPoint(x, y))
          .filter((top) => top && !el.contains(top) && top.closest('.hh-header, .hh-site-overlay'))
          .map((top) => top.closest('.hh-header, .hh-site-overlay').className);
        return { name: el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40), top: b.top, covered };
      });
      if (!r) continue;
      checked++;
      assert.deepEqual(r.covered, [], `${r.name} (top ${r.top}) is under ${r.covered[0]}`);
    }
    assert.ok(checked > 20, `only ${checked} controls were checked`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('reduced motion: no drawer slide, no loading bar creep, no smooth scrolling', async () => {
  const page = await newPage(site.browser, [], { viewport: phone });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(site.edge.base + '/menu/m-standard');
  await page.getByRole('heading', { name: 'Chicken', exact: true, level: 2 }).waitFor({ timeout: 15000 });
  const motion = await page.evaluate(() => {
    const probe = (cls) => {
      const el = document.createElement('div');
      el.className = cls;
      document.body.append(el);
      const s = getComputedStyle(el);
      const out = {
        animation: parseFloat(s.animationDuration) * (s.animationDuration.endsWith('ms') ? 1 : 1000),
        transition: Math.max(
          ...s.transitionDuration.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000)),
        ),
      };
      el.remove();
      return out;
    };
    return {
      bar: probe('hh-loading-bar hh-loading-bar--running'),
      drawer: probe('hh-drawer'),
      spinner: probe('hh-spinner'),
      scroll: getComputedStyle(document.documentElement).scrollBehavior,
    };
  });
  for (const k of ['bar', 'drawer', 'spinner']) {
    assert.ok(motion[k].animation < 1 && motion[k].transition < 1, `${k} moves: ${JSON.stringify(motion[k])}`);
  }
  assert.equal(motion.scroll, 'auto');
  // The map's zoom and fade animations are off (Leaflet adds this class when they are on).
  await page.goto(site.edge.base + '/locations');
  await page.locator('.leaflet-container').waitFor({ timeout: 15000 });
  assert.equal(await page.locator('.leaflet-container.leaflet-fade-anim').count(), 0);
  await page.context().close();
});

test('the accessibility statement is linked from the footer and a barrier reaches guest relations', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await page.goto(site.edge.base + '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await page.waitForURL(/\/accessibility$/);
  await page.getByRole('heading', { name: 'Our standard', level: 2 }).waitFor();
  await page.getByText(/WCAG\) 2\.2 at level AA/).waitFor();
  for (const h of ['How we test', 'Known limits', 'Reporting a barrier']) {
    await page.getByRole('heading', { name: h, level: 2 }).waitFor();
  }
  await page.getByRole('button', { name: 'Report a barrier' }).click();
  await page.waitForURL(/\/contact\?topic=accessibility$/);
  const topic = page.getByRole('combobox', { name: 'What is it about?' });
  await topic.and(page.locator(':enabled')).waitFor();
  assert.equal(await topic.inputValue(), 'accessibility');
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await page.getByLabel('Email', { exact: true }).fill('grace.a11y@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('The time picker cannot be reached with a switch.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByRole('heading', { name: 'Message sent' }).waitFor();
  const ticket = await page.locator('.hh-contact-ticket').textContent();
  const r = await fetch(`${site.edge.base}/api/dev/outbox?email=guest-relations%40henhouse.example`);
  const desk = (await r.json()).messages.find((m) => m.subject.includes(ticket));
  assert.ok(desk, 'guest relations have the message');
  assert.equal(desk.subject, `[${ticket}] Accessibility from Grace Hopper`);
  assert.match(desk.body, /Topic: Accessibility/);

  // Served directly, the edge titles it from the content.
  await page.goto(site.edge.base + '/accessibility');
  assert.equal(await page.title(), 'Accessibility | Henhouse');
  assert.deepEqual(errors, []);
  await page.context().close();
});
