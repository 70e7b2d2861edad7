import { money } from '@henhouse/kit/format';
import { appliedRewards, type CartRewards, type CartRewardsRefs } from './Rewards';
import type { Cart } from '@henhouse/kit/api/types';
import { useAnnounce } from '@henhouse/kit/ui/announce';

/**
 * CartTotals: subtotal, what comes off it (rewards with "Remove" for the member who
 * redeemed them, coupons and offers), fees, tax, tip and the total, as the edge priced
 * the cart (docs/api.md, "Totals").
 */
export function CartTotals({
  cart,
  r,
  totalsRef,
}: { cart: Cart; r: CartRewards } & Pick<CartRewardsRefs, 'totalsRef'>) {
  const t = cart.totals;
  const rewards = appliedRewards(cart);
  const others = (cart.discounts ?? []).filter((d) => d.kind !== 'reward');
  const canRemove = r.member;
  useAnnounce(`Total ${money(t.total_cents)}.`);
  return (
    <dl className="hh-cart__totals" ref={totalsRef}>
      <div className="hh-cart__total-row">
        <dt>Subtotal</dt>
        <dd>{money(t.subtotal_cents)}</dd>
      </div>
      {others.map((d) => (
        <div key={`${d.kind}:${d.code}`} className="hh-cart__total-row hh-cart__total-row--discount">
          <dt>{d.kind === 'coupon' ? `Coupon ${d.code}` : d.label || 'Offer'}</dt>
          <dd>−{money(d.amount_cents)}</dd>
        </div>
      ))}
      {rewards.map((line, i) => {
        const error = r.errors[`remove:${line.id}`];
        const errId = `cart-remove-error-${line.id}`;
        return (
          <div key={line.id} className="hh-cart__total-row hh-cart__total-row--discount" data-testid="applied-reward">
            <dt>{line.name}</dt>
            <dd>
              <span>−{money(line.amountCents)}</span>
              {canRemove && (
                <button
                  type="button"
                  className="hh-link-button hh-cart__remove-reward"
                  data-remove={line.id}
                  disabled={r.busy !== null}
                  aria-describedby={error ? errId : undefined}
                  onClick={() => r.remove(line, i)}
                >
                  {r.busy === `remove:${line.id}` ? 'Removing…' : 'Remove'}
                  <span className="visually-hidden"> {line.name}</span>
                </button>
              )}
              {error && (
                <span id={errId} role="alert" className="hh-cart-rewards__error">
                  {error}
                </span>
              )}
            </dd>
          </div>
        );
      })}
      {(cart.fees ?? []).map((f) => (
        <div key={f.code} className="hh-cart__total-row">
          <dt>{f.label}</dt>
          <dd>{money(f.amount_cents)}</dd>
        </div>
      ))}
      <div className="hh-cart__total-row">
        <dt>Tax</dt>
        <dd>{money(t.tax_cents)}</dd>
      </div>
      {t.tip_cents > 0 && (
        <div className="hh-cart__total-row">
          <dt>Tip</dt>
          <dd>{money(t.tip_cents)}</dd>
        </div>
      )}
      <div className="hh-cart__total-row hh-cart__total-row--total">
        <dt>Total</dt>
        <dd>{money(t.total_cents)}</dd>
      </div>
    </dl>
  );
}
