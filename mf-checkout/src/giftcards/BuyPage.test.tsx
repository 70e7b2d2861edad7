import { screen, waitFor, within } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { cardFields, visaToken } from '@henhouse/kit/payments/test/cardFields';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { isoDate } from './rules';
import GiftCardsBuy from '../screens/GiftCardsBuy';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
// The processor's frame is replaced by a stand-in that answers tokens: what happens inside
// the real frame is tested in hosted-fields/ and in the browser tests.
jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
}));

const designs = {
  designs: [
    { id: 'classic', name: 'Classic Henhouse' },
    { id: 'birthday', name: 'Happy Birthday' },
    { id: 'thanks', name: 'Thank You' },
    { id: 'holiday', name: 'Happy Holidays' },
  ],
  min_cents: 1000,
  max_cents: 50000,
  message_max: 250,
  send_ahead_days: 90,
};
const today = isoDate(new Date());
const purchase = {
  id: 'GC-ABCDEFGH23',
  status: 'sent',
  amount_cents: 4000,
  design: 'birthday',
  recipient_name: 'Sam Rivera',
  recipient_email: 'sam@example.com',
  sender_name: 'Ada',
  send_on: today,
  time_zone: 'America/New_York',
  buyer_email: 'ada@example.com',
  payment_label: 'Visa •••• 4242',
  created_at: '2026-11-25T17:00:00Z',
  last4: '7788',
};

beforeEach(() => {
  resetStore();
  jest.mocked(executeBotCheck).mockResolvedValue('bot-token');
  Object.values(cardFields).forEach((f) => f.mockReset());
  cardFields.tokenize.mockResolvedValue(visaToken);
});

async function fill(u: ReturnType<typeof setupUser>) {
  await u.click(screen.getByRole('radio', { name: 'Other amount' }));
  await u.type(screen.getByLabelText('Amount in dollars'), '40');
  await u.click(screen.getByRole('radio', { name: 'Happy Birthday' }));
  await u.type(screen.getByLabelText("Recipient's name"), 'Sam Rivera');
  await u.type(screen.getByLabelText("Recipient's email"), 'sam@example.com');
  await u.type(screen.getByLabelText('Your name'), 'Ada');
  await u.type(screen.getByLabelText('Message (optional)'), 'Lunch is on me');
  await u.type(screen.getByLabelText('Your email'), 'ada@example.com');
}

const buyButton = () => screen.getByRole('button', { name: /^Buy gift card/ });

describe('buy an e-gift card', () => {
  it('states the limits, then buys with a card token, the bot check and one key, and confirms with focus', async () => {
    const api = mockApi({
      'GET /giftcards/designs': { body: designs },
      'POST /giftcards/purchases': { status: 201, body: { purchase } },
    });
    const u = setupUser();
    mount(GiftCardsBuy, '/gift-cards/buy');
    expect(await screen.findByText(/Any amount from \$10 to \$500 in whole dollars/)).toBeInTheDocument();
    expect(screen.getByText(/A gift card can't be used to buy another gift card/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Design' })).getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByLabelText('Send date')).toHaveValue(today);
    expect(await screen.findByTitle('Card details')).toBeInTheDocument();
    await fill(u);
    expect(buyButton()).toHaveTextContent('Buy gift card · $40.00');
    await u.click(buyButton());
    const heading = await screen.findByRole('heading', { name: 'Thank you! Your gift card is on its way' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('GC-ABCDEFGH23')).toBeInTheDocument();
    expect(screen.getByText('$40.00')).toBeInTheDocument();
    expect(screen.getByText('Sam Rivera (sam@example.com)')).toBeInTheDocument();
    const [call] = api.to('POST /giftcards/purchases');
    expect(call.body).toEqual({
      amount_cents: 4000,
      design: 'birthday',
      recipient_name: 'Sam Rivera',
      recipient_email: 'sam@example.com',
      sender_name: 'Ada',
      message: 'Lunch is on me',
      send_on: today,
      time_zone: expect.any(String),
      buyer_email: 'ada@example.com',
      payment: { kind: 'card', processor: 'hosted', token: 'tok_1' },
    });
    expect(call.headers['X-Bot-Check']).toBe('bot-token');
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(executeBotCheck).toHaveBeenCalledWith('giftcard_buy');
  });

  it('checks every field first, focusing the first problem, and buys nothing', async () => {
    const api = mockApi({ 'GET /giftcards/designs': { body: designs } });
    const u = setupUser();
    mount(GiftCardsBuy, '/gift-cards/buy');
    await screen.findByTitle('Card details');
    await u.click(screen.getByRole('radio', { name: 'Other amount' }));
    await u.type(screen.getByLabelText('Amount in dollars'), '501');
    await u.click(buyButton());
    const amount = screen.getByLabelText('Amount in dollars');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription('Choose an amount from $10 to $500 Whole dollars from $10 to $500');
    expect(screen.getByLabelText("Recipient's name")).toHaveAccessibleDescription("Enter the recipient's name");
    expect(screen.getByLabelText('Your email')).toHaveAttribute('aria-invalid', 'true');
    expect(cardFields.tokenize).not.toHaveBeenCalled();
    expect(api.to('POST /giftcards/purchases')).toHaveLength(0);
  });

  it('counts down the message and refuses one over the limit', async () => {
    mockApi({ 'GET /giftcards/designs': { body: { ...designs, message_max: 10 } } });
    const u = setupUser();
    mount(GiftCardsBuy, '/gift-cards/buy');
    const message = await screen.findByLabelText('Message (optional)');
    expect(message).toHaveAccessibleDescription('10 of 10 characters left');
    await u.type(message, 'Enjoy!');
    expect(message).toHaveAccessibleDescription('4 of 10 characters left');
    await u.type(message, ' Lunch is on me');
    expect(message).toHaveAccessibleDescription('11 characters over the limit of 10');
    await u.click(buyButton());
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
  });

  it('shows a declined card at the card form, focuses the card, and a new attempt gets a new key', async () => {
    const api = mockApi({
      'GET /giftcards/designs': { body: designs },
      'POST /giftcards/purchases': [
        apiError(422, 'card_declined', 'Your card was declined. Try another card.', {
          card: 'Your card was declined. Try another card.',
        }),
        { status: 201, body: { purchase } },
      ],
    });
    const u = setupUser();
    mount(GiftCardsBuy, '/gift-cards/buy');
    await screen.findByTitle('Card details');
    await fill(u);
    await u.click(buyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Try another card.');
    expect(cardFields.focus).toHaveBeenCalled();
    await u.click(buyButton());
    await screen.findByRole('heading', { name: /Thank you/ });
    const [first, second] = api.to('POST /giftcards/purchases');
    expect(first.headers['Idempotency-Key']).not.toBe(second.headers['Idempotency-Key']);
  });

  it('puts the edge’s field messages on their fields', async () => {
    mockApi({
      'GET /giftcards/designs': { body: designs },
      'POST /giftcards/purchases': apiError(400, 'invalid', 'Check the gift card details.', {
        recipient_email: 'Enter an email address like name@example.com',
      }),
    });
    const u = setupUser();
    mount(GiftCardsBuy, '/gift-cards/buy');
    await screen.findByTitle('Card details');
    await fill(u);
    await u.click(buyButton());
    const email = screen.getByLabelText("Recipient's email");
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com We send the card here');
  });
});
