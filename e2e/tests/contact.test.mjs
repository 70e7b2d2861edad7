// The contact form in Chromium (docs/contact.md): a message sent with its restaurant
// picked from the search-as-you-type list, the ticket shown and the guest's copy in the
// outbox; the messages under the fields for an empty form and a 2,001-character message;
// axe at phone and desktop widths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, seriousViolations } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

async function openContact(page) {
  await page.goto(site.edge.base + '/contact');
  // The topics come from the edge: the form is ready when they are there.
  await page.getByRole('combobox', { name: 'What is it about?' }).and(page.locator(':enabled')).waitFor();
}

async function outbox(email) {
  const r = await fetch(`${site.edge.base}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return (await r.json()).messages;
}

test('a message is sent: the ticket is shown and the guest gets a copy', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  await openContact(page);
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada.contact@example.com');
  await page.getByRole('combobox', { name: 'What is it about?' }).selectOption({ label: 'An order' });
  await page.getByRole('textbox', { name: /^Order number/ }).fill('o_Ab12Cd34Ef56Gh78');
  const where = page.getByRole('combobox', { name: /^Which restaurant is it about\?/ });
  await where.pressSequentially('Dayton, OH');
  await page
    .getByRole('option', { name: /^Henhouse Dayton/ })
    .first()
    .click();
  assert.equal(await where.inputValue(), 'Henhouse Dayton');
  await page.getByRole('textbox', { name: 'Message' }).fill('The fries were cold.');
  await page.getByText('1,980 characters left').waitFor();
  await page.getByRole('button', { name: 'Send message' }).click();

  const done = page.getByRole('heading', { name: 'Message sent' });
  await done.waitFor();
  assert.equal(await done.evaluate((h) => h === document.activeElement), true, 'focus on the heading');
  const ticket = await page.locator('.hh-contact-ticket').textContent();
  assert.match(ticket, /^HH-\d{6}-\d{6}$/);

  const copy = (await outbox('ada.contact@example.com')).find((m) => m.kind === 'contact_copy');
  assert.ok(copy, 'the guest has a copy');
  assert.equal(copy.subject, `We got your message — ticket ${ticket}`);
  const desk = (await outbox('guest-relations@henhouse.example')).find((m) => m.subject.includes(ticket));
  assert.ok(desk, 'guest relations have the message');
  assert.match(desk.body, /Location: Henhouse Dayton \(oh-dayton\)/);
  assert.match(desk.body, /Order: o_Ab12Cd34Ef56Gh78 \(not found among the sender's orders/);

  await page.getByRole('button', { name: 'Send another message' }).click();
  assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Ada Lovelace');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an empty form and a 2,001-character message are explained under their fields', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: phone });
  await openContact(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await page.getByRole('group', { name: 'Check 4 fields' }).waitFor();
  assert.equal(await name.evaluate((el) => el === document.activeElement), true, 'focus on the first field to fix');
  assert.equal(await name.getAttribute('aria-invalid'), 'true');
  for (const [label, text] of [
    ['Name', 'Enter your name.'],
    ['Email', 'Enter a valid email address, like name@example.com.'],
    ['Message', 'Write your message.'],
  ]) {
    const input = page.getByLabel(label, { exact: true });
    const described = await input.evaluate((el) =>
      el
        .getAttribute('aria-describedby')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    assert.ok(described.includes(text), `${label}: ${described}`);
  }

  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('x'.repeat(2001));
  await page.getByText('1 character too many').waitFor();
  await page.getByRole('button', { name: 'Send message' }).click();
  await page
    .locator('.hh-form-field__error')
    .filter({ hasText: 'Keep your message to 2000 characters or fewer.' })
    .waitFor();
  assert.equal(await message.getAttribute('aria-invalid'), 'true');
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const [label, viewport] of [
  ['390 px', phone],
  ['1280 px', desktop],
]) {
  test(`/contact at ${label}, with its field messages, has no serious accessibility violations`, async () => {
    const page = await newPage(site.browser, [], { viewport });
    await openContact(page);
    let serious = await seriousViolations(page);
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    await page.getByRole('combobox', { name: 'What is it about?' }).selectOption({ label: 'An order' });
    await page.getByRole('textbox', { name: /^Order number/ }).fill('?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('group', { name: /^Check \d+ fields$/ }).waitFor();
    serious = await seriousViolations(page);
    assert.deepEqual(serious, [], JSON.stringify(serious, null, 2));
    await page.context().close();
  });
}
