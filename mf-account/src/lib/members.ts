// Reads the store's `members` area (the body of GET /api/rewards, docs/identity.md)
// into the shapes of ./types. The fields are the edge's (snake_case); a missing list or
// field gets a harmless default, so one odd item cannot break the dashboard.
import type { Badge, Challenge, Members, Offer, Redemption, Reward, RewardOffer, Subscription } from './types';

type Raw = Record<string, unknown>;
const list = (v: unknown): Raw[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Raw[]) : []);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const optNum = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const text = (v: unknown, fallback = ''): string => str(v) ?? fallback;
const id = (r: Raw, i: number) => str(r.id) ?? `item-${i}`;

export const readReward = (r: Raw, i = 0): Reward => ({
  id: id(r, i),
  name: text(r.name, 'Reward'),
  description: text(r.description),
  points: num(r.points),
  amount_cents: num(r.amount_cents),
  product_id: str(r.product_id),
  category: str(r.category),
  available: r.available === true,
  points_needed: optNum(r.points_needed),
  redemption_id: str(r.redemption_id),
});

export const readRewardOffer = (r: Raw, i = 0): RewardOffer => ({
  id: id(r, i),
  name: text(r.name, 'Reward offer'),
  description: text(r.description),
  amount_cents: num(r.amount_cents),
  product_id: str(r.product_id),
  expires_at: text(r.expires_at),
  redeemed: r.redeemed === true,
  redemption_id: str(r.redemption_id),
});

export const readOffer = (r: Raw, i = 0): Offer => ({
  id: id(r, i),
  title: text(r.title, 'Offer'),
  description: text(r.description),
  kind: text(r.kind),
  multiplier: optNum(r.multiplier),
  bonus_points: optNum(r.bonus_points),
  weekday: str(r.weekday),
  category: str(r.category),
  starts_at: str(r.starts_at),
  ends_at: str(r.ends_at),
  active_now: r.active_now === true,
});

export const readChallenge = (r: Raw, i = 0): Challenge => ({
  id: id(r, i),
  title: text(r.title, 'Challenge'),
  description: text(r.description),
  progress: Math.max(0, num(r.progress)),
  goal: Math.max(1, num(r.goal, 1)),
  unit: str(r.unit),
  bonus_points: num(r.bonus_points),
  period: text(r.period),
  ends_at: str(r.ends_at),
  completed: r.completed === true,
  completed_at: str(r.completed_at),
});

export const readBadge = (r: Raw, i = 0): Badge => ({
  id: id(r, i),
  name: text(r.name, 'Badge'),
  description: text(r.description),
  earned: r.earned === true,
  earned_at: str(r.earned_at),
});

export const readSubscription = (r: Raw, i = 0): Subscription => ({
  id: id(r, i),
  plan_id: text(r.plan_id),
  name: text(r.name, text(r.plan_id, 'Subscription')),
  price_cents: num(r.price_cents),
  interval: text(r.interval, 'month'),
  status: text(r.status, 'active'),
  payment_label: text(r.payment_label),
  started_at: str(r.started_at),
  period_start: str(r.period_start),
  renews_at: str(r.renews_at),
  ends_at: str(r.ends_at),
  cancelled_at: str(r.cancelled_at),
  perks_active: r.perks_active === true,
});

export const readRedemption = (r: Raw, i = 0): Redemption => ({
  id: id(r, i),
  kind: text(r.kind, 'reward') as Redemption['kind'],
  reward_id: text(r.reward_id),
  name: text(r.name, 'Reward'),
  points: num(r.points),
  amount_cents: num(r.amount_cents),
  product_id: str(r.product_id),
  status: text(r.status, 'active') as Redemption['status'],
  created_at: text(r.created_at),
  expires_at: text(r.expires_at),
  closed_at: str(r.closed_at),
  order_id: str(r.order_id),
});

/**
 * currentSubscription: a subscription the member has now: active, past due, or
 * cancelled with its perks lasting to the end of the paid period.
 */
export const currentSubscription = (s: Subscription) => s.status === 'active' || s.status === 'past_due' || (s.status === 'cancelled' && s.perks_active);

export function readMembers(raw: unknown): Members | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Raw;
  return {
    points: num(m.points),
    lifetime_points: num(m.lifetime_points),
    tier: text(m.tier),
    next_tier: str(m.next_tier),
    points_to_next_tier: optNum(m.points_to_next_tier),
    rewards: list(m.rewards).map(readReward),
    reward_offers: list(m.reward_offers).map(readRewardOffer),
    offers: list(m.offers).map(readOffer),
    challenges: list(m.challenges).map(readChallenge),
    badges: list(m.badges).map(readBadge),
    subscriptions: list(m.subscriptions).map(readSubscription),
    redemptions: list(m.redemptions).map(readRedemption),
  };
}
