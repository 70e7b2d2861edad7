// The cart as the edge returns it (docs/api.md, "Cart").
export type { Reward, RewardOffer, Redemption } from '@henhouse/kit/api/loyalty';
import type { Reward, RewardOffer, Redemption } from '@henhouse/kit/api/loyalty';

export interface CartLine {
  id: string;
  product_id: string;
  name: string;
  quantity: number;
  modifiers: { id: string; name: string; quantity: number; price_cents: number }[];
  special_instructions?: string;
  unit_price_cents: number;
  total_cents: number;
  data: { name: string };
}
export interface Totals {
  subtotal_cents: number;
  discount_cents: number;
  fees_cents: number;
  tax_cents: number;
  tip_cents: number;
  total_cents: number;
}
/** A coupon, offer or loyalty reward taken off the cart; for a reward, code is the redemption id. */
export interface Discount {
  kind: 'coupon' | 'reward' | 'offer';
  code: string;
  label: string;
  amount_cents: number;
}
/** A loyalty reward redeemed into the cart; id is the redemption id. */
export interface AppliedReward {
  id: string;
  name: string;
  amount_cents: number;
}
export interface Fee {
  code: string;
  label: string;
  amount_cents: number;
}
export interface CartView {
  id: string;
  menu_id: string;
  location_id: string;
  products: CartLine[];
  handoff: { mode: 'pickup' | 'curbside' | 'delivery'; address?: Address; vehicle?: Vehicle; delivery_notes?: string };
  time: { mode: 'asap' | 'later' | 'advance'; at?: string };
  discounts?: Discount[];
  fees?: Fee[];
  rewards?: AppliedReward[];
  totals: Totals;
  item_count: number;
  warnings?: string[];
}
export interface Address { street: string; unit?: string; city: string; state: string; zip: string }
export interface Vehicle { make: string; model: string; color: string }
export interface LocationView {
  id: string;
  name: string;
  menu_id: string;
  address: Address;
  phone: string;
  time_zone: string;
  services: { pickup: boolean; curbside: boolean; delivery: boolean; transfercart: boolean };
}
export interface TimeOptions {
  asap_available: boolean;
  open_now: boolean;
  earliest: string;
  time_zone: string;
  days: { date: string; slots: { at: string; available: boolean }[] }[];
}

export interface MembersView {
  points: number;
  lifetime_points: number;
  tier: string;
  rewards: Reward[];
  reward_offers: RewardOffer[];
  redemptions: Redemption[];
}
/** POST /api/rewards/{id}/redeem and /api/rewards/offers/{id}/redeem. */
export interface Redeemed {
  redemption: Redemption;
  cart: CartView;
  members: MembersView;
}
/** DELETE /api/rewards/redemptions/{id}: the cart is null when the visitor has none. */
export interface RedemptionRemoved {
  cart: CartView | null;
  members: MembersView;
}
