// Package member gathers what the site shows of a signed-in member: the profile, the
// loyalty state (points, rewards, offers, challenges, badges, subscriptions,
// redemptions) and the claims of a new session. It holds the rules about a member
// that span the loyalty program and the ordering system: sign-up and profile
// changes with a favorite location, the one check of such a location
// (FavoriteLocation), the favorites in full, and who may charge a house account.
// Handlers call it; it calls the providers' roles and the token issuer.
package member

import (
	"context"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/points"
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
	// NotTransferred are the lines of the guest's cart that could not join the
	// member's cart at sign-in (not on its location's menu, or no room).
	NotTransferred []ordering.NotTransferred `json:"not_transferred,omitempty"`
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

// Service answers for members. Each loyalty and ordering role is a field of its own:
// a program may fill only some roles (docs/providers.md), and what a missing
// optional role would have given reads as empty.
type Service struct {
	// Loyalty is the member's own record. Required.
	Loyalty loyalty.Members
	// Accounts opens accounts and changes passwords (SignUp, ResetPassword,
	// ChangePassword). Required for those.
	Accounts loyalty.Accounts
	// Rewards, Offers, Challenges, Badges and Subscriptions are the members area's
	// lists (Gather). Optional: a missing role's lists are empty.
	Rewards       loyalty.Rewards
	Offers        loyalty.Offers
	Challenges    loyalty.Challenges
	Badges        loyalty.Badges
	Subscriptions loyalty.Subscriptions
	// Wallet keeps the member's saved cards (SaveCard). Required to save cards.
	Wallet loyalty.Wallet
	// Favorites keeps the member's favorite locations. Required for the favorites.
	Favorites loyalty.Favorites
	// Points settles the member's pending orders before their points are read
	// (Profile). Optional: without it pending orders stay pending.
	Points *points.Service
	// Locations checks a favorite location (FavoriteLocation) and answers the
	// favorites in full. Required for sign-up, profile changes and favorites that
	// name a location.
	Locations ordering.Locations
	// Houses knows the house accounts (company accounts) by email domain. Optional:
	// without it a member may charge none.
	Houses ordering.HouseAccounts
	// Tokens starts and ends sessions. Required for SignIn, Token and the password
	// changes.
	Tokens *auth.Tokens
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
	if s.CardOf == nil || s.Wallet == nil {
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
	card, err := s.Wallet.AddCard(ctx, memberID, in)
	if err != nil {
		return loyalty.SavedCard{}, err
	}
	if s.KeepCard != nil {
		if err := s.KeepCard(ctx, card.Processor, card.Token); err != nil {
			_ = s.Wallet.RemoveCard(context.WithoutCancel(ctx), memberID, card.ID)
			return loyalty.SavedCard{}, err
		}
	}
	return card, nil
}

// Gather collects m's loyalty state. The lists of a role the program does not fill
// are empty.
func (s *Service) Gather(ctx context.Context, m loyalty.Member) (Members, error) {
	out := Members{Points: m.Points, LifetimePoints: m.LifetimePoints, Tier: m.Tier, NextTier: m.NextTier, PointsToNextTier: m.PointsToNextTier,
		Rewards: []loyalty.Reward{}, RewardOffers: []loyalty.RewardOffer{}, Offers: []loyalty.Offer{}, Challenges: []loyalty.ChallengeProgress{},
		Badges: []loyalty.Badge{}, Subscriptions: []loyalty.Subscription{}, Redemptions: []loyalty.Redemption{}}
	var err error
	if s.Rewards != nil {
		if out.Rewards, err = s.Rewards.Rewards(ctx, m.ID); err != nil {
			return out, err
		}
		if out.Redemptions, err = s.Rewards.Redemptions(ctx, m.ID); err != nil {
			return out, err
		}
	}
	if s.Offers != nil {
		if out.RewardOffers, err = s.Offers.RewardOffers(ctx, m.ID); err != nil {
			return out, err
		}
		if out.Offers, err = s.Offers.Offers(ctx); err != nil {
			return out, err
		}
	}
	if s.Challenges != nil {
		if out.Challenges, err = s.Challenges.Challenges(ctx, m.ID); err != nil {
			return out, err
		}
	}
	if s.Badges != nil {
		if out.Badges, err = s.Badges.Badges(ctx, m.ID); err != nil {
			return out, err
		}
	}
	if s.Subscriptions != nil {
		if out.Subscriptions, err = s.Subscriptions.Subscriptions(ctx, m.ID); err != nil {
			return out, err
		}
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
	if s.Points != nil {
		if err := s.Points.Settle(ctx, memberID); err != nil {
			return loyalty.Member{}, Members{}, err
		}
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
	id, err := s.Accounts.ResetPassword(ctx, email, code, password)
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
	if err := s.Accounts.ChangePassword(ctx, memberID, current, next); err != nil {
		return auth.Pair{}, err
	}
	if err := s.Tokens.ForceSignOut(ctx, memberID); err != nil {
		return auth.Pair{}, err
	}
	return s.Tokens.Issue(ctx, memberID)
}

// HouseAccounts are the house accounts the member may charge. This is the one rule
// of who may charge a house account, which checkout's payment options and submit
// both ask: a signed-in member whose email address is confirmed, as it is now (one
// changed since it was confirmed is not, until confirmed again), and whose domain
// the account allows (the ordering provider matches the domain). Anyone else may
// charge none (docs/checkout.md, "House accounts").
func (s *Service) HouseAccounts(ctx context.Context, memberID string) ([]ordering.HouseAccount, error) {
	if memberID == "" || s.Houses == nil {
		return []ordering.HouseAccount{}, nil
	}
	m, err := s.Loyalty.Member(ctx, memberID)
	if err != nil {
		return nil, err
	}
	if !m.Confirmed || m.Email == "" {
		return []ordering.HouseAccount{}, nil
	}
	return s.Houses.HouseAccounts(ctx, m.Email)
}

// SignUp opens an account, after checking its favorite location when it names one
// (FavoriteLocation).
func (s *Service) SignUp(ctx context.Context, in loyalty.SignUpInput) (loyalty.Member, error) {
	if in.FavoriteLocationID != "" {
		if _, err := s.FavoriteLocation(ctx, in.FavoriteLocationID); err != nil {
			return loyalty.Member{}, err
		}
	}
	return s.Accounts.SignUp(ctx, in)
}

// UpdateProfile changes the member's details, after checking a new favorite location
// (FavoriteLocation); an empty one clears it.
func (s *Service) UpdateProfile(ctx context.Context, memberID string, u loyalty.ProfileUpdate) (loyalty.Member, error) {
	if u.FavoriteLocationID != nil && *u.FavoriteLocationID != "" {
		if _, err := s.FavoriteLocation(ctx, *u.FavoriteLocationID); err != nil {
			return loyalty.Member{}, err
		}
	}
	return s.Loyalty.UpdateProfile(ctx, memberID, u)
}

// FavoriteLocation is the one rule of which location a member may call their
// favorite, at sign-up, in their profile and in their saved locations: one the
// ordering system has and that sells online, that is, has a menu and offers pickup,
// curbside or delivery (a favorite is where the site starts the member's orders).
// Anything else is 400 "invalid" on favorite_location_id with a sentence for the form;
// a failure to ask (storage down) is answered as it is.
func (s *Service) FavoriteLocation(ctx context.Context, id string) (ordering.Location, error) {
	unknown := fault.New(fault.Invalid, "invalid", "Choose a location from the list.").Field("favorite_location_id", "Choose a location from the list.")
	if id == "" || s.Locations == nil {
		return ordering.Location{}, unknown
	}
	l, err := s.Locations.Location(ctx, id)
	if fault.Is(err, fault.NotFound) {
		return ordering.Location{}, unknown
	}
	if err != nil {
		return ordering.Location{}, err
	}
	if !sellsOnline(l) {
		const msg = "That location doesn't take orders online. Choose another."
		return ordering.Location{}, fault.New(fault.Invalid, "invalid", msg).Field("favorite_location_id", msg)
	}
	return l, nil
}

func sellsOnline(l ordering.Location) bool {
	return l.MenuID != "" && (l.Services.Pickup || l.Services.Curbside || l.Services.Delivery)
}

// FavoriteLocations are the member's favorite locations in full, skipping any the
// ordering system no longer has.
func (s *Service) FavoriteLocations(ctx context.Context, memberID string) ([]ordering.Location, error) {
	ids, err := s.Favorites.FavoriteLocations(ctx, memberID)
	if err != nil {
		return nil, err
	}
	return s.locations(ctx, ids)
}

// AddFavorite saves a favorite location (FavoriteLocation checks it) and answers the
// favorites in full. The refusal names the field after the location the path names
// (location_id), not the profile's favorite_location_id.
func (s *Service) AddFavorite(ctx context.Context, memberID, locationID string) ([]ordering.Location, error) {
	if _, err := s.FavoriteLocation(ctx, locationID); err != nil {
		if fe, ok := fault.As(err); ok && fe.Fields["favorite_location_id"] != "" {
			return nil, fault.New(fe.Kind, fe.Code, "%s", fe.Message).Field("location_id", fe.Fields["favorite_location_id"])
		}
		return nil, err
	}
	ids, err := s.Favorites.AddFavoriteLocation(ctx, memberID, locationID)
	if err != nil {
		return nil, err
	}
	return s.locations(ctx, ids)
}

// RemoveFavorite forgets a favorite location and answers the rest in full.
func (s *Service) RemoveFavorite(ctx context.Context, memberID, locationID string) ([]ordering.Location, error) {
	ids, err := s.Favorites.RemoveFavoriteLocation(ctx, memberID, locationID)
	if err != nil {
		return nil, err
	}
	return s.locations(ctx, ids)
}

func (s *Service) locations(ctx context.Context, ids []string) ([]ordering.Location, error) {
	out := make([]ordering.Location, 0, len(ids))
	for _, id := range ids {
		l, err := s.Locations.Location(ctx, id)
		if err == nil {
			out = append(out, l)
		} else if !fault.Is(err, fault.NotFound) {
			return nil, err
		}
	}
	return out, nil
}

// Address is a saved address as the ordering provider delivers to it.
func Address(a loyalty.SavedAddress) ordering.Address {
	return ordering.Address{Street: a.Street, Unit: a.Unit, City: a.City, State: a.State, ZIP: a.ZIP}
}
