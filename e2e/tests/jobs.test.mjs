// The city jobs page in Chromium (docs/careers.md): a city's openings grouped by
// restaurant with their apply links, a city with restaurants and no openings, a city
// without a restaurant (404), the JobPosting structured data in the page, and axe at
// phone and desktop widths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, seriousViolations } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

const screenOf = (page) => page.locator('[data-screen="mf-content/Jobs"]');

test('Columbus: openings by restaurant, each with pay, schedule, posting date and an apply link', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  const res = await page.goto(site.edge.base + '/henhouse-columbus-jobs');
  assert.equal(res.status(), 200);
  assert.equal(await page.title(), 'Jobs in Columbus, OH | Henhouse');
  const jobs = screenOf(page);
  await jobs.getByRole('heading', { level: 2, name: 'Jobs in Columbus, OH' }).waitFor({ timeout: 15000 });
  assert.deepEqual(await jobs.getByRole('heading', { level: 3 }).allTextContents(), [
    'Henhouse Columbus Clintonville',
    'Henhouse Columbus Downtown',
  ]);
  const downtown = jobs.getByRole('list', { name: 'Open roles at Henhouse Columbus Downtown' });
  assert.deepEqual(await downtown.getByRole('heading', { level: 4 }).allTextContents(), [
    'Team Member',
    'Restaurant Manager',
    'Cook',
  ]);
  const manager = downtown.getByRole('article', { name: 'Restaurant Manager' });
  const text = await manager.textContent();
  assert.match(text, /\$52,000–\$62,000 a year/);
  assert.match(text, /Full time/);
  // Six days before the day the seed was written, counted in the browser's own day.
  assert.match(text, /Posted [5-7] days ago/);
  const apply = manager.getByRole('link', {
    name: 'Apply for Restaurant Manager at Henhouse Columbus Downtown (opens in a new tab)',
  });
  assert.equal(
    await apply.getAttribute('href'),
    'https://careers.henhouse.example/jobs/oh-columbus-downtown-restaurant-manager',
  );
  assert.equal(await apply.getAttribute('target'), '_blank');
  // Reachable from the keyboard: the apply links are in the tab order.
  await apply.focus();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.startsWith('Apply')), true);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Dayton: one JobPosting per opening in the page, parseable and complete', async () => {
  const res = await fetch(site.edge.base + '/henhouse-dayton-jobs');
  assert.equal(res.status, 200);
  const html = await res.text();
  const policy = res.headers.get('content-security-policy');
  const blocks = [...html.matchAll(/<script type="application\/ld\+json" nonce="([^"]+)">(.*?)<\/script>/g)];
  assert.equal(blocks.length, 4);
  for (const [, nonce, json] of blocks) {
    assert.ok(policy.includes(`'nonce-${nonce}'`));
    const jp = JSON.parse(json);
    assert.equal(jp['@type'], 'JobPosting');
    assert.equal(jp.directApply, false);
    assert.equal(jp.hiringOrganization.name, 'Henhouse');
    assert.equal(jp.jobLocation.address['@type'], 'PostalAddress');
    assert.equal(jp.jobLocation.address.addressLocality, 'Dayton');
    assert.match(jp.datePosted, /^\d{4}-\d\d-\d\d$/);
    assert.ok(Date.parse(jp.validThrough) > Date.now());
    assert.ok(['FULL_TIME', 'PART_TIME'].includes(jp.employmentType));
    assert.equal(jp.baseSalary['@type'], 'MonetaryAmount');
    assert.equal(jp.baseSalary.value.unitText, 'HOUR');
    assert.ok(jp.baseSalary.value.minValue <= jp.baseSalary.value.maxValue);
  }
  assert.deepEqual(
    blocks.map(([, , json]) => JSON.parse(json).title),
    ['Team Member', 'Shift Leader', 'Cook', 'Delivery Driver'],
  );
  // The browser reads the same page without a policy violation (the data blocks are not run).
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await page.goto(site.edge.base + '/henhouse-dayton-jobs');
  await screenOf(page).getByRole('article', { name: 'Shift Leader' }).waitFor({ timeout: 15000 });
  const inPage = await page.$$eval('script[type="application/ld+json"]', (els) =>
    els.map((e) => JSON.parse(e.textContent).title),
  );
  assert.equal(inPage.length, 4);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Toledo has a restaurant and no openings: the page says so and links on', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  const res = await page.goto(site.edge.base + '/henhouse-toledo-jobs');
  assert.equal(res.status(), 200);
  const jobs = screenOf(page);
  await jobs.getByText('No open roles in Toledo right now.').waitFor({ timeout: 15000 });
  assert.equal(await page.locator('script[type="application/ld+json"]').count(), 0);
  assert.equal(await jobs.getByRole('article').count(), 0);
  await jobs.getByRole('link', { name: 'See every job on our careers site (opens in a new tab)' }).waitFor();
  await jobs.getByRole('link', { name: 'Our restaurants in Toledo, OH' }).click();
  await page.waitForURL(/\/locations\/oh\/toledo$/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a city without a restaurant is the 404 page', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  const res = await page.goto(site.edge.base + '/henhouse-atlantis-jobs');
  assert.equal(res.status(), 404);
  await page.getByRole('heading', { name: 'This page could not be found' }).waitFor({ timeout: 15000 });
  assert.equal(await page.title(), 'Page not found | Henhouse');
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const [name, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
]) {
  for (const city of ['columbus', 'toledo']) {
    test(`/henhouse-${city}-jobs has no serious accessibility violations at ${viewport.width} px (${name})`, async () => {
      const errors = [];
      const page = await newPage(site.browser, errors, { viewport });
      await page.goto(site.edge.base + `/henhouse-${city}-jobs`);
      await screenOf(page).locator('.hh-jobs > :not([role="status"])').first().waitFor({ timeout: 15000 });
      const serious = await seriousViolations(page);
      assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
}
