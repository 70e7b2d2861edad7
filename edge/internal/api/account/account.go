// Package account serves sign-in, sign-up and the member's account under /api
// (docs/identity.md): the loyalty provider checks who someone is, the auth package
// turns that into a member session (cookies for the browser), and every member
// endpoint acts for the member of the request's token only.
package account

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx/cartversion"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/services/points"
	"github.com/henhouse/platform/edge/internal/services/rewards"
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

// Config configures the account API. The loyalty program comes as its roles, one
// field each: a program may fill only some (docs/providers.md), and the routes of a
// missing optional role answer 404 "feature_unavailable".
type Config struct {
	// Accounts, SignIn and Members are the loyalty roles of sign-up, sign-in and the
	// member's own record. Required.
	Accounts loyalty.Accounts
	SignIn   loyalty.SignIn
	Members  loyalty.Members
	// Points is the points ledger the developer endpoint adjusts. Required with Dev.
	Points loyalty.Points
	// Addresses, Wallet, Favorites and Subscriptions are optional loyalty roles:
	// without one, its routes answer 404 feature_unavailable.
	Addresses     loyalty.Addresses
	Wallet        loyalty.Wallet
	Favorites     loyalty.Favorites
	Subscriptions loyalty.Subscriptions
	// Member gathers the member's loyalty state, starts sessions and holds the rules
	// that span the providers (favorite locations, house accounts). Required.
	Member *member.Service
	// History is the member's order history and points ledger. Required.
	History *points.Service
	// Rewards puts rewards, reward offers and perks into the cart and takes them out.
	// Optional: without it the redeem routes answer 404 feature_unavailable, as do
	// offers without Rewards.Offers and perks without Rewards.Perks.
	Rewards *rewards.Service
	// GiftCards keeps a member's saved gift cards. Optional: without it their routes
	// answer 404 feature_unavailable.
	GiftCards ordering.GiftCards
	// Tokens issues and ends member sessions. Required.
	Tokens *auth.Tokens
	// Owner identifies the cart a request acts on. Default: session.VisitorID.
	Owner func(c fiber.Ctx) string
	// JoinCart brings the guest's cart into the member's one cart as the member signs
	// in, answering the lines that could not join. Optional.
	JoinCart func(c fiber.Ctx, memberID string) ([]ordering.NotTransferred, error)
	// Guards run before the guarded routes (rate limits, bot check). Optional.
	Guards map[Guard][]fiber.Handler
	// Outbox, when set, is served at GET /dev/outbox (never in production).
	Outbox loyalty.OutboxReader
	// Dev adds POST /dev/force-sign-out {memberId}: what support does when an account
	// may be compromised, and POST /dev/points (never in production).
	Dev bool
	// SSOClientID is the client id sent to the provider's authorize page.
	SSOClientID string
	// SSOAuthorizeURL is the provider's authorize page. Optional. Default:
	// "/loyalty/authorize".
	SSOAuthorizeURL string
	// Secure marks the single sign-on state cookie Secure.
	Secure bool
}

type api struct {
	cfg Config
	t   *auth.Tokens
	m   *member.Service
}

// unavailable answers the routes of a feature the loyalty program (or the ordering
// system) does not offer: 404, so that a client that shows the feature anyway learns
// it is not there, whoever asks.
func unavailable(what string) fiber.Handler {
	return func(fiber.Ctx) error {
		return fault.New(fault.NotFound, "feature_unavailable", "%s aren't available on this site.", what)
	}
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
	a := &api{cfg: cfg, t: cfg.Tokens, m: cfg.Member}
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
	// feature mounts a feature's member routes when on is set, else answers them all
	// 404 feature_unavailable, before the sign-in check.
	type route struct {
		method, path string
		h            fiber.Handler
	}
	feature := func(on bool, what string, routes ...route) {
		for _, rt := range routes {
			hs := []any{unavailable(what)}
			if on {
				hs = []any{m, rt.h}
			}
			if rt.method == fiber.MethodGet {
				r.Get(rt.path, hs[0], hs[1:]...) // and HEAD, as every GET route
			} else {
				r.Add([]string{rt.method}, rt.path, hs[0], hs[1:]...)
			}
		}
	}
	r.Get("/user", m, a.user)
	r.Patch("/user", m, a.updateProfile)
	r.Patch("/user/settings", m, a.changeSettings)
	r.Put("/user/settings", m, a.setSettings)
	r.Post("/user/password", m, a.changePassword)
	r.Post("/user/confirmation", m, a.resendConfirmation)
	feature(cfg.Addresses != nil, "Saved addresses",
		route{"GET", "/user/addresses", a.addresses}, route{"POST", "/user/addresses", a.addAddress},
		route{"PUT", "/user/addresses/:id", a.updateAddress}, route{"DELETE", "/user/addresses/:id", a.removeAddress})
	feature(cfg.Wallet != nil, "Saved cards",
		route{"GET", "/user/cards", a.cards}, route{"POST", "/user/cards", a.addCard}, route{"DELETE", "/user/cards/:id", a.removeCard})
	feature(cfg.GiftCards != nil, "Saved gift cards",
		route{"GET", "/user/giftcards", a.giftCards}, route{"POST", "/user/giftcards", a.saveGiftCard},
		route{"DELETE", "/user/giftcards/:id", a.removeGiftCard})
	feature(cfg.Member.Houses != nil, "House accounts", route{"GET", "/user/house-accounts", a.houseAccounts})
	feature(cfg.Favorites != nil, "Saved locations",
		route{"GET", "/user/favorites", a.favorites}, route{"PUT", "/user/favorites/:locationId", a.addFavorite},
		route{"DELETE", "/user/favorites/:locationId", a.removeFavorite})
	r.Get("/user/orders", m, a.orders)
	r.Get("/user/activity", m, a.activity)
	r.Get("/rewards", m, a.rewards)
	redeem := cfg.Rewards != nil
	feature(redeem, "Rewards", route{"POST", "/rewards/:id/redeem", cartversion.Versioned(a.redeem)},
		route{"DELETE", "/rewards/redemptions/:id", cartversion.Versioned(a.cancelRedemption)})
	feature(redeem && cfg.Rewards.Offers != nil, "Reward offers", route{"POST", "/rewards/offers/:id/redeem", cartversion.Versioned(a.redeemOffer)})
	subs := cfg.Subscriptions != nil
	if subs {
		r.Get("/subscriptions/plans", a.plans) // for everyone: the plans are the offer
	} else {
		r.Get("/subscriptions/plans", unavailable("Subscriptions"))
	}
	feature(subs, "Subscriptions",
		route{"GET", "/subscriptions", a.subscriptions}, route{"POST", "/subscriptions", a.subscribe},
		route{"DELETE", "/subscriptions/:id", a.cancelSubscription})
	feature(subs && redeem && cfg.Rewards.Perks != nil, "Subscription perks", route{"POST", "/subscriptions/:id/perk", cartversion.Versioned(a.claimPerk)})
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
