package appdata

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
)

// HandoverTTL is how long a handover code can be exchanged.
const HandoverTTL = 60 * time.Second

// VerifierHeader carries the app's handover verifier on the webview's first navigation.
// A page from another site cannot add a header to a navigation, so a code opened from a
// link (a login CSRF: an attacker's code in a victim's browser) is never bound.
const VerifierHeader = "X-Handover-Verifier"

// HandoverConfig configures the native app's handover to its webview (docs/webview.md).
type HandoverConfig struct {
	// Codes keeps the one-time handover codes.
	Codes store.Codes
	// Bound keeps, per code, the visitor whose navigation proved the app's verifier.
	Bound store.Codes
	// Locations checks the app's location and answers it; Carts moves the app's cart
	// to the webview's visitor.
	Locations ordering.Locations
	Carts     ordering.Carts
	// Members signs the app's member in on the webview; its Tokens set the cookies.
	Members *member.Service
	// Owner is the cart owner of the native app's request (its member or visitor).
	Owner func(c fiber.Ctx) string
	// JoinCart brings the webview visitor's guest cart into the member's one cart as
	// the member is signed in there. Optional.
	JoinCart func(c fiber.Ctx, memberID string) ([]ordering.NotTransferred, error)
}

type handover struct {
	MemberID   string `json:"member_id,omitempty"`
	LocationID string `json:"location_id,omitempty"`
	CartOwner  string `json:"cart_owner,omitempty"`
	// Challenge is the base64url SHA-256 of the verifier only the app holds.
	Challenge string `json:"challenge"`
}

// challengeRE is a base64url SHA-256 without padding; verifierRE is what PKCE allows.
var (
	challengeRE = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)
	verifierRE  = regexp.MustCompile(`^[A-Za-z0-9._~-]{43,128}$`)
)

// s256 is the challenge of a verifier.
func s256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// ExchangeResult is the answer to POST /app/handover/exchange.
type ExchangeResult struct {
	Location *ordering.Location `json:"location"`
	Cart     *ordering.Cart     `json:"cart"`
	User     any                `json:"user"`
	Members  any                `json:"members"`
	Token    any                `json:"token"`
}

// MountHandover registers POST /app/handover (the native app asks for a one-time
// code, authenticated by its member token in the Authorization header) and POST
// /app/handover/exchange (the webview trades the code for the app's state and a
// cookie session of its own). No long-lived token ever appears in a URL.
func MountHandover(r fiber.Router, cfg HandoverConfig) {
	r.Post("/app/handover", func(c fiber.Ctx) error {
		var in struct {
			LocationID    string `json:"location_id"`
			CodeChallenge string `json:"code_challenge"`
		}
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		if !challengeRE.MatchString(in.CodeChallenge) {
			return fault.New(fault.Invalid, "invalid", "The handover needs the app's code challenge.").Field("code_challenge", "the base64url SHA-256 of the app's verifier (43 characters)")
		}
		if in.LocationID != "" {
			if _, err := cfg.Locations.Location(c.Context(), in.LocationID); err != nil {
				return err
			}
		}
		if auth.ForcedSignOut(c) {
			return auth.ErrForcedSignOut
		}
		h := handover{LocationID: in.LocationID, CartOwner: cfg.Owner(c), Challenge: in.CodeChallenge}
		if m, ok := session.MemberOf(c); ok {
			h.MemberID = m.ID
		} else if c.Get(fiber.HeaderAuthorization) != "" {
			// A token was sent but did not pass: say so instead of handing over a guest.
			return auth.ErrSignInRequired
		}
		raw, _ := json.Marshal(h)
		code := session.NewID() + session.NewID()
		if err := cfg.Codes.Put(c.Context(), code, raw, HandoverTTL); err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, site.NoStore)
		return c.Status(fiber.StatusCreated).JSON(fiber.Map{"code": code, "expires_in": int(HandoverTTL.Seconds())})
	})
	r.Post("/app/handover/exchange", func(c fiber.Ctx) error {
		var in struct {
			Code string `json:"code"`
		}
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		if len(in.Code) != 44 {
			return errHandover
		}
		raw, ok, err := cfg.Codes.Take(c.Context(), in.Code)
		if err != nil {
			return err
		}
		if !ok {
			return errHandover
		}
		var h handover
		if err := json.Unmarshal(raw, &h); err != nil {
			return errHandover
		}
		ctx := c.Context()
		visitor := session.VisitorID(c)
		// Only the webview the app opened, whose first navigation carried the verifier,
		// may take what the code carries; the code is used up either way.
		bound, ok, err := cfg.Bound.Take(ctx, in.Code)
		if err != nil {
			return err
		}
		if !ok || visitor == "" || string(bound) != visitor {
			return errHandoverUnverified
		}
		var out ExchangeResult
		var cart ordering.Cart
		switch {
		case h.MemberID != "" && h.CartOwner != "":
			// The webview is signed in as the app's member below, and a member has one
			// cart whatever the device: the app's cart is already the webview's. What
			// the webview held as a guest joins it, as at any sign-in.
			if cfg.JoinCart != nil {
				if _, err := cfg.JoinCart(c, h.MemberID); err != nil {
					return err
				}
			}
			cart, err = cfg.Carts.Cart(ctx, h.CartOwner)
		case h.CartOwner != "" && visitor != "":
			cart, err = cfg.Carts.MoveCart(ctx, h.CartOwner, visitor)
		default:
			err = errNoCart
		}
		switch {
		case err == nil:
			out.Cart = &cart
			session.SetCartHint(c, true)
		case !fault.Is(err, fault.NotFound):
			return err
		}
		locID := h.LocationID
		if locID == "" && out.Cart != nil {
			locID = out.Cart.LocationID
		}
		if locID != "" {
			l, err := cfg.Locations.Location(ctx, locID)
			if err != nil {
				return err
			}
			out.Location = &l
		}
		if h.MemberID != "" {
			m, err := cfg.Members.Loyalty.Member(ctx, h.MemberID)
			if err != nil {
				return err
			}
			// The app asked for this member in its own webview (it proved the verifier), so
			// a session already there is ended, not left running behind the new one.
			if prev, ok := auth.ClaimsOf(c); ok && prev.SessionID != "" {
				if err := cfg.Members.Tokens.Logout(ctx, prev.SessionID); err != nil {
					return err
				}
			}
			pair, s, err := cfg.Members.SignIn(ctx, m)
			if err != nil {
				return err
			}
			cfg.Members.Tokens.SetCookies(c, pair)
			out.User, out.Members, out.Token = s.User, s.Members, s.Token
		}
		c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
		return c.JSON(out)
	})
}

var (
	errNoCart             = fault.New(fault.NotFound, "cart_not_found", "There is no cart to hand over.")
	errHandover           = fault.New(fault.Gone, "handover_expired", "This link has expired. Go back to the app and try again.")
	errHandoverUnverified = fault.New(fault.Forbidden, "handover_unverified", "This link only works in the app. Go back to the app and try again.")
)

// BindOnNavigation binds a handover code to the visitor whose page request carries the
// code (?handover=) and the app's verifier (VerifierHeader) matching the code's
// challenge. It never fails the page: without a binding, the exchange is refused.
// It must run after the visitor session middleware.
func BindOnNavigation(cfg HandoverConfig) fiber.Handler {
	return func(c fiber.Ctx) error {
		code, verifier := c.Query("handover"), c.Get(VerifierHeader)
		if c.Method() != fiber.MethodGet || len(code) != 44 || !verifierRE.MatchString(verifier) {
			return c.Next()
		}
		visitor := session.VisitorID(c)
		raw, ttl, ok, err := cfg.Codes.Peek(c.Context(), code)
		var h handover
		if err != nil || !ok || visitor == "" || json.Unmarshal(raw, &h) != nil || ttl <= 0 {
			return c.Next()
		}
		if subtle.ConstantTimeCompare([]byte(s256(verifier)), []byte(h.Challenge)) == 1 {
			// The first binding wins; an error leaves the code unbound, and the exchange
			// then says to go back to the app.
			_, _ = cfg.Bound.Claim(c.Context(), code, []byte(visitor), ttl)
		}
		return c.Next()
	}
}
