import { featureOn } from '@henhouse/kit/features';
import type { ScreenProps } from '@henhouse/kit/screen';
import { GiftCardsNotOffered } from '../giftcards/NotOffered';
import { BuyPage } from '../giftcards/BuyPage';

/** /gift-cards/buy: buy an e-gift card, emailed to the recipient on the send date. */
export default function GiftCardsBuy(_props: ScreenProps) {
  return featureOn('giftCards') ? <BuyPage /> : <GiftCardsNotOffered />;
}
