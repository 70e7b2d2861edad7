package appdata

import (
	"encoding/json"
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

// HandoverConfig configures the native app's handover to its webview (docs/webview.md).
type HandoverConfig struct {
	// Codes keeps the one-time handover codes.
	Codes    store.Codes
	Ordering ordering.Provider
	// Members signs the app's member in on the webview; its Tokens set the cookies.
	Members *member.Service
	// Owner is the cart owner of the native app's request (its member or visitor).
	Owner func(c fiber.Ctx) string
}

type handover struct {
	MemberID   string `json:"member_id,omitempty"`
	LocationID string `json:"location_id,omitempty"`
	CartOwner  string `json:"cart_owner,omitempty"`
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
			LocationID string `json:"locationId"`
		}
		if len(c.Body()) > 0 {
			if err := httpx.Decode(c, &in); err != nil {
				return err
			}
		}
		if in.LocationID != "" {
			if _, err := cfg.Ordering.Location(c.Context(), in.LocationID); err != nil {
				return err
			}
		}
		if auth.ForcedSignOut(c) {
			return auth.ErrForcedSignOut
		}
		h := handover{LocationID: in.LocationID, CartOwner: cfg.Owner(c)}
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
		var out ExchangeResult
		visitor := session.VisitorID(c)
		if h.CartOwner != "" && visitor != "" {
			cart, err := cfg.Ordering.MoveCart(ctx, h.CartOwner, visitor)
			switch {
			case err == nil:
				out.Cart = &cart
			case !fault.Is(err, fault.NotFound):
				return err
			}
		}
		locID := h.LocationID
		if locID == "" && out.Cart != nil {
			locID = out.Cart.LocationID
		}
		if locID != "" {
			l, err := cfg.Ordering.Location(ctx, locID)
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

var errHandover = fault.New(fault.Gone, "handover_expired", "This link has expired. Go back to the app and try again.")
