import { screen, waitFor } from '@testing-library/react';
import { setBootstrap, type Bootstrap } from '@henhouse/kit/bootstrap';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { apiError, mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import GiftCardsBalance from '../screens/GiftCardsBalance';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));

beforeEach(() => {
  resetStore();
  jest.mocked(executeBotCheck).mockResolvedValue('bot-token');
});

async function check(number: string, pin: string) {
  const u = setupUser();
  mount(GiftCardsBalance, '/gift-cards/balance');
  await u.type(screen.getByLabelText('Gift card number'), number);
  await u.type(screen.getByLabelText('PIN'), pin);
  await u.click(screen.getByRole('button', { name: 'Check balance' }));
}

describe('gift card balance', () => {
  it('answers the balance after the bot check, and the answer takes focus', async () => {
    const api = mockApi({
      'POST /giftcards/balance': { body: { gift_card: { last4: '2233', balance_cents: 1500, token: 'gc_1' } } },
    });
    await check('6006 4911 1122 2233', '4321');
    const answer = await screen.findByText('$15.00 left on the card ending 2233');
    await waitFor(() => expect(answer).toHaveFocus());
    const [call] = api.to('POST /giftcards/balance');
    expect(call.body).toEqual({ number: '6006491111222233', pin: '4321' });
    expect(call.headers['X-Bot-Check']).toBe('bot-token');
    expect(executeBotCheck).toHaveBeenCalledWith('giftcard');
    expect(screen.getByLabelText('PIN')).toHaveValue('');
  });

  it('checks the fields before asking, focusing the first problem', async () => {
    const api = mockApi({});
    await check('6006', '12');
    expect(screen.getByLabelText('Gift card number')).toHaveAccessibleDescription('The card number is 12 to 19 digits');
    expect(screen.getByLabelText('Gift card number')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('puts a wrong number or PIN at the number', async () => {
    mockApi({
      'POST /giftcards/balance': apiError(
        422,
        'giftcard_invalid',
        "We couldn't find a gift card with that number and PIN.",
      ),
    });
    await check('6006491111222233', '9999');
    const number = screen.getByLabelText('Gift card number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(
      "We couldn't find a gift card with that number and PIN. Check both and try again.",
    );
    expect(number).toHaveFocus();
  });

  it('says when a locked card can be tried again, at the PIN', async () => {
    mockApi({
      'POST /giftcards/balance': apiError(
        429,
        'giftcard_locked',
        'This gift card is locked after too many wrong PINs. Try again in 15 minutes.',
        { pin: 'Too many wrong PINs' },
      ),
    });
    await check('6006491111222233', '9999');
    await waitFor(() =>
      expect(screen.getByLabelText('PIN')).toHaveAccessibleDescription(
        'This gift card is locked after too many wrong PINs. Try again in 15 minutes. 4 to 8 digits',
      ),
    );
  });

  it('says so when there were too many checks', async () => {
    mockApi({
      'POST /giftcards/balance': apiError(429, 'rate_limited', 'Too many gift card checks. Please wait 9 minutes.'),
    });
    await check('6006491111222233', '1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many gift card checks. Please wait 9 minutes.');
  });
});

describe('without gift cards', () => {
  afterEach(() => setBootstrap(null));

  it('says gift cards are not sold online when the ordering system sells none, and asks nothing', () => {
    setBootstrap({ config: { features: { giftCards: false } } } as unknown as Bootstrap);
    const api = mockApi({});
    mount(GiftCardsBalance, '/gift-cards/balance');
    expect(screen.getByText("Gift cards aren't sold online. Ask at any of our restaurants.")).toBeTruthy();
    expect(screen.queryByLabelText('Gift card number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Find a restaurant' }).getAttribute('href')).toBe('/locations');
    expect(api.calls).toHaveLength(0);
  });
});
