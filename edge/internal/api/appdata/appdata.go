// Package appdata is the "dump app data" action (docs/api.md): one call that
// returns everything the app state is started from (location, cart, user, member
// rewards), for the native app's bridge and for the webview start-up
// (docs/webview.md).
package appdata

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// Config configures the endpoint.
type Config struct {
	// Locations answers the location, Carts the visitor's cart. Required.
	Locations ordering.Locations
	Carts     ordering.Carts
	// Owner identifies whose cart a request acts on. Default: the visitor id.
	Owner func(c fiber.Ctx) string
	// Members adds the signed-in member's user and rewards (null for guests). Optional.
	Members *member.Service
}

// Data is the response body.
type Data struct {
	Location *ordering.Location `json:"location"`
	Cart     *ordering.Cart     `json:"cart"`
	User     any                `json:"user"`
	Members  any                `json:"members"`
}

// Mount registers GET /app-data on r: ?locationId names the chosen location; without
// it the cart's location is used.
func Mount(r fiber.Router, cfg Config) {
	if cfg.Owner == nil {
		cfg.Owner = session.VisitorID
	}
	r.Get("/app-data", func(c fiber.Ctx) error {
		ctx := c.Context()
		var d Data
		if v := cfg.Owner(c); v != "" {
			cart, err := cfg.Carts.Cart(ctx, v)
			switch {
			case err == nil:
				d.Cart = &cart
			case !fault.Is(err, fault.NotFound):
				return err
			}
		}
		locID := c.Query("location_id")
		if locID == "" && d.Cart != nil {
			locID = d.Cart.LocationID
		}
		if locID != "" {
			l, err := cfg.Locations.Location(ctx, locID)
			if err != nil {
				return err
			}
			d.Location = &l
		}
		if m, ok := session.MemberOf(c); ok && cfg.Members != nil {
			u, ms, err := cfg.Members.Profile(ctx, m.ID)
			if err != nil {
				return err
			}
			d.User, d.Members = u, ms
		}
		c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
		return c.JSON(d)
	})
}
