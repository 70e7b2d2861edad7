// What a member may pay with besides cards: saved gift cards and house accounts.
import { http } from '@henhouse/kit/api/client';
import type { HouseAccount, SavedGiftCard } from './Payment';

export async function loadWallet(signal: AbortSignal): Promise<{ giftCards: SavedGiftCard[]; houses: HouseAccount[] }> {
  const [g, h] = await Promise.all([
    http.get('/user/giftcards', { signal }),
    http.get('/user/house-accounts', { signal }),
  ]);
  return { giftCards: g.gift_cards, houses: h.house_accounts };
}

export const saveGiftCard = (token: string) => http.post('/user/giftcards', { body: { token } });
