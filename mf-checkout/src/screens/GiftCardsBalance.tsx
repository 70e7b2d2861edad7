import { featureOn } from '@henhouse/kit/features';
import type { ScreenProps } from '@henhouse/kit/screen';
import { GiftCardsNotOffered } from '../giftcards/NotOffered';
import { BalancePage } from '../giftcards/BalancePage';

/** /gift-cards/balance: check a gift card's balance with its number and PIN. */
export default function GiftCardsBalance(_props: ScreenProps) {
  return featureOn('giftCards') ? <BalancePage /> : <GiftCardsNotOffered />;
}
