// Rewards in the cart drawer (behind the rewardsAtCheckout feature flag): a signed-in
// member redeems catalogue rewards and reward offers into the cart and takes them out again; a guest is asked to sign in. The calls are those of
// docs/identity.md; every answer's cart and members go into the one store, so the
// header's points stay in step.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import { ApiError, type ApiResponse } from '@henhouse/kit/api/client';
import { redeemOffer, redeemReward, returnRedemption } from '@henhouse/kit/api/loyalty';
import type { Cart, Members } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { rewardsAtCheckout } from './features';
import './rewards.css';
import { useAnnounceNow } from '@henhouse/kit/ui/announce';

const enc = encodeURIComponent;
/** count formats a number of points: 1100 → "1,100". */
export const count = (n: number) => n.toLocaleString('en-US');

/**
 * What a member can do with a reward or reward offer here: redeem it now, redeem it
 * again into this cart (it was redeemed for a cart that is gone), nothing (it is in
 * this cart; the totals offer "Remove"), or not yet (points short).
 */
export type ChoiceState = 'available' | 'held' | 'in-cart' | 'short';

export interface RewardChoice {
  /** "reward:<id>" or "offer:<id>": unique across both lists. */
  key: string;
  kind: 'reward' | 'offer';
  id: string;
  name: string;
  /** What it costs in points; 0 for a reward offer. */
  points: number;
  state: ChoiceState;
  pointsNeeded: number;
  /** The member's active redemption of it, if any. */
  redemptionId?: string;
}

const rank: Record<ChoiceState, number> = { available: 0, held: 1, 'in-cart': 2, short: 3 };

/** rewardChoices lists what the member can use now first, then the rest. */
export function rewardChoices(members: Members | null, cart: Cart | null): RewardChoice[] {
  if (!members) return [];
  const inCart = new Set<string>([
    ...(cart?.rewards ?? []).map((r) => r.id),
    ...(cart?.discounts ?? []).filter((d) => d.kind === 'reward').map((d) => d.code),
  ]);
  const active = new Set((members.redemptions ?? []).filter((r) => r.status === 'active').map((r) => r.id));
  const out: RewardChoice[] = [];
  for (const o of members.reward_offers ?? []) {
    const c = { key: `offer:${o.id}`, kind: 'offer' as const, id: o.id, name: o.name, points: 0, pointsNeeded: 0 };
    if (!o.redeemed) out.push({ ...c, state: 'available' });
    else if (o.redemption_id && inCart.has(o.redemption_id))
      out.push({ ...c, state: 'in-cart', redemptionId: o.redemption_id });
    else if (o.redemption_id && active.has(o.redemption_id))
      out.push({ ...c, state: 'held', redemptionId: o.redemption_id });
    // otherwise used on an order: nothing to do with it here
  }
  for (const r of members.rewards ?? []) {
    const c = {
      key: `reward:${r.id}`,
      kind: 'reward' as const,
      id: r.id,
      name: r.name,
      points: r.points,
      pointsNeeded: r.points_needed ?? 0,
    };
    if (r.redemption_id)
      out.push({ ...c, state: inCart.has(r.redemption_id) ? 'in-cart' : 'held', redemptionId: r.redemption_id });
    else if (r.available) out.push({ ...c, state: 'available' });
    else if (c.pointsNeeded > 0) out.push({ ...c, state: 'short' });
  }
  return out.sort((a, b) => rank[a.state] - rank[b.state]); // stable: catalogue order within a group
}

/** A reward in the cart, as the totals show it: the redemption id, its name and the amount taken off. */
export interface AppliedLine {
  id: string;
  name: string;
  amountCents: number;
}

/**
 * appliedRewards: the cart's discounts of kind reward, and any reward the cart lists
 * without one, except free items: those are lines of the cart (with their own "Remove").
 */
export function appliedRewards(cart: Cart): AppliedLine[] {
  const asLine = new Set(cart.products.map((l) => l.reward?.id).filter(Boolean));
  const out: AppliedLine[] = (cart.discounts ?? [])
    .filter((d) => d.kind === 'reward')
    .map((d) => ({ id: d.code, name: d.label, amountCents: d.amount_cents }));
  for (const r of cart.rewards ?? [])
    if (!asLine.has(r.id) && !out.some((x) => x.id === r.id))
      out.push({ id: r.id, name: r.name, amountCents: r.amount_cents });
  return out;
}

type FocusRequest = { to: 'choice'; index: number } | { to: 'remove'; index: number } | { to: 'key'; key: string };

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');

/**
 * useCartRewards holds the rewards state of one open cart drawer: whether it applies
 * (flag and member), the request in flight (one at a time), errors by reward, the
 * polite announcement, and where focus goes when a request ends. The elements focus
 * moves within come as `refs`, apart from the state that renders, so the components
 * that read the state during render never hold a ref with it.
 */
export function useCartRewards() {
  const user = useAppStore((s) => s.user);
  const members = useAppStore((s) => s.members);
  const cart = useAppStore((s) => s.cart);
  const [enabled] = useState(rewardsAtCheckout);
  const member = enabled && !!user;
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const totalsRef = useRef<HTMLDListElement>(null);
  const inFlight = useRef(false);
  const loading = useRef(false);
  const loaded = Array.isArray(members?.rewards);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setLoadError(null);
    actions
      .getRewards()
      .catch((e) => setLoadError(messageOf(e)))
      .finally(() => {
        loading.current = false;
      });
  }, []);

  // The drawer opened for a member whose rewards the store does not hold yet.
  useEffect(() => {
    if (member && !loaded) load();
  }, [member, loaded, load]);

  useEffect(() => {
    if (!focus) return;
    const enabledIn = (root: Element | null, sel: string) =>
      Array.from(root?.querySelectorAll<HTMLButtonElement>(sel) ?? []).filter((b) => !b.disabled);
    let target: HTMLElement | undefined;
    if (focus.to === 'key') {
      target = enabledIn(document.body, 'button[data-reward-key]').find((b) => b.dataset.rewardKey === focus.key);
    } else if (focus.to === 'choice') {
      // The next reward that can be redeemed, where the one just used was.
      target = enabledIn(panelRef.current, 'button[data-reward-key]').find(
        (b) => Number(b.dataset.index) >= focus.index,
      );
    } else {
      const rest = enabledIn(totalsRef.current, 'button[data-remove]');
      target = rest[focus.index] ?? rest[rest.length - 1];
    }
    (target ?? toggleRef.current)?.focus();
  }, [focus]);

  const write = (r: ApiResponse<'/rewards/redemptions/{id}', 'delete'>) =>
    useAppStore.getState().set({ cart: r.cart, members: r.members });

  /** run performs one request at a time; a second click while one is in flight does nothing. */
  const run = async (key: string, fn: () => Promise<FocusRequest>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(key);
    setErrors({});
    try {
      const next = await fn();
      setFocus(next);
    } catch (e) {
      setErrors({ [key]: messageOf(e) });
      setFocus({ to: 'key', key });
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const redeem = (c: RewardChoice, index: number) =>
    run(c.key, async () => {
      // Redeemed for a cart that is gone: give it back first, then take it into this one.
      if (c.state === 'held' && c.redemptionId) write(await returnRedemption(c.redemptionId));
      write(await (c.kind === 'offer' ? redeemOffer(c.id) : redeemReward(c.id)));
      setAnnouncement(`${c.name} added to your order`);
      return { to: 'choice', index };
    });

  const remove = (line: AppliedLine, index: number) =>
    run(`remove:${line.id}`, async () => {
      const r = await returnRedemption(line.id);
      write(r);
      const back = r.members.redemptions?.find((x) => x.id === line.id)?.points ?? 0;
      setAnnouncement(
        back > 0
          ? `${line.name} removed. ${count(back)} points are back in your balance.`
          : `${line.name} removed from your order`,
      );
      return { to: 'remove', index };
    });

  return {
    rewards: { enabled, member, members, cart, loaded, loadError, load, busy, errors, announcement, redeem, remove },
    refs: { toggleRef, panelRef, totalsRef },
  };
}

export type CartRewards = ReturnType<typeof useCartRewards>['rewards'];
export type CartRewardsRefs = ReturnType<typeof useCartRewards>['refs'];

/** RewardsAnnouncer says what a redeem or remove did, through the site's live region. */
export function RewardsAnnouncer({ r }: { r: CartRewards }) {
  useAnnounceNow(r.enabled ? r.announcement : null);
  return null;
}

/**
 * RewardsSection is the "Rewards" disclosure of the order view (closed at first, with
 * the points balance), or for a guest a line asking them to sign in.
 */
export function RewardsSection({
  r,
  toggleRef,
  panelRef,
  onNavigate,
}: { r: CartRewards; onNavigate: () => void } & Pick<CartRewardsRefs, 'toggleRef' | 'panelRef'>) {
  const [open, setOpen] = useState(false);
  const here = useLocation();
  if (!r.enabled) return null;
  if (!r.member) {
    return (
      <p className="hh-cart-rewards__guest">
        <Link to={`/account/signin?return=${enc(here.pathname + here.search)}`} onClick={onNavigate}>
          Sign in to use your rewards
        </Link>
      </p>
    );
  }
  const points = r.members?.points;
  const choices = r.loaded ? rewardChoices(r.members, r.cart) : [];
  return (
    <section className="hh-cart-rewards" aria-labelledby="cart-rewards-title">
      <h3 id="cart-rewards-title" className="hh-cart__section-title hh-cart-rewards__title">
        <button
          ref={toggleRef}
          type="button"
          className="hh-cart-rewards__toggle"
          aria-expanded={open}
          aria-controls="cart-rewards-panel"
          onClick={() => setOpen(!open)}
        >
          <span>Rewards</span>
          {typeof points === 'number' && (
            <span className="hh-cart-rewards__balance">{count(points)} Pts available</span>
          )}
          <span className="hh-cart-rewards__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id="cart-rewards-panel" ref={panelRef} className="hh-cart-rewards__panel" hidden={!open}>
        {r.loadError ? (
          <div role="alert" className="hh-cart-rewards__error">
            <p>{r.loadError}</p>
            <button type="button" className="hh-link-button" onClick={r.load}>
              Try again
            </button>
          </div>
        ) : !r.loaded ? (
          <p>Loading your rewards…</p>
        ) : choices.length === 0 ? (
          <p>No rewards yet. Every order earns points.</p>
        ) : (
          <ul className="hh-cart-rewards__list">
            {choices.map((c, i) => (
              <Choice key={c.key} c={c} index={i} r={r} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Choice({ c, index, r }: { c: RewardChoice; index: number; r: CartRewards }) {
  const id = 'cart-reward-' + c.key.replace(/[^A-Za-z0-9_-]/g, '-');
  const error = r.errors[c.key];
  const note = {
    available: null,
    short: `${count(c.pointsNeeded)} more points`,
    'in-cart': 'In your order',
    held: 'Redeemed earlier: add it to this order',
  }[c.state];
  const describedBy = [`${id}-cost`, note && `${id}-note`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <li className="hh-cart-rewards__item" data-state={c.state}>
      <div className="hh-cart-rewards__info">
        <span className="hh-cart-rewards__name">{c.name}</span>
        <span id={`${id}-cost`} className="hh-cart-rewards__cost">
          {c.kind === 'offer' ? 'Free' : `${count(c.points)} Pts`}
        </span>
        {note && (
          <span id={`${id}-note`} className="hh-cart-rewards__note">
            {note}
          </span>
        )}
      </div>
      {c.state !== 'in-cart' && (
        <button
          type="button"
          className="hh-button hh-button--secondary hh-cart-rewards__redeem"
          disabled={c.state === 'short' || r.busy !== null}
          aria-describedby={describedBy}
          data-reward-key={c.key}
          data-index={index}
          onClick={() => r.redeem(c, index)}
        >
          {r.busy === c.key ? 'Redeeming…' : 'Redeem'}
          <span className="visually-hidden"> {c.name}</span>
        </button>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="hh-cart-rewards__error">
          {error}
        </p>
      )}
    </li>
  );
}
