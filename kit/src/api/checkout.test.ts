import { mockApi } from '@henhouse/kit/test/harness';
import { getGiftCardDesigns, purchaseGiftCard } from './checkout';

describe('e-gift card calls', () => {
  it('buys with the idempotency key and the bot check as headers, and answers the purchase', async () => {
    const api = mockApi({ 'POST /giftcards/purchases': { status: 201, body: { purchase: { id: 'GC-ABC' } } } });
    const body = {
      amount_cents: 4000,
      design: 'classic',
      recipient_name: 'Sam',
      recipient_email: 'sam@example.com',
      sender_name: 'Ada',
      send_on: '2026-11-25',
      buyer_email: 'ada@example.com',
      payment: { kind: 'card' as const, token: 'tok_1' },
    };
    const r = await purchaseGiftCard(body, 'key-12345678', { 'X-Bot-Check': 'bot' });
    expect(r.purchase.id).toBe('GC-ABC');
    const [call] = api.to('POST /giftcards/purchases');
    expect(call.body).toEqual(body);
    expect(call.headers['Idempotency-Key']).toBe('key-12345678');
    expect(call.headers['X-Bot-Check']).toBe('bot');
  });

  it('reads the designs and limits', async () => {
    mockApi({
      'GET /giftcards/designs': {
        body: { designs: [], min_cents: 1000, max_cents: 50000, message_max: 250, send_ahead_days: 90 },
      },
    });
    expect((await getGiftCardDesigns()).max_cents).toBe(50000);
  });
});
