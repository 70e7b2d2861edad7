// Package account serves sign-in, sign-up and the member's account under /api
// (docs/identity.md): the loyalty provider checks who someone is, the auth package
// turns that into a member session (cookies for the browser), and every member
// endpoint acts for the member of the request's token only.
package account

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/session"
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
	// Ordering applies redeemed rewards to the cart. Required.
	Ordering ordering.Provider
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
	a := &api{cfg: cfg, l: cfg.Loyalty, t: cfg.Tokens, m: &member.Service{Loyalty: cfg.Loyalty, Tokens: cfg.Tokens}}
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
	r.Put("/user/settings", m, a.updateSettings)
	r.Post("/user/password", m, a.changePassword)
	r.Post("/user/confirmation", m, a.resendConfirmation)
	r.Get("/user/addresses", m, a.addresses)
	r.Post("/user/addresses", m, a.addAddress)
	r.Put("/user/addresses/:id", m, a.updateAddress)
	r.Delete("/user/addresses/:id", m, a.removeAddress)
	r.Get("/user/cards", m, a.cards)
	r.Post("/user/cards", m, a.addCard)
	r.Delete("/user/cards/:id", m, a.removeCard)
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

func noStore(c fiber.Ctx) { c.Set(fiber.HeaderCacheControl, "private, no-store") }

func (a *api) signedIn(c fiber.Ctx, m loyalty.Member, status int, ret string) error {
	pair, out, err := a.m.SignIn(c.Context(), m)
	if err != nil {
		return err
	}
	a.t.SetCookies(c, pair)
	out.Return = ret
	noStore(c)
	return c.Status(status).JSON(out)
}

func (a *api) signUp(c fiber.Ctx) error {
	var in loyalty.SignUpInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.FavoriteLocationID != "" {
		if _, err := a.cfg.Ordering.Location(c.Context(), in.FavoriteLocationID); err != nil {
			return fault.New(fault.Invalid, "invalid", "Choose a location from the list.").Field("favoriteLocationId", "Choose a location from the list.")
		}
	}
	m, err := a.l.SignUp(c.Context(), in)
	if err != nil {
		return err
	}
	return a.signedIn(c, m, fiber.StatusCreated, "")
}

func (a *api) signIn(c fiber.Ctx) error {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	fields := map[string]string{}
	if strings.TrimSpace(in.Email) == "" {
		fields["email"] = "Enter your email address."
	}
	if in.Password == "" {
		fields["password"] = "Enter your password."
	}
	if len(fields) > 0 {
		return fault.Fields("Check the highlighted fields.", fields)
	}
	ch, err := a.l.SignIn(c.Context(), in.Email, in.Password)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"challenge": ch})
}

func (a *api) passwordless(c fiber.Ctx) error {
	var in struct {
		Identifier string `json:"identifier"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Identifier) == "" {
		return fault.Fields("Enter your email, phone number or member number.", map[string]string{"identifier": "Enter your email, phone number or member number."})
	}
	ch, err := a.l.StartPasswordless(c.Context(), in.Identifier)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"challenge": ch})
}

func (a *api) code(c fiber.Ctx) error {
	var in struct {
		ChallengeID string `json:"challengeId"`
		Code        string `json:"code"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Code) == "" {
		return fault.Fields("Enter the code we sent you.", map[string]string{"code": "Enter the code we sent you."})
	}
	m, err := a.l.VerifyCode(c.Context(), in.ChallengeID, strings.TrimSpace(in.Code))
	if err != nil {
		return err
	}
	return a.signedIn(c, m, fiber.StatusOK, "")
}

func (a *api) resend(c fiber.Ctx) error {
	var in struct {
		ChallengeID string `json:"challengeId"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	ch, err := a.l.ResendCode(c.Context(), in.ChallengeID)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"challenge": ch})
}

func (a *api) forgot(c fiber.Ctx) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := a.l.ForgotPassword(c.Context(), in.Email); err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"sent": true})
}

func (a *api) reset(c fiber.Ctx) error {
	var in struct {
		Email    string `json:"email"`
		Code     string `json:"code"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := a.l.ResetPassword(c.Context(), in.Email, strings.TrimSpace(in.Code), in.Password); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"reset": true})
}

func (a *api) confirm(c fiber.Ctx) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.l.ConfirmAccount(c.Context(), strings.TrimSpace(in.Code)); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"confirmed": true})
}

const ssoStateCookie = "hh_sso"

// safeReturn keeps a return path on this site: a path starting with one slash.
func safeReturn(p string) string {
	if p == "" || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\\r\n") {
		return "/account"
	}
	return p
}

// GET /auth/sso?return=…: to the provider's authorize page with a state bound to
// this browser (cookie), coming back to /app/code.
func (a *api) ssoStart(c fiber.Ctx) error {
	state := session.NewID()
	ret := safeReturn(c.Query("return"))
	c.Cookie(&fiber.Cookie{Name: ssoStateCookie, Value: state + "|" + url.QueryEscape(ret), Path: "/api/auth/sso",
		MaxAge: 600, HTTPOnly: true, Secure: a.cfg.Secure, SameSite: fiber.CookieSameSiteLaxMode})
	q := url.Values{"client_id": {a.cfg.SSOClientID}, "redirect_uri": {"/app/code"}, "state": {state}, "response_type": {"code"}}
	return c.Redirect().Status(fiber.StatusFound).To(a.cfg.SSOAuthorizeURL + "?" + q.Encode())
}

func (a *api) ssoExchange(c fiber.Ctx) error {
	var in struct {
		Code  string `json:"code"`
		State string `json:"state"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	want, retEsc, _ := strings.Cut(c.Cookies(ssoStateCookie), "|")
	if want == "" || in.State != want {
		return fault.New(fault.Invalid, "sso_state", "That sign-in link has expired. Please sign in again.")
	}
	c.Cookie(&fiber.Cookie{Name: ssoStateCookie, Value: "", Path: "/api/auth/sso", MaxAge: -1, HTTPOnly: true, Secure: a.cfg.Secure, SameSite: fiber.CookieSameSiteLaxMode})
	m, err := a.l.ExchangeAuthCode(c.Context(), in.Code, "/app/code")
	if err != nil {
		return err
	}
	ret, _ := url.QueryUnescape(retEsc)
	return a.signedIn(c, m, fiber.StatusOK, safeReturn(ret))
}

func (a *api) refresh(c fiber.Ctx) error {
	cfg := a.t.Config()
	pair, err := a.t.Refresh(c.Context(), c.Cookies(cfg.RefreshCookieName))
	if err != nil {
		a.t.ClearCookies(c)
		return fault.New(fault.Unauthorized, "unauthorized", "Please sign in to continue.")
	}
	a.t.SetCookies(c, pair)
	noStore(c)
	return c.JSON(fiber.Map{"token": a.m.Token()})
}

// POST /auth/logout: ends the server-side session and clears the cookies. It answers
// 204 for guests too, so a client can always call it.
func (a *api) logout(c fiber.Ctx) error {
	if cl, ok := auth.ClaimsOf(c); ok && cl.SessionID != "" {
		if err := a.t.Logout(c.Context(), cl.SessionID); err != nil {
			return err
		}
	}
	a.t.ClearCookies(c)
	return c.SendStatus(fiber.StatusNoContent)
}

func (a *api) user(c fiber.Ctx) error {
	m, err := a.l.Member(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"user": m})
}

func (a *api) updateProfile(c fiber.Ctx) error {
	var in loyalty.ProfileUpdate
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.FavoriteLocationID != nil && *in.FavoriteLocationID != "" {
		if _, err := a.cfg.Ordering.Location(c.Context(), *in.FavoriteLocationID); err != nil {
			return fault.New(fault.Invalid, "invalid", "Choose a location from the list.").Field("favoriteLocationId", "Choose a location from the list.")
		}
	}
	m, err := a.l.UpdateProfile(c.Context(), memberID(c), in)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"user": m})
}

func (a *api) updateSettings(c fiber.Ctx) error {
	var in struct {
		EmailOffers       bool `json:"emailOffers"`
		SMSOffers         bool `json:"smsOffers"`
		PaperlessReceipts bool `json:"paperlessReceipts"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	m, err := a.l.UpdateSettings(c.Context(), memberID(c), loyalty.Settings{EmailOffers: in.EmailOffers, SMSOffers: in.SMSOffers, PaperlessReceipts: in.PaperlessReceipts})
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"user": m})
}

func (a *api) changePassword(c fiber.Ctx) error {
	var in struct {
		Current  string `json:"current"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := a.l.ChangePassword(c.Context(), memberID(c), in.Current, in.Password); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"changed": true})
}

func (a *api) resendConfirmation(c fiber.Ctx) error {
	if err := a.l.ResendConfirmation(c.Context(), memberID(c)); err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"sent": true})
}

func (a *api) addresses(c fiber.Ctx) error {
	list, err := a.l.Addresses(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"addresses": list})
}

func (a *api) addAddress(c fiber.Ctx) error {
	var in loyalty.AddressInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.l.AddAddress(c.Context(), memberID(c), in); err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return a.addresses(c)
}

func (a *api) updateAddress(c fiber.Ctx) error {
	var in loyalty.AddressInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.l.UpdateAddress(c.Context(), memberID(c), c.Params("id"), in); err != nil {
		return err
	}
	return a.addresses(c)
}

func (a *api) removeAddress(c fiber.Ctx) error {
	if err := a.l.RemoveAddress(c.Context(), memberID(c), c.Params("id")); err != nil {
		return err
	}
	return a.addresses(c)
}

func (a *api) cards(c fiber.Ctx) error {
	list, err := a.l.Cards(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"cards": list})
}

func (a *api) addCard(c fiber.Ctx) error {
	var in loyalty.CardInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.l.AddCard(c.Context(), memberID(c), in); err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return a.cards(c)
}

func (a *api) removeCard(c fiber.Ctx) error {
	if err := a.l.RemoveCard(c.Context(), memberID(c), c.Params("id")); err != nil {
		return err
	}
	return a.cards(c)
}

func (a *api) favorites(c fiber.Ctx) error {
	ids, err := a.l.FavoriteLocations(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	return a.favoritesJSON(c, ids)
}

// favoritesJSON answers the favourite locations in full, skipping any the ordering
// provider no longer has.
func (a *api) favoritesJSON(c fiber.Ctx, ids []string) error {
	out := make([]ordering.Location, 0, len(ids))
	for _, id := range ids {
		l, err := a.cfg.Ordering.Location(c.Context(), id)
		if err == nil {
			out = append(out, l)
		} else if !fault.Is(err, fault.NotFound) {
			return err
		}
	}
	noStore(c)
	return c.JSON(fiber.Map{"favorites": out})
}

func (a *api) addFavorite(c fiber.Ctx) error {
	id := c.Params("locationId")
	if _, err := a.cfg.Ordering.Location(c.Context(), id); err != nil {
		return err
	}
	ids, err := a.l.AddFavoriteLocation(c.Context(), memberID(c), id)
	if err != nil {
		return err
	}
	return a.favoritesJSON(c, ids)
}

func (a *api) removeFavorite(c fiber.Ctx) error {
	ids, err := a.l.RemoveFavoriteLocation(c.Context(), memberID(c), c.Params("locationId"))
	if err != nil {
		return err
	}
	return a.favoritesJSON(c, ids)
}

func (a *api) orders(c fiber.Ctx) error {
	list, err := a.l.Orders(c.Context(), memberID(c), 50)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"orders": list})
}

func (a *api) activity(c fiber.Ctx) error {
	list, err := a.l.Activity(c.Context(), memberID(c), 100)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"activity": list})
}

func (a *api) membersJSON(c fiber.Ctx) (member.Members, error) {
	return a.m.Members(c.Context(), memberID(c))
}

// GET /rewards: spec 7 "get rewards (members)".
func (a *api) rewards(c fiber.Ctx) error {
	out, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(out)
}

// applyRedemption puts a redemption into the visitor's cart; when the cart refuses it
// (no cart, over the total), the redemption is cancelled so no points are lost.
func (a *api) applyRedemption(c fiber.Ctx, red loyalty.Redemption) error {
	owner := a.cfg.Owner(c)
	cart, err := a.cfg.Ordering.ApplyReward(c.Context(), owner, member.AppliedReward(red))
	if err != nil {
		_, _ = a.l.CancelRedemption(c.Context(), memberID(c), red.ID)
		if fault.Is(err, fault.NotFound) {
			return fault.New(fault.Rule, "no_cart", "Start an order first, then add your reward to it.")
		}
		return err
	}
	members, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"redemption": red, "cart": cart, "members": members})
}

func (a *api) requireCart(c fiber.Ctx) error {
	if _, err := a.cfg.Ordering.Cart(c.Context(), a.cfg.Owner(c)); err != nil {
		if fault.Is(err, fault.NotFound) {
			return fault.New(fault.Rule, "no_cart", "Start an order first, then add your reward to it.")
		}
		return err
	}
	return nil
}

func (a *api) redeem(c fiber.Ctx) error {
	if err := a.requireCart(c); err != nil {
		return err
	}
	red, err := a.l.RedeemReward(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return a.applyRedemption(c, red)
}

func (a *api) redeemOffer(c fiber.Ctx) error {
	if err := a.requireCart(c); err != nil {
		return err
	}
	red, err := a.l.RedeemOffer(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return a.applyRedemption(c, red)
}

func (a *api) cancelRedemption(c fiber.Ctx) error {
	id := c.Params("id")
	if _, err := a.l.CancelRedemption(c.Context(), memberID(c), id); err != nil {
		return err
	}
	var cart any
	got, err := a.cfg.Ordering.RemoveReward(c.Context(), a.cfg.Owner(c), id)
	switch {
	case err == nil:
		cart = got
	case fault.Is(err, fault.NotFound):
		cart = nil
	default:
		return err
	}
	members, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"cart": cart, "members": members})
}

func (a *api) plans(c fiber.Ctx) error {
	list, err := a.l.Plans(c.Context())
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"plans": list})
}

func (a *api) subscriptions(c fiber.Ctx) error {
	list, err := a.l.Subscriptions(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"subscriptions": list})
}

func (a *api) subscribe(c fiber.Ctx) error {
	var in struct {
		PlanID       string `json:"planId"`
		PaymentToken string `json:"paymentToken"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	s, err := a.l.Subscribe(c.Context(), memberID(c), in.PlanID, in.PaymentToken)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"subscription": s})
}

func (a *api) cancelSubscription(c fiber.Ctx) error {
	s, err := a.l.CancelSubscription(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"subscription": s})
}

func (a *api) claimPerk(c fiber.Ctx) error {
	if err := a.requireCart(c); err != nil {
		return err
	}
	red, err := a.l.ClaimPerk(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return a.applyRedemption(c, red)
}

func (a *api) outbox(c fiber.Ctx) error {
	var (
		list []loyalty.Message
		err  error
	)
	if to := c.Query("email"); to != "" {
		list, err = a.cfg.Outbox.OutboxFor(c.Context(), to, 50)
	} else {
		list, err = a.cfg.Outbox.Outbox(c.Context(), 50)
	}
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"messages": list})
}

func (a *api) forceSignOut(c fiber.Ctx) error {
	var in struct {
		MemberID string `json:"memberId"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.l.Member(c.Context(), in.MemberID); err != nil {
		return err
	}
	if err := a.t.ForceSignOut(c.Context(), in.MemberID); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (a *api) adjustPoints(c fiber.Ctx) error {
	var in struct {
		MemberID string `json:"memberId"`
		Points   int64  `json:"points"`
		Reason   string `json:"reason"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Reason == "" {
		in.Reason = "Adjustment"
	}
	m, err := a.l.AdjustPoints(c.Context(), in.MemberID, in.Points, in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"user": m})
}
