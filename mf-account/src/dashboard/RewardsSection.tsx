// The rewards section of the dashboard (docs/identity.md, "API"): points balance and tier,
// rewards with their cost and "Redeem", reward offers, offers, challenges with progress,
// badges and subscriptions (with this period's perk). A list the loyalty program does not
// offer is left out (lib/features.ts).
import { useState, type ReactNode } from 'react';
import { claimPerk, redeemOffer, redeemReward } from '@henhouse/kit/api/loyalty';
import type {
  Badge,
  Challenge,
  Members,
  Offer,
  RedeemResult,
  Reward,
  RewardOffer,
  Subscription,
} from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { brandName } from '@henhouse/kit/brand';
import { useAppStore } from '@henhouse/kit/state/store';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { accountFeature } from '../lib/features';
import { formatDate, points } from '../lib/format';

export function RewardsSection({ members }: { members: Members }) {
  return (
    <>
      <div className="hh-acct-balance">
        <p>Your balance</p>
        <p className="hh-acct-balance__points">
          {members.points.toLocaleString('en-US')} <span className="visually-hidden">points</span>
          <span aria-hidden="true" style={{ fontSize: '1rem' }}>
            Pts
          </span>
        </p>
        {members.tier && <p>Tier: {members.tier}</p>}
        <p>{points(members.lifetime_points)} earned in all</p>
        {members.next_tier && typeof members.points_to_next_tier === 'number' && members.points_to_next_tier > 0 && (
          <p>
            {points(members.points_to_next_tier)} to {members.next_tier}
          </p>
        )}
      </div>

      {accountFeature('rewards') && (
        <Section title="Rewards" empty="No rewards yet. Keep ordering to earn points." items={members.rewards}>
          {(r) => <RewardItem key={r.id} reward={r} balance={members.points} />}
        </Section>
      )}

      {accountFeature('offers') && (
        <Section title="Reward offers" empty="No reward offers right now." items={members.reward_offers}>
          {(o) => <RewardOfferItem key={o.id} offer={o} />}
        </Section>
      )}

      {accountFeature('offers') && (
        <Section title="Offers" empty="No offers right now. Check back soon." items={members.offers}>
          {(o: Offer) => (
            <li key={o.id} className="hh-acct-item">
              <h4>{o.title}</h4>
              {o.description && <p>{o.description}</p>}
              {o.active_now && <p className="hh-acct-cost">On today</p>}
              {o.ends_at && <p className="hh-acct-muted">Ends {formatDate(o.ends_at)}</p>}
            </li>
          )}
        </Section>
      )}

      {accountFeature('challenges') && (
        <Section title="Challenges" empty="No challenges right now." items={members.challenges}>
          {(c) => <ChallengeItem key={c.id} challenge={c} />}
        </Section>
      )}

      {accountFeature('badges') && (
        <Section title="Badges" empty="No badges yet. Your first order earns one." items={members.badges}>
          {(b: Badge) => (
            <li key={b.id} className="hh-acct-item">
              <h4>{b.name}</h4>
              {b.description && <p>{b.description}</p>}
              <p className="hh-acct-muted">
                {b.earned ? (b.earned_at ? `Earned ${formatDate(b.earned_at)}` : 'Earned') : 'Not earned yet'}
              </p>
            </li>
          )}
        </Section>
      )}

      {accountFeature('subscriptions') && (
        <Section
          title="Subscriptions"
          empty={`You have no subscriptions. You can subscribe in the ${brandName()} app.`}
          items={members.subscriptions}
        >
          {(s) => <SubscriptionItem key={s.id} sub={s} />}
        </Section>
      )}
    </>
  );
}

function Section<T>({
  title,
  empty,
  items,
  children,
}: {
  title: string;
  empty: string;
  items: T[];
  children: (item: T) => ReactNode;
}) {
  const id = `acct-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="hh-acct-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {items.length === 0 ? (
        <p className="hh-acct-empty">{empty}</p>
      ) : (
        <ul className="hh-acct-list">{items.map(children)}</ul>
      )}
    </section>
  );
}

/**
 * useRedeem takes a reward, reward offer or perk into the cart (`call` is the kit's
 * loyalty function). The answer `{redemption, cart, members}` goes into the store, so
 * the cart and the header's points follow at once.
 */
function useRedeem(call: () => Promise<RedeemResult>) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const redeem = async (name: string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const r = await call();
      useAppStore.getState().set({ cart: r.cart, members: r.members });
      setDone(`${r.redemption.name || name} is on your order.`);
    } catch (e) {
      setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  };
  return { redeem, busy, done, error };
}

function RedeemStatus({ done, error }: { done: string | null; error: string | null }) {
  return (
    <>
      {error && (
        <p role="alert" className="hh-form-field__error">
          {error}
        </p>
      )}
      <p role="status" className="hh-form-status">
        {done}
      </p>
      {done && (
        <button type="button" className="hh-acct-link" onClick={() => useAppStore.getState().setUi({ cartOpen: true })}>
          View your cart
        </button>
      )}
    </>
  );
}

function RedeemButton({
  onClick,
  busy,
  name,
  describedBy,
}: {
  onClick: () => void;
  busy: boolean;
  name: string;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      className="hh-acct-btn hh-acct-btn--secondary hh-acct-btn--small"
      onClick={onClick}
      disabled={busy}
      aria-describedby={describedBy}
    >
      {busy ? 'Redeeming…' : 'Redeem'}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}

function RewardItem({ reward, balance }: { reward: Reward; balance: number }) {
  const { redeem, busy, done, error } = useRedeem(() => redeemReward(reward.id));
  const costId = `reward-${reward.id}-cost`;
  const short = reward.points_needed ?? Math.max(0, reward.points - balance);
  let action: ReactNode;
  if (reward.redemption_id) action = <p className="hh-acct-muted">Redeemed: ready for your order.</p>;
  else if (reward.available)
    action = <RedeemButton onClick={() => redeem(reward.name)} busy={busy} name={reward.name} describedBy={costId} />;
  else if (short > 0) action = <p className="hh-acct-muted">Earn {points(short)} more to redeem.</p>;
  return (
    <li className="hh-acct-item">
      <h4>{reward.name}</h4>
      {reward.description && <p>{reward.description}</p>}
      <p id={costId} className="hh-acct-cost">
        {reward.points > 0 ? points(reward.points) : 'Free'}
      </p>
      {action}
      <RedeemStatus done={done} error={error} />
    </li>
  );
}

function RewardOfferItem({ offer }: { offer: RewardOffer }) {
  const { redeem, busy, done, error } = useRedeem(() => redeemOffer(offer.id));
  const costId = `reward-offer-${offer.id}-cost`;
  return (
    <li className="hh-acct-item">
      <h4>{offer.name}</h4>
      {offer.description && <p>{offer.description}</p>}
      <p id={costId} className="hh-acct-cost">
        Free
      </p>
      {offer.expires_at && !offer.redeemed && <p className="hh-acct-muted">Use by {formatDate(offer.expires_at)}</p>}
      {offer.redeemed ? (
        <p className="hh-acct-muted">Redeemed</p>
      ) : (
        <RedeemButton onClick={() => redeem(offer.name)} busy={busy} name={offer.name} describedBy={costId} />
      )}
      <RedeemStatus done={done} error={error} />
    </li>
  );
}

function ChallengeItem({ challenge: c }: { challenge: Challenge }) {
  const value = Math.min(c.progress, c.goal);
  const cents = c.unit === 'cents';
  const amount = cents ? `${money(value)} of ${money(c.goal)}` : `${value} of ${c.goal}${c.unit ? ` ${c.unit}` : ''}`;
  return (
    <li className="hh-acct-item">
      <h4 id={`challenge-${c.id}`}>{c.title}</h4>
      {c.description && <p>{c.description}</p>}
      <div
        className="hh-acct-progress"
        role="progressbar"
        aria-labelledby={`challenge-${c.id}`}
        aria-valuemin={0}
        aria-valuemax={c.goal}
        aria-valuenow={value}
        aria-valuetext={amount}
      >
        <div className="hh-acct-progress__bar" style={{ width: `${(value / c.goal) * 100}%` }} />
      </div>
      <p>
        {c.completed || value >= c.goal ? 'Completed! ' : ''}
        {amount}
        {c.bonus_points > 0 && ` • earns ${points(c.bonus_points)}`}
      </p>
      {c.ends_at && !c.completed && <p className="hh-acct-muted">Ends {formatDate(c.ends_at)}</p>}
    </li>
  );
}

export function subscriptionStatus(s: Subscription): string {
  // A status the contract adds later is shown as written ("on_hold" → "On hold").
  const status: string = s.status;
  switch (status) {
    case 'active':
      return s.renews_at ? `Active, renews ${formatDate(s.renews_at)}` : 'Active';
    case 'cancelled':
      return s.ends_at ? `Cancelled, ends ${formatDate(s.ends_at)}` : 'Cancelled';
    case 'past_due':
      return 'Payment past due';
    default:
      return status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
  }
}

function SubscriptionItem({ sub }: { sub: Subscription }) {
  const { redeem, busy, done, error } = useRedeem(() => claimPerk(sub.id));
  return (
    <li className="hh-acct-item">
      <h4>{sub.name}</h4>
      <p>{subscriptionStatus(sub)}</p>
      {sub.perks_active && (
        <button
          type="button"
          className="hh-acct-btn hh-acct-btn--secondary hh-acct-btn--small"
          onClick={() => redeem(`Your ${sub.name} perk`)}
          disabled={busy}
        >
          {busy ? 'Adding…' : `Add your ${sub.name} perk to your order`}
        </button>
      )}
      <RedeemStatus done={done} error={error} />
    </li>
  );
}
