// Shapes of the identity and loyalty API (docs/identity.md), as the edge answers them:
// snake_case, from the JSON tags of edge/internal/providers/loyalty/loyalty.go and
// edge/internal/api/account/account.go. Real answers of every endpoint are recorded in
// edge/internal/server/testdata/account-api.json (written by the edge's contract
// test), which the tests of this remote answer their fake /api from. Request bodies
// stay camelCase.

/** A member's communication preferences. */
export type { Reward, RewardOffer, Redemption } from '@henhouse/kit/api/loyalty';
import type { Reward, RewardOffer, Redemption } from '@henhouse/kit/api/loyalty';

export interface Settings {
  email_offers: boolean;
  sms_offers: boolean;
  paperless_receipts: boolean;
}

/** The loyalty member (GET /api/user `user`). */
export interface User {
  id: string;
  /** "HH" and 10 digits, on the member card. */
  member_number: string;
  first_name: string;
  last_name: string;
  email: string;
  /** 10 digits. */
  phone: string;
  /** "YYYY-MM-DD". */
  birthday?: string;
  favorite_location_id?: string;
  confirmed: boolean;
  points: number;
  lifetime_points: number;
  tier: string;
  next_tier?: string;
  points_to_next_tier?: number;
  settings: Settings;
  order_count: number;
  created_at: string;
}

export interface TokenClaims {
  provider: string;
  version: string;
}

/** The answer of every call that signs a member in. */
export interface SignedIn {
  user: User;
  members: Members;
  token: TokenClaims;
  /** POST /api/auth/sso/exchange only: where to go next. */
  return?: string;
}

/** A sign-in code challenge: the code step follows. */
export interface CodeChallenge {
  id: string;
  /** "email" or "sms". */
  channel: string;
  /** Where the code went, masked by the edge; masked again here in case it was not. */
  destination: string;
  expires_at: string;
  /** The earliest time a new code can be sent. */
  resend_after?: string;
}



/** A programme-wide offer (double points on Tuesdays). */
export interface Offer {
  id: string;
  title: string;
  description: string;
  /** "multiplier" or "bonus". */
  kind: string;
  multiplier?: number;
  bonus_points?: number;
  /** sun … sat */
  weekday?: string;
  category?: string;
  starts_at?: string;
  ends_at?: string;
  active_now: boolean;
}

/** A challenge with the member's progress in the current period. */
export interface Challenge {
  id: string;
  title: string;
  description: string;
  progress: number;
  goal: number;
  /** "orders" or "cents". */
  unit?: string;
  bonus_points: number;
  /** "month" or "once". */
  period: string;
  ends_at?: string;
  completed: boolean;
  completed_at?: string;
}

export interface Badge {
  id: string;
  name: string;
  description: string;
  earned: boolean;
  earned_at?: string;
}

/** A subscription plan (GET /api/subscriptions/plans). */
export interface Plan {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  interval: string;
  /** What the plan gives each perk_period ("day" or "week"). */
  perk_name: string;
  perk_amount_cents: number;
  perk_product_id?: string;
  perk_period: string;
}

export interface Subscription {
  id: string;
  plan_id: string;
  name: string;
  price_cents: number;
  interval: string;
  /** "active", "cancelled" (perks last until ends_at) or "past_due". */
  status: string;
  payment_label: string;
  started_at?: string;
  period_start?: string;
  /** The next charge; absent once cancelled. */
  renews_at?: string;
  /** When the perks stop; set when cancelled. */
  ends_at?: string;
  cancelled_at?: string;
  /** Perks can be claimed now. */
  perks_active: boolean;
}


/** The body of GET /api/rewards; kept in the store's `members` area. */
export interface Members {
  points: number;
  lifetime_points: number;
  tier: string;
  next_tier?: string;
  points_to_next_tier?: number;
  rewards: Reward[];
  reward_offers: RewardOffer[];
  offers: Offer[];
  challenges: Challenge[];
  badges: Badge[];
  subscriptions: Subscription[];
  redemptions: Redemption[];
}

/** A saved delivery address (GET /api/user/addresses). */
export interface SavedAddress {
  id: string;
  label: string;
  street: string;
  unit?: string;
  city: string;
  state: string;
  zip: string;
  instructions?: string;
  default: boolean;
  created_at?: string;
}

/** A saved payment token (GET /api/user/cards): never a card number. */
export interface SavedCard {
  id: string;
  token: string;
  processor?: string;
  /** "amex", "discover", "mastercard" or "visa". */
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  nickname?: string;
  /** "Visa •••• 4242". */
  label: string;
  default: boolean;
  expired: boolean;
  created_at?: string;
}

export interface OrderItem {
  product_id?: string;
  name: string;
  quantity: number;
}

/** An order in the member's history (GET /api/user/orders), with its points. */
export interface Order {
  order_id: string;
  location_id: string;
  location_name: string;
  placed_at: string;
  subtotal_cents: number;
  discount_cents?: number;
  total_cents: number;
  items: OrderItem[];
  redemption_ids?: string[];
  points: number;
  accrued_at: string;
}

/** The answer of POST /api/rewards/{id}/redeem, …/offers/{id}/redeem and
 *  /api/subscriptions/{id}/perk. */
export interface Redeemed<Cart = unknown> {
  redemption: Redemption;
  cart: Cart;
  members: Members;
}

export interface LocationSummary {
  id: string;
  name: string;
  menu_id?: string;
  address?: { street?: string; city?: string; state?: string; zip?: string };
  phone?: string;
  distance_miles?: number;
  open_now?: boolean;
}
