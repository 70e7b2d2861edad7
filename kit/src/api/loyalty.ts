// The loyalty items of the rewards API as the edge answers them (docs/identity.md;
// edge/internal/providers/loyalty/loyalty.go is the source of the field names).

/** An item of the rewards catalogue, bought with points. */
export interface Reward {
  id: string;
  name: string;
  description: string;
  /** Cost in points. */
  points: number;
  amount_cents: number;
  product_id?: string;
  category?: string;
  /** The member has enough points and no active redemption of it. */
  available: boolean;
  points_needed?: number;
  /** The member's active redemption of this reward, if any. */
  redemption_id?: string;
}

/** A reward offered to this member (welcome, birthday), free to redeem once. */
export interface RewardOffer {
  id: string;
  name: string;
  description: string;
  amount_cents: number;
  product_id?: string;
  expires_at: string;
  redeemed: boolean;
  redemption_id?: string;
}

/** A reward, offer or perk taken by the member, ready to apply to a cart. */
export interface Redemption {
  id: string;
  kind: 'reward' | 'offer' | 'perk';
  reward_id: string;
  name: string;
  points: number;
  amount_cents: number;
  product_id?: string;
  status: 'active' | 'used' | 'cancelled' | 'expired';
  created_at?: string;
  expires_at: string;
  closed_at?: string;
  order_id?: string;
}
