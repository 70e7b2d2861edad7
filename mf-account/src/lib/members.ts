// Reads the store's `members` area (GET /api/rewards) into the shapes of ./types,
// tolerating missing lists and a few common field names, so one odd item cannot break
// the dashboard.
import type { Badge, Challenge, Members, Offer, Reward, Subscription } from './types';

type Raw = Record<string, unknown>;
const list = (v: unknown): Raw[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Raw[]) : []);
const num = (...vs: unknown[]): number => {
  for (const v of vs) if (typeof v === 'number' && Number.isFinite(v)) return v;
  return 0;
};
const str = (...vs: unknown[]): string | undefined => {
  for (const v of vs) if (typeof v === 'string' && v) return v;
  return undefined;
};
const id = (r: Raw, i: number) => str(r.id, String(r.id ?? '')) ?? `item-${i}`;

export function readMembers(raw: unknown): Members | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Raw;
  const offer = (r: Raw, i: number): Offer => ({
    id: id(r, i),
    name: str(r.name, r.title) ?? 'Offer',
    description: str(r.description),
    expiresAt: str(r.expiresAt, r.expires_at),
    points: typeof r.points === 'number' ? r.points : undefined,
  });
  return {
    points: num(m.points, m.balance),
    lifetimePoints: typeof m.lifetimePoints === 'number' ? m.lifetimePoints : undefined,
    tier: str(m.tier),
    rewards: list(m.rewards).map(
      (r, i): Reward => ({
        id: id(r, i),
        name: str(r.name, r.title) ?? 'Reward',
        description: str(r.description),
        points: num(r.points, r.cost, r.pointsCost, r.points_cost),
        image: str(r.image),
        expiresAt: str(r.expiresAt, r.expires_at),
      }),
    ),
    rewardOffers: list(m.rewardOffers).map(offer),
    offers: list(m.offers).map(offer),
    challenges: list(m.challenges).map(
      (r, i): Challenge => ({
        id: id(r, i),
        name: str(r.name, r.title) ?? 'Challenge',
        description: str(r.description),
        progress: num(r.progress, r.current),
        goal: Math.max(1, num(r.goal, r.target, r.total)),
        unit: str(r.unit),
        rewardPoints: typeof r.rewardPoints === 'number' ? r.rewardPoints : undefined,
        completed: r.completed === true,
        endsAt: str(r.endsAt, r.ends_at),
      }),
    ),
    badges: list(m.badges).map(
      (r, i): Badge => ({ id: id(r, i), name: str(r.name, r.title) ?? 'Badge', description: str(r.description), earnedAt: str(r.earnedAt), image: str(r.image) }),
    ),
    subscriptions: list(m.subscriptions).map(
      (r, i): Subscription => ({
        id: id(r, i),
        planId: str(r.planId, r.plan_id) ?? '',
        name: str(r.name, r.planName),
        status: str(r.status) ?? 'active',
        renewsAt: str(r.renewsAt, r.currentPeriodEnd),
        endsAt: str(r.endsAt),
        cancelAtPeriodEnd: r.cancelAtPeriodEnd === true,
      }),
    ),
  };
}
