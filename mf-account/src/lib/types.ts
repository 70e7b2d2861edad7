// Shapes of the identity and loyalty API (docs/identity.md). Where the contract names a
// list without its items (rewards, offers, challenges, …) the item fields below are the
// ones this remote reads; lib/members.ts tolerates the common alternatives.

export interface User {
  id: string;
  memberNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday?: string;
  favoriteLocationId?: string;
  confirmed?: boolean;
  points?: number;
  lifetimePoints?: number;
  tier?: string;
  settings?: { emailOffers: boolean; smsOffers: boolean; paperlessReceipts: boolean };
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
}

/** A sign-in code challenge: the code step follows. */
export interface CodeChallenge {
  id: string;
  /** "email" or "sms". */
  channel: string;
  /** Where the code went; masked again on the client in case the server did not. */
  destination: string;
  expiresAt?: string;
}

export interface Reward {
  id: string;
  name: string;
  description?: string;
  /** Cost in points. */
  points: number;
  image?: string;
  expiresAt?: string;
}

export interface Offer {
  id: string;
  name: string;
  description?: string;
  expiresAt?: string;
  points?: number;
}

export interface Challenge {
  id: string;
  name: string;
  description?: string;
  progress: number;
  goal: number;
  unit?: string;
  rewardPoints?: number;
  completed?: boolean;
  endsAt?: string;
}

export interface Badge {
  id: string;
  name: string;
  description?: string;
  earnedAt?: string;
  image?: string;
}

export interface Subscription {
  id: string;
  planId: string;
  name?: string;
  status: string;
  renewsAt?: string;
  endsAt?: string;
  cancelAtPeriodEnd?: boolean;
}

/** The body of GET /api/rewards; kept in the store's `members` area. */
export interface Members {
  points: number;
  lifetimePoints?: number;
  tier?: string;
  rewards: Reward[];
  rewardOffers: Offer[];
  offers: Offer[];
  challenges: Challenge[];
  badges: Badge[];
  subscriptions: Subscription[];
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
