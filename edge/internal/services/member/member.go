// Package member gathers what the site shows of a signed-in member: the profile, the
// loyalty state (points, rewards, offers, challenges, badges, subscriptions,
// redemptions) and the claims of a new session. Handlers call it; it calls the loyalty
// provider and the token issuer, and translates between the loyalty and ordering
// contracts so neither provider needs the other's types.
package member

import (
	"context"
	"errors"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// TokenInfo is what the shell keeps of the token to check that it still matches the
// current loyalty provider and token version: the claims, never the token itself.
type TokenInfo struct {
	Provider string `json:"provider"`
	Version  string `json:"version"`
}

// SignedIn is the answer of every endpoint that signs a member in.
type SignedIn struct {
	User    loyalty.Member `json:"user"`
	Members Members        `json:"members"`
	Token   TokenInfo      `json:"token"`
	Return  string         `json:"return,omitempty"`
}

// Members is the body of GET /rewards and the members area of the app state.
type Members struct {
	Points           int64                       `json:"points"`
	LifetimePoints   int64                       `json:"lifetime_points"`
	Tier             string                      `json:"tier"`
	NextTier         string                      `json:"next_tier,omitempty"`
	PointsToNextTier int64                       `json:"points_to_next_tier,omitempty"`
	Rewards          []loyalty.Reward            `json:"rewards"`
	RewardOffers     []loyalty.RewardOffer       `json:"reward_offers"`
	Offers           []loyalty.Offer             `json:"offers"`
	Challenges       []loyalty.ChallengeProgress `json:"challenges"`
	Badges           []loyalty.Badge             `json:"badges"`
	Subscriptions    []loyalty.Subscription      `json:"subscriptions"`
	Redemptions      []loyalty.Redemption        `json:"redemptions"`
}

// Service answers for members. Loyalty is required; Tokens only for SignIn and Token.
type Service struct {
	Loyalty loyalty.Provider
	Tokens  *auth.Tokens
	// Ordering says whether a member's pending order has completed or was cancelled
	// (Settle). Optional: without it pending orders stay pending.
	Ordering ordering.Provider
	// CardOf answers what the card processor recorded for a token (processor "" when
	// the member did not say which): its processor, brand, last 4 digits and expiry.
	// Required to save a card (SaveCard).
	CardOf func(ctx context.Context, processor, token string) (loyalty.CardInput, error)
	// KeepCard makes a saved card's token permanent at its processor. Optional:
	// without it tokens are saved as they are.
	KeepCard func(ctx context.Context, processor, token string) error
}

// SaveCard saves a card token to the member's wallet. The card's processor, brand,
// last 4 digits and expiry are those the processor recorded for the token, never
// what the client sent (a Visa ending 4242 is saved as one, whatever the request
// says). The token is then kept, so that it still pays after an unsaved one would
// have expired; a token that cannot be kept is not saved.
func (s *Service) SaveCard(ctx context.Context, memberID string, in loyalty.CardInput) (loyalty.SavedCard, error) {
	if s.CardOf == nil {
		return loyalty.SavedCard{}, fault.New(fault.Unavailable, "cards_unavailable", "Cards can't be saved right now.")
	}
	if in.Token == "" {
		return loyalty.SavedCard{}, fault.New(fault.Invalid, "invalid", "Enter your card details again.").Field("token", "required")
	}
	rec, err := s.CardOf(ctx, in.Processor, in.Token)
	if err != nil {
		return loyalty.SavedCard{}, err
	}
	in.Processor, in.Brand, in.Last4, in.ExpMonth, in.ExpYear = rec.Processor, rec.Brand, rec.Last4, rec.ExpMonth, rec.ExpYear
	card, err := s.Loyalty.AddCard(ctx, memberID, in)
	if err != nil {
		return loyalty.SavedCard{}, err
	}
	if s.KeepCard != nil {
		if err := s.KeepCard(ctx, card.Processor, card.Token); err != nil {
			_ = s.Loyalty.RemoveCard(context.WithoutCancel(ctx), memberID, card.ID)
			return loyalty.SavedCard{}, err
		}
	}
	return card, nil
}

// Gather collects m's loyalty state.
func (s *Service) Gather(ctx context.Context, m loyalty.Member) (Members, error) {
	l := s.Loyalty
	out := Members{Points: m.Points, LifetimePoints: m.LifetimePoints, Tier: m.Tier, NextTier: m.NextTier, PointsToNextTier: m.PointsToNextTier}
	var err error
	if out.Rewards, err = l.Rewards(ctx, m.ID); err != nil {
		return out, err
	}
	if out.RewardOffers, err = l.RewardOffers(ctx, m.ID); err != nil {
		return out, err
	}
	if out.Offers, err = l.Offers(ctx); err != nil {
		return out, err
	}
	if out.Challenges, err = l.Challenges(ctx, m.ID); err != nil {
		return out, err
	}
	if out.Badges, err = l.Badges(ctx, m.ID); err != nil {
		return out, err
	}
	if out.Subscriptions, err = l.Subscriptions(ctx, m.ID); err != nil {
		return out, err
	}
	if out.Redemptions, err = l.Redemptions(ctx, m.ID); err != nil {
		return out, err
	}
	return out, nil
}

// Members reads the member and gathers their loyalty state.
func (s *Service) Members(ctx context.Context, memberID string) (Members, error) {
	_, ms, err := s.Profile(ctx, memberID)
	return ms, err
}

// Profile is the member and their loyalty state, as the app state starts from them.
// Orders that have completed or were cancelled since are settled first.
func (s *Service) Profile(ctx context.Context, memberID string) (loyalty.Member, Members, error) {
	if err := s.Settle(ctx, memberID); err != nil {
		return loyalty.Member{}, Members{}, err
	}
	m, err := s.Loyalty.Member(ctx, memberID)
	if err != nil {
		return loyalty.Member{}, Members{}, err
	}
	ms, err := s.Gather(ctx, m)
	if err != nil {
		return loyalty.Member{}, Members{}, err
	}
	return m, ms, nil
}

// Token is the claims of the sessions the edge issues now.
func (s *Service) Token() TokenInfo {
	cfg := s.Tokens.Config()
	return TokenInfo{Provider: cfg.Provider, Version: cfg.Version}
}

// SignIn starts a session for m. The caller puts the pair into the cookies (or hands it
// to the app) and answers SignedIn.
func (s *Service) SignIn(ctx context.Context, m loyalty.Member) (auth.Pair, SignedIn, error) {
	pair, err := s.Tokens.Issue(ctx, m.ID)
	if err != nil {
		return auth.Pair{}, SignedIn{}, err
	}
	ms, err := s.Gather(ctx, m)
	if err != nil {
		return auth.Pair{}, SignedIn{}, err
	}
	return pair, SignedIn{User: m, Members: ms, Token: s.Token()}, nil
}

// ResetPassword sets a new password from the emailed reset code and ends every session
// of the member at once, on every edge (docs/identity.md, "Passwords and sessions"):
// each is invalidated as by a forced sign-out, so a device still signed in gets the
// forced sign-out dialog with its next page or call. The session the reset was made
// from (asking, the request's claims; zero for a guest), when it is the member's, ends
// quietly instead, since its page says so: signedOut reports it, and the caller clears
// that browser's cookies.
func (s *Service) ResetPassword(ctx context.Context, email, code, password string, asking auth.Claims) (signedOut bool, err error) {
	id, err := s.Loyalty.ResetPassword(ctx, email, code, password)
	if err != nil {
		return false, err
	}
	if asking.Subject == id && asking.SessionID != "" {
		if err := s.Tokens.Logout(ctx, asking.SessionID); err != nil {
			return false, err
		}
		signedOut = true
	}
	return signedOut, s.Tokens.ForceSignOut(ctx, id)
}

// ChangePassword replaces a signed-in member's password and ends every session of the
// member that was started before, at once, on every edge, as a forced sign-out does
// (docs/identity.md, "Passwords and sessions"). The browser that made the change goes
// on in a new session: the caller puts the returned pair in its cookies. No token
// issued before the change is accepted after it, not even a copy of this browser's.
func (s *Service) ChangePassword(ctx context.Context, memberID, current, next string) (auth.Pair, error) {
	if err := s.Loyalty.ChangePassword(ctx, memberID, current, next); err != nil {
		return auth.Pair{}, err
	}
	if err := s.Tokens.ForceSignOut(ctx, memberID); err != nil {
		return auth.Pair{}, err
	}
	return s.Tokens.Issue(ctx, memberID)
}

// HoldOrder records a member's placed order with the loyalty provider: its
// redemptions become used, and its points wait until it completes (Settle).
func (s *Service) HoldOrder(ctx context.Context, memberID string, o ordering.Order) error {
	_, err := s.Loyalty.HoldOrder(ctx, memberID, OrderRecord(o))
	return err
}

// OrderCancelled closes a cancelled order's pending points and gives back the rewards
// it used. An order of no member, or never held, has nothing to give back.
func (s *Service) OrderCancelled(ctx context.Context, o ordering.Order) error {
	if o.MemberID == "" || o.Status != ordering.OrderCancelled {
		return nil
	}
	_, err := s.Loyalty.CancelOrder(ctx, o.MemberID, o.ID)
	if fault.Is(err, fault.NotFound) {
		return nil
	}
	return err
}

// Settle credits the member's pending orders that the ordering provider now says
// are completed, and closes those it says were cancelled (a cancel whose
// OrderCancelled did not run). The loyalty provider does each once per order, so
// settling twice, or two settles at once, credit nothing twice.
func (s *Service) Settle(ctx context.Context, memberID string) error {
	if s.Ordering == nil {
		return nil
	}
	pending, err := s.Loyalty.PendingOrders(ctx, memberID)
	if err != nil {
		return err
	}
	for _, p := range pending {
		o, err := s.Ordering.Order(ctx, p.OrderID, ordering.Viewer{MemberID: memberID})
		if fault.Is(err, fault.NotFound) {
			continue // not this provider's order: it stays pending for support
		}
		if err != nil {
			return err
		}
		switch o.Status {
		case ordering.OrderCompleted:
			_, err = s.Loyalty.AccrueOrder(ctx, memberID, p.OrderRecord)
		case ordering.OrderCancelled:
			_, err = s.Loyalty.CancelOrder(ctx, memberID, p.OrderID)
		}
		// A conflict is another settle or cancel that got there first.
		if err != nil && !fault.Is(err, fault.Conflict) {
			return err
		}
	}
	return nil
}

// Unredeem takes a redemption out of the owner's cart and then cancels it, giving
// its points back. The cart comes first because the ordering provider refuses while
// the cart is being submitted and once the reward is on a placed order; only then is
// the redemption refunded, so no order keeps a discount whose points came back.
// The answer is the cart, nil when there is none.
func (s *Service) Unredeem(ctx context.Context, owner, memberID, redemptionID string) (*ordering.Cart, error) {
	var cart *ordering.Cart
	c, err := s.Ordering.RemoveReward(ctx, owner, redemptionID)
	switch {
	case err == nil:
		cart = &c
	case !fault.Is(err, fault.NotFound):
		return nil, err
	}
	if _, err := s.Loyalty.CancelRedemption(ctx, memberID, redemptionID); err != nil {
		return nil, err
	}
	return cart, nil
}

// CartAbandoned gives back the member's rewards that were in an abandoned cart, as
// un-redeeming each would: its points return and an offer or perk can be taken
// again. A reward already closed, or not the member's, is left as it is.
func (s *Service) CartAbandoned(ctx context.Context, memberID string, cart ordering.Cart) error {
	var errs []error
	for _, r := range cart.Rewards {
		_, err := s.Loyalty.CancelRedemption(ctx, memberID, r.ID)
		if err != nil && !fault.Is(err, fault.Rule) && !fault.Is(err, fault.NotFound) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// HouseAccounts are the house accounts the member may charge. This is the one rule
// of who may charge a house account, which checkout's payment options and submit
// both ask: a signed-in member whose email address is confirmed, as it is now (one
// changed since it was confirmed is not, until confirmed again), and whose domain
// the account allows (the ordering provider matches the domain). Anyone else may
// charge none (docs/checkout.md, "House accounts").
func (s *Service) HouseAccounts(ctx context.Context, memberID string) ([]ordering.HouseAccount, error) {
	if memberID == "" {
		return []ordering.HouseAccount{}, nil
	}
	m, err := s.Loyalty.Member(ctx, memberID)
	if err != nil {
		return nil, err
	}
	if !m.Confirmed || m.Email == "" {
		return []ordering.HouseAccount{}, nil
	}
	return s.Ordering.HouseAccounts(ctx, m.Email)
}

// Orders is the member's order history after settling it.
func (s *Service) Orders(ctx context.Context, memberID string, limit int) ([]loyalty.Order, error) {
	if err := s.Settle(ctx, memberID); err != nil {
		return nil, err
	}
	return s.Loyalty.Orders(ctx, memberID, limit)
}

// Activity is the member's points ledger after settling their orders.
func (s *Service) Activity(ctx context.Context, memberID string, limit int) ([]loyalty.Activity, error) {
	if err := s.Settle(ctx, memberID); err != nil {
		return nil, err
	}
	return s.Loyalty.Activity(ctx, memberID, limit)
}

// OrderRecord is a placed order as the loyalty provider credits it. Reward discounts
// carry the redemption id as their code, which accrual marks used.
func OrderRecord(o ordering.Order) loyalty.OrderRecord {
	rec := loyalty.OrderRecord{
		OrderID: o.ID, LocationID: o.LocationID, LocationName: o.Location.Name, PlacedAt: o.PlacedAt,
		SubtotalCents: o.Totals.SubtotalCents, DiscountCents: o.Totals.DiscountCents, TotalCents: o.Totals.TotalCents,
	}
	for _, p := range o.Products {
		rec.Items = append(rec.Items, loyalty.OrderItem{ProductID: p.ProductID, Name: p.Name, Quantity: p.Quantity})
		if p.Reward.ID != "" { // a free-item reward is a line, not a discount
			rec.RedemptionIDs = append(rec.RedemptionIDs, p.Reward.ID)
		}
	}
	for _, d := range o.Discounts {
		if d.Kind == "reward" {
			rec.RedemptionIDs = append(rec.RedemptionIDs, d.Code)
		}
	}
	return rec
}

// AppliedReward is a redemption as the ordering provider prices it in a cart
// (ordering.Provider.ApplyReward). The cart's reward id is the redemption id, which
// accrual later marks used. A free-item redemption names its product, which the cart
// takes as a line at $0 (docs/identity.md, "API").
func AppliedReward(r loyalty.Redemption) ordering.AppliedReward {
	out := ordering.AppliedReward{ID: r.ID, Name: r.Name, AmountCents: r.AmountCents}
	if r.FreeItem {
		out.ProductID = r.ProductID
	}
	return out
}

// Address is a saved address as the ordering provider delivers to it.
func Address(a loyalty.SavedAddress) ordering.Address {
	return ordering.Address{Street: a.Street, Unit: a.Unit, City: a.City, State: a.State, ZIP: a.ZIP}
}
