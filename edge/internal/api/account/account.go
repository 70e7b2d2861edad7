// Package account serves sign-in, sign-up and the member's account under /api
// (docs/identity.md): the loyalty provider checks who someone is, the auth package
// turns that into a member session (cookies for the browser), and every member
// endpoint acts for the member of the request's token only.
package account

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// Guard names the checks a route needs before it runs; Config.Guards maps each to
// its handlers (rate limits, bot check).
type Guard string

// The guarded actions.
const (
	GuardSignIn       Guard = "signin"
	GuardPasswordless Guard = "passwordless"
	GuardCode         Guard = "code"
	GuardSignUp       Guard = "signup"
	GuardForgot       Guard = "forgot"
	GuardReset        Guard = "reset"
)

// Config configures the account API.
type Config struct {
	// Loyalty is the loyalty provider. Required.
	Loyalty loyalty.Provider
	// Tokens issues and ends member sessions. Required.
	Tokens *auth.Tokens
	// Ordering applies redeemed rewards to the cart, keeps saved gift cards and knows
	// the house accounts. Required.
	Ordering ordering.Provider
	// KeepCard makes a card token permanent at its processor (processor "" when the
	// member did not say which) when the card is saved, so that it still pays after an
	// unsaved token would have expired. Optional: without it tokens are saved as they
	// are.
	KeepCard func(ctx context.Context, processor, token string) error
	// CardOf answers what the card processor recorded for a token (processor "" when
	// the member did not say which). Required to save cards: a saved card's details
	// come from it, never from the request.
	CardOf func(ctx context.Context, processor, token string) (loyalty.CardInput, error)
	// Owner identifies the cart a request acts on. Default: session.VisitorID.
	Owner func(c fiber.Ctx) string
	// Guards run before the guarded routes (rate limits, bot check). Optional.
	Guards map[Guard][]fiber.Handler
	// Outbox, when set, is served at GET /dev/outbox (never in production).
	Outbox loyalty.OutboxReader
	// Dev adds POST /dev/force-sign-out {memberId}: what support does when an account
	// may be compromised (never in production).
	Dev bool
	// SSOClientID is the client id sent to the provider's authorize page.
	SSOClientID string
	// SSOAuthorizeURL is the provider's authorize page. Default "/loyalty/authorize".
	SSOAuthorizeURL string
	// Secure marks the single sign-on state cookie Secure.
	Secure bool
}

type api struct {
	cfg Config
	l   loyalty.Provider
	t   *auth.Tokens
	m   *member.Service
}

// Mount registers the account endpoints on r (the /api group, after the token
// middleware).
func Mount(r fiber.Router, cfg Config) {
	if cfg.Owner == nil {
		cfg.Owner = session.VisitorID
	}
	if cfg.SSOAuthorizeURL == "" {
		cfg.SSOAuthorizeURL = "/loyalty/authorize"
	}
	a := &api{cfg: cfg, l: cfg.Loyalty, t: cfg.Tokens, m: &member.Service{Loyalty: cfg.Loyalty, Tokens: cfg.Tokens, Ordering: cfg.Ordering,
		CardOf: cfg.CardOf, KeepCard: cfg.KeepCard}}
	g := func(name Guard, h fiber.Handler) []any {
		out := []any{}
		for _, x := range cfg.Guards[name] {
			out = append(out, x)
		}
		return append(out, h)
	}
	post := func(path string, name Guard, h fiber.Handler) {
		hs := g(name, h)
		r.Post(path, hs[0], hs[1:]...)
	}
	post("/auth/signup", GuardSignUp, a.signUp)
	post("/auth/signin", GuardSignIn, a.signIn)
	post("/auth/passwordless", GuardPasswordless, a.passwordless)
	post("/auth/code", GuardCode, a.code)
	post("/auth/code/resend", GuardCode, a.resend)
	post("/auth/forgot", GuardForgot, a.forgot)
	post("/auth/reset", GuardReset, a.reset)
	r.Post("/auth/confirm", a.confirm)
	r.Get("/auth/sso", a.ssoStart)
	r.Post("/auth/sso/exchange", a.ssoExchange)
	r.Post("/auth/refresh", a.refresh)
	r.Post("/auth/logout", a.logout)

	m := auth.RequireMember()
	r.Get("/user", m, a.user)
	r.Patch("/user", m, a.updateProfile)
	r.Patch("/user/settings", m, a.changeSettings)
	r.Put("/user/settings", m, a.setSettings)
	r.Post("/user/password", m, a.changePassword)
	r.Post("/user/confirmation", m, a.resendConfirmation)
	r.Get("/user/addresses", m, a.addresses)
	r.Post("/user/addresses", m, a.addAddress)
	r.Put("/user/addresses/:id", m, a.updateAddress)
	r.Delete("/user/addresses/:id", m, a.removeAddress)
	r.Get("/user/cards", m, a.cards)
	r.Post("/user/cards", m, a.addCard)
	r.Delete("/user/cards/:id", m, a.removeCard)
	r.Get("/user/giftcards", m, a.giftCards)
	r.Post("/user/giftcards", m, a.saveGiftCard)
	r.Delete("/user/giftcards/:id", m, a.removeGiftCard)
	r.Get("/user/house-accounts", m, a.houseAccounts)
	r.Get("/user/favorites", m, a.favorites)
	r.Put("/user/favorites/:locationId", m, a.addFavorite)
	r.Delete("/user/favorites/:locationId", m, a.removeFavorite)
	r.Get("/user/orders", m, a.orders)
	r.Get("/user/activity", m, a.activity)
	r.Get("/rewards", m, a.rewards)
	r.Post("/rewards/:id/redeem", m, a.redeem)
	r.Post("/rewards/offers/:id/redeem", m, a.redeemOffer)
	r.Delete("/rewards/redemptions/:id", m, a.cancelRedemption)
	r.Get("/subscriptions/plans", a.plans)
	r.Get("/subscriptions", m, a.subscriptions)
	r.Post("/subscriptions", m, a.subscribe)
	r.Delete("/subscriptions/:id", m, a.cancelSubscription)
	r.Post("/subscriptions/:id/perk", m, a.claimPerk)
	if cfg.Outbox != nil {
		r.Get("/dev/outbox", a.outbox)
	}
	if cfg.Dev {
		r.Post("/dev/force-sign-out", a.forceSignOut)
		r.Post("/dev/points", a.adjustPoints)
	}
}

func memberID(c fiber.Ctx) string {
	m, _ := session.MemberOf(c)
	return m.ID
}

func noStore(c fiber.Ctx) { c.Set(fiber.HeaderCacheControl, site.PrivateNoStore) }
