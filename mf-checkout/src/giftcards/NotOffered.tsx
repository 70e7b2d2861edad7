// What a gift card screen shows when the chain's ordering system sells no gift cards
// (the page's `giftCards` feature is off, docs/providers.md): its API answers
// 404 feature_unavailable, so the form would only fail.
import { Link } from '@henhouse/kit/router';

export function GiftCardsNotOffered() {
  return (
    <div className="hh-giftcards hh-giftcards--none">
      <p>Gift cards aren&apos;t sold online. Ask at any of our restaurants.</p>
      <p>
        <Link to="/locations">Find a restaurant</Link>
      </p>
    </div>
  );
}
