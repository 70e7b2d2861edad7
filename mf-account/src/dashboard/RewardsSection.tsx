// The rewards section of the dashboard (spec 1, Loyalty): points balance and tier,
// rewards with their cost and "Redeem", reward offers, offers, challenges with progress,
// badges and subscriptions.
import { useState, type ReactNode } from 'react';
import { actions } from '@henhouse/kit/actions';
import { api } from '@henhouse/kit/api/client';
import { useAppStore, type Cart } from '@henhouse/kit/state/store';
import { messageFor } from '../lib/errors';
import { formatDate, points } from '../lib/format';
import type { Members, Offer, Reward } from '../lib/types';

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
        {typeof members.lifetimePoints === 'number' && <p>{points(members.lifetimePoints)} earned in all</p>}
      </div>

      <Section title="Rewards" empty="No rewards yet. Keep ordering to earn points." items={members.rewards}>
        {(r) => <RewardItem key={r.id} reward={r} balance={members.points} />}
      </Section>

      <Section title="Reward offers" empty="No reward offers right now." items={members.rewardOffers}>
        {(o) => <RewardItem key={o.id} reward={{ ...o, points: o.points ?? 0 }} balance={members.points} offer />}
      </Section>

      <Section title="Offers" empty="No offers right now. Check back soon." items={members.offers}>
        {(o: Offer) => (
          <li key={o.id} className="hh-acct-item">
            <h4>{o.name}</h4>
            {o.description && <p>{o.description}</p>}
            {o.expiresAt && <p className="hh-acct-muted">Ends {formatDate(o.expiresAt)}</p>}
          </li>
        )}
      </Section>

      <Section title="Challenges" empty="No challenges right now." items={members.challenges}>
        {(c) => {
          const value = Math.min(c.progress, c.goal);
          const unit = c.unit ? ` ${c.unit}` : '';
          return (
            <li key={c.id} className="hh-acct-item">
              <h4 id={`challenge-${c.id}`}>{c.name}</h4>
              {c.description && <p>{c.description}</p>}
              <div
                className="hh-acct-progress"
                role="progressbar"
                aria-labelledby={`challenge-${c.id}`}
                aria-valuemin={0}
                aria-valuemax={c.goal}
                aria-valuenow={value}
                aria-valuetext={`${value} of ${c.goal}${unit}`}
              >
                <div className="hh-acct-progress__bar" style={{ width: `${(value / c.goal) * 100}%` }} />
              </div>
              <p>
                {c.completed || value >= c.goal ? 'Completed! ' : ''}
                {value} of {c.goal}
                {unit}
                {typeof c.rewardPoints === 'number' && ` • earns ${points(c.rewardPoints)}`}
              </p>
              {c.endsAt && <p className="hh-acct-muted">Ends {formatDate(c.endsAt)}</p>}
            </li>
          );
        }}
      </Section>

      <Section title="Badges" empty="No badges yet. Your first order earns one." items={members.badges}>
        {(b) => (
          <li key={b.id} className="hh-acct-item">
            <h4>{b.name}</h4>
            {b.description && <p>{b.description}</p>}
            {b.earnedAt && <p className="hh-acct-muted">Earned {formatDate(b.earnedAt)}</p>}
          </li>
        )}
      </Section>

      <Section title="Subscriptions" empty="You have no subscriptions. You can subscribe in the Henhouse app." items={members.subscriptions}>
        {(s) => (
          <li key={s.id} className="hh-acct-item">
            <h4>{s.name ?? s.planId}</h4>
            <p>
              {s.status === 'active' && !s.cancelAtPeriodEnd ? 'Active' : s.cancelAtPeriodEnd ? 'Cancelled' : s.status.charAt(0).toUpperCase() + s.status.slice(1)}
              {s.cancelAtPeriodEnd && s.endsAt ? `, ends ${formatDate(s.endsAt)}` : s.renewsAt ? `, renews ${formatDate(s.renewsAt)}` : ''}
            </p>
          </li>
        )}
      </Section>
    </>
  );
}

function Section<T>({ title, empty, items, children }: { title: string; empty: string; items: T[]; children: (item: T) => ReactNode }) {
  const id = `acct-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="hh-acct-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {items.length === 0 ? <p className="hh-acct-empty">{empty}</p> : <ul className="hh-acct-list">{items.map(children)}</ul>}
    </section>
  );
}

function RewardItem({ reward, balance }: { reward: Reward; balance: number; offer?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const short = reward.points - balance;
  const costId = `reward-${reward.id}-cost`;

  const redeem = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const r = await api.post<{ redemption: unknown; cart: Cart }>(`/rewards/${encodeURIComponent(reward.id)}/redeem`);
      const s = useAppStore.getState();
      s.set({ cart: r.cart });
      // The balance after the deduction; if refreshing fails, deduct here.
      await actions.getRewards().catch(() => {
        const m = useAppStore.getState().members;
        if (m && typeof m.points === 'number') useAppStore.getState().set({ members: { ...m, points: Math.max(0, m.points - reward.points) } });
      });
      setDone(`${reward.name} is on your order.`);
    } catch (e) {
      setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="hh-acct-item">
      <h4>{reward.name}</h4>
      {reward.description && <p>{reward.description}</p>}
      <p id={costId} className="hh-acct-cost">
        {reward.points > 0 ? points(reward.points) : 'Free'}
      </p>
      {reward.expiresAt && <p className="hh-acct-muted">Use by {formatDate(reward.expiresAt)}</p>}
      {short > 0 ? (
        <p className="hh-acct-muted">Earn {points(short)} more to redeem.</p>
      ) : (
        <button type="button" className="hh-acct-btn hh-acct-btn--secondary hh-acct-btn--small" onClick={redeem} disabled={busy} aria-describedby={costId}>
          {busy ? 'Redeeming…' : 'Redeem'}
          <span className="visually-hidden"> {reward.name}</span>
        </button>
      )}
      {error && (
        <p role="alert" className="hh-acct-field__error">
          {error}
        </p>
      )}
      <p role="status" className="hh-acct-status">
        {done}
      </p>
      {done && (
        <button type="button" className="hh-acct-link" onClick={() => useAppStore.getState().setUi({ cartOpen: true })}>
          View your cart
        </button>
      )}
    </li>
  );
}
