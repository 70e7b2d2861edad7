package server

import (
	"context"
	"fmt"
	"strings"

	accountapi "github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/providers/payments"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/services/points"
	"github.com/henhouse/platform/edge/internal/services/rewards"
)

// loyaltyRoles are the roles the loyalty program fills, each nil when it fills
// none. The edge needs the required ones to start; a missing optional role turns its
// feature off: its /api/account routes answer 404 feature_unavailable and the page's
// config.features says false (docs/providers.md).
type loyaltyRoles struct {
	accounts      loyalty.Accounts
	signIn        loyalty.SignIn
	members       loyalty.Members
	points        loyalty.Points
	addresses     loyalty.Addresses
	wallet        loyalty.Wallet
	favorites     loyalty.Favorites
	rewards       loyalty.Rewards
	offers        loyalty.Offers
	challenges    loyalty.Challenges
	badges        loyalty.Badges
	subscriptions loyalty.Subscriptions
	// features is each optional role's feature flag: whether the program fills it.
	features map[string]bool
}

// loyaltyRole is a role as the edge looks for it.
type loyaltyRole struct {
	name string
	// feature is the flag in the page's config.features (lowerCamelCase); "" for a
	// role the edge cannot start without.
	feature string
	// use says what the site does with the role, for the error when it is missing.
	use string
	// take stores the role of p in r and reports whether p fills it.
	take func(p any, r *loyaltyRoles) bool
}

var loyaltyRoleList = []loyaltyRole{
	{name: "Accounts", use: "sign-up, account confirmation and passwords", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.accounts, ok = p.(loyalty.Accounts)
		return ok
	}},
	{name: "SignIn", use: "signing members in with a password and code, a passwordless code or single sign-on", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.signIn, ok = p.(loyalty.SignIn)
		return ok
	}},
	{name: "Members", use: "the member's profile and settings, and the provider name in member tokens", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.members, ok = p.(loyalty.Members)
		return ok
	}},
	{name: "Points", use: "points for placed orders, the order history and the points balance", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.points, ok = p.(loyalty.Points)
		return ok
	}},
	{name: "Addresses", feature: "addresses", use: "saved delivery addresses", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.addresses, ok = p.(loyalty.Addresses)
		return ok
	}},
	{name: "Wallet", feature: "wallet", use: "saved cards", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.wallet, ok = p.(loyalty.Wallet)
		return ok
	}},
	{name: "Favorites", feature: "favorites", use: "saved locations", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.favorites, ok = p.(loyalty.Favorites)
		return ok
	}},
	{name: "Rewards", feature: "rewards", use: "the rewards catalogue and redeeming rewards into the cart", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.rewards, ok = p.(loyalty.Rewards)
		return ok
	}},
	{name: "Offers", feature: "offers", use: "reward offers and the program's offers", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.offers, ok = p.(loyalty.Offers)
		return ok
	}},
	{name: "Challenges", feature: "challenges", use: "challenges in the members area", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.challenges, ok = p.(loyalty.Challenges)
		return ok
	}},
	{name: "Badges", feature: "badges", use: "badges in the members area", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.badges, ok = p.(loyalty.Badges)
		return ok
	}},
	{name: "Subscriptions", feature: "subscriptions", use: "subscription plans and their perks", take: func(p any, r *loyaltyRoles) (ok bool) {
		r.subscriptions, ok = p.(loyalty.Subscriptions)
		return ok
	}},
}

// loyaltyRolesOf finds the roles program fills. A missing required role is an
// error naming it and what the site needs it for: the edge does not start.
func loyaltyRolesOf(program any) (loyaltyRoles, error) {
	r := loyaltyRoles{features: map[string]bool{}}
	var missing []string
	for _, role := range loyaltyRoleList {
		ok := program != nil && role.take(program, &r)
		switch {
		case role.feature != "":
			r.features[role.feature] = ok
		case !ok:
			missing = append(missing, fmt.Sprintf("loyalty.%s (%s)", role.name, role.use))
		}
	}
	if len(missing) > 0 {
		return r, fmt.Errorf("the loyalty program %T does not fill the roles the edge needs: %s (docs/providers.md)", program, strings.Join(missing, "; "))
	}
	return r, nil
}

// addFeatures puts each optional role's flag into the page's config.features.
func (r loyaltyRoles) addFeatures(into map[string]any) {
	for k, on := range r.features {
		into[k] = on
	}
}

// openLoyaltyRoles finds the roles of the program the edge runs on: the built-in
// one, or the one a test puts in its place.
func (s *Server) openLoyaltyRoles() error {
	program := s.program
	if s.cfg.loyaltyProgram != nil {
		program = s.cfg.loyaltyProgram(s.loyal)
	}
	var err error
	s.roles, err = loyaltyRolesOf(program)
	return err
}

// openLoyaltyServices builds the services on the program's roles: points for
// orders, rewards into carts (when the program has a catalogue), and the member
// service.
func (s *Server) openLoyaltyServices(tokens *auth.Tokens) {
	r := s.roles
	s.points = &points.Service{Points: r.points, Ordering: s.orderRoles.Orders}
	// Rewards go into carts only when the programme has a catalogue and the ordering
	// system takes redemptions into its carts.
	if r.rewards != nil && s.orderRoles.CartRewards != nil {
		s.rewards = &rewards.Service{Rewards: r.rewards, Offers: r.offers, Perks: r.subscriptions, Carts: s.orderRoles.Carts, Cart: s.orderRoles.CartRewards}
	}
	s.members = &member.Service{Loyalty: r.members, Accounts: r.accounts,
		Rewards: r.rewards, Offers: r.offers, Challenges: r.challenges, Badges: r.badges, Subscriptions: r.subscriptions,
		Wallet: r.wallet, Favorites: r.favorites, Points: s.points, Locations: s.orderRoles.Locations, Houses: s.orderRoles.HouseAccounts,
		Tokens: tokens, CardOf: s.cards.cardOf, KeepCard: s.cards.keep}
}

// accountAPI is cfg with the program's roles and the loyalty services filled in.
func (s *Server) accountAPI(cfg accountapi.Config) accountapi.Config {
	r := s.roles
	cfg.Accounts, cfg.SignIn, cfg.Members, cfg.Points = r.accounts, r.signIn, r.members, r.points
	cfg.Addresses, cfg.Wallet, cfg.Favorites, cfg.Subscriptions = r.addresses, r.wallet, r.favorites, r.subscriptions
	cfg.Member, cfg.History, cfg.Rewards = s.members, s.points, s.rewards
	return cfg
}

// savedCards lists a member's saved cards that can still be charged, for a cart's
// payment options; nil without the loyalty wallet.
func (s *Server) savedCards() func(ctx context.Context, memberID string) ([]ordering.SavedCardShown, error) {
	w := s.roles.wallet
	if w == nil {
		return nil
	}
	return func(ctx context.Context, memberID string) ([]ordering.SavedCardShown, error) {
		list, err := w.Cards(ctx, memberID)
		if err != nil {
			return nil, err
		}
		out := []ordering.SavedCardShown{}
		for _, c := range list {
			if c.Expired {
				continue
			}
			processor := c.Processor
			if processor == "" {
				processor = payments.HostedID
			}
			out = append(out, ordering.SavedCardShown{ID: c.ID, Token: c.Token, Processor: processor, Label: c.Label,
				ExpMonth: c.ExpMonth, ExpYear: c.ExpYear, Nickname: c.Nickname, Default: c.Default})
		}
		return out, nil
	}
}

// publishableKey is the key a processor's card form needs in the browser: Stripe's,
// when its Card Element shows the fields.
func (s *Server) publishableKey(processor string) string {
	if s.cfg.Cards.stripeFields(processor) {
		return s.cfg.Cards.StripePublishableKey
	}
	return ""
}
