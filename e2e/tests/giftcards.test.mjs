// E-gift cards in Chromium (docs/giftcards.md): a guest buys a $40 card by card in the
// processor's hosted fields, the recipient's email in the developer outbox holds its
// number and PIN, and the balance page answers $40.00 for them; a declined card says so
// at the card form and sends nothing; the keyboard through the card frame; axe at 390
// and 1280 px on both pages.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, newPage, seriousViolations, tabTo } from './harness.mjs';

const site = useSite(before, after);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

async function outboxFor(email) {
  const r = await fetch(`${site.edge.base}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  assert.equal(r.status, 200);
  return (await r.json()).messages;
}

async function openBuy(page) {
  await page.goto(site.edge.base + '/gift-cards/buy');
  await page.getByRole('heading', { name: 'Buy an e-gift card', level: 2 }).waitFor({ timeout: 15000 });
}

/** fillPurchase fills every field of the buy form for a $40 card to `recipient`. */
async function fillPurchase(page, recipient) {
  await page.getByRole('radio', { name: 'Other amount' }).check();
  await page.getByLabel('Amount in dollars').fill('40');
  await page.getByRole('radio', { name: 'Thank You' }).check();
  await page.getByLabel("Recipient's name").fill('Sam Rivera');
  await page.getByLabel("Recipient's email").fill(recipient);
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Message (optional)').fill('Thanks for the help with the move!');
  await page.getByLabel('Your email').fill('ada@example.com');
}

async function fillCard(page, number) {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Billing ZIP code').fill('43215');
}

const buyButton = (page) => page.getByRole('button', { name: /^Buy gift card/ });

test('a guest buys a $40 e-gift card; the recipient’s email holds a card the balance page answers $40.00 for', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  const recipient = `sam.${Date.now()}@example.com`;
  // The gift cards page's button leads to the buy page.
  await page.goto(site.edge.base + '/gift-cards');
  await page.getByRole('button', { name: 'Buy an e-gift card' }).click();
  await page.getByRole('heading', { name: 'Buy an e-gift card', level: 2 }).waitFor({ timeout: 15000 });
  await page.getByText('Any amount from $10 to $500 in whole dollars.', { exact: false }).waitFor();
  await fillPurchase(page, recipient);
  await fillCard(page, '4111 1111 1111 1111');
  assert.equal(await buyButton(page).textContent(), 'Buy gift card · $40.00');
  await buyButton(page).click();

  const done = page.getByRole('heading', { name: 'Thank you! Your gift card is on its way' });
  await done.waitFor({ timeout: 20000 });
  await page.waitForFunction(() => document.activeElement?.id === 'gc-done-h');
  const summary = page.locator('.hh-giftcards__summary');
  assert.match(await summary.textContent(), /Order referenceGC-[A-Z2-9]{10}Amount\$40\.00/);
  await summary.getByText(`Sam Rivera (${recipient})`).waitFor();
  await summary.getByText('Visa •••• 1111').waitFor();

  const [email] = await outboxFor(recipient);
  assert.ok(email, 'the recipient got an email');
  const card = /Card number: ([\d ]+)\nPIN: (\d+)/.exec(email.body);
  assert.ok(card, email.body);
  assert.match(email.body, /Thanks for the help with the move!/);
  const [number, pin] = [card[1], card[2]];
  const receipt = (await outboxFor('ada@example.com')).find((m) => m.kind === 'gift_card_receipt');
  assert.ok(receipt && !receipt.body.includes(pin + '\n') && !receipt.body.includes(number), 'the receipt has no card');

  // The balance page, reached from the gift cards page's button.
  await page.goto(site.edge.base + '/gift-cards');
  await page.getByRole('button', { name: 'Check a balance' }).click();
  await page.getByRole('heading', { name: 'Check a gift card balance', level: 2 }).waitFor({ timeout: 15000 });
  await page.getByLabel('Gift card number').fill(number);
  await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Check balance' }).click();
  const last4 = number.replace(/\s/g, '').slice(-4);
  await page.getByText(`$40.00 left on the card ending ${last4}`).waitFor({ timeout: 15000 });

  // A wrong PIN is said at the number, and that field takes focus.
  await page.getByLabel('PIN').fill(pin === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await page.getByText("We couldn't find a gift card with that number and PIN.", { exact: false }).waitFor();
  assert.equal(await page.getByLabel('Gift card number').getAttribute('aria-invalid'), 'true');
  assert.deepEqual(errors, []);
});

test('a declined card is said at the card form, and nothing is sent', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: desktop });
  const recipient = `declined.${Date.now()}@example.com`;
  await openBuy(page);
  await fillPurchase(page, recipient);
  await fillCard(page, '4000 0000 0000 0002');
  await buyButton(page).click();
  await page
    .locator('.hh-card-form')
    .getByRole('alert')
    .getByText('Your card was declined. Try another card.')
    .waitFor({ timeout: 15000 });
  assert.equal(await page.getByRole('heading', { name: /Thank you/ }).count(), 0);
  assert.deepEqual(await outboxFor(recipient), []);
  assert.deepEqual(errors, []);
});

// No popup covers a task page (docs/shell.md, "Popups"): on a first visit the card
// form is there to use at once, the card processor's frame with it.
test('on a first visit no popup covers the form, and the card frame loads', async () => {
  const errors = [];
  const page = await newPage(site.browser, errors, { viewport: phone, showPopups: true });
  await openBuy(page);
  await page.frameLocator('iframe[title="Card details"]').getByLabel('Card number').waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('keyboard: from the last field through the card frame to the buy button', async () => {
  const page = await newPage(site.browser, [], { viewport: desktop });
  const recipient = `keys.${Date.now()}@example.com`;
  await openBuy(page);
  await page.locator('iframe[title="Card details"]').waitFor();
  await fillPurchase(page, recipient);
  await page.getByLabel('Your email').focus();

  await tabTo(page, 'Card number');
  await page.keyboard.type('4111111111111111');
  await tabTo(page, 'Expiry date');
  await page.keyboard.type('1230');
  await tabTo(page, 'Security code');
  await page.keyboard.type('123');
  await tabTo(page, 'Billing ZIP code');
  await page.keyboard.type('43215');
  await tabTo(page, 'Buy gift card');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Thank you! Your gift card is on its way' }).waitFor({ timeout: 20000 });
  assert.equal((await outboxFor(recipient)).length, 1);
});

for (const viewport of [phone, desktop]) {
  test(`axe finds no serious problem on the gift card pages at ${viewport.width} px`, async () => {
    const page = await newPage(site.browser, [], { viewport });
    await openBuy(page);
    await page.locator('iframe[title="Card details"]').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    // With the form's problems showing.
    await buyButton(page).click();
    await page.getByText("Enter the recipient's name").waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await page.goto(site.edge.base + '/gift-cards/balance');
    await page.getByRole('heading', { name: 'Check a gift card balance', level: 2 }).waitFor({ timeout: 15000 });
    assert.deepEqual(await seriousViolations(page), []);
  });
}
