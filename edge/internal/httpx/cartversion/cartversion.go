// Package cartversion is how every route that changes a cart takes If-Match and
// answers a stale one, whichever API it belongs to (the cart, checkout, rewards): a
// client showing version n of the cart changes it "only if it is still n", so a change
// made in another tab or on another device is never overwritten unseen.
package cartversion

import (
	"errors"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/site"
)

// Headers are the headers of an answer holding the cart: its version as a strong
// ETag, which the next change sends back as If-Match, and no caching (one visitor's:
// no cache may keep or share it).
func Headers(c fiber.Ctx, cart ordering.Cart) {
	c.Set(fiber.HeaderETag, ordering.ETag(cart.Version))
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
}

// IfMatch reads If-Match into the request's context, where the cart provider makes
// the change only while the cart is still at that version. Without the header the
// last write wins, as for clients that never send one. A stale version is answered
// 412 cart_changed with the cart as it is now ({error, cart}), so that the client
// shows it without another request.
func IfMatch(c fiber.Ctx) error { return run(c, c.Next) }

// Versioned is h taking If-Match as IfMatch does, for a router that mounts one
// handler per route.
func Versioned(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error { return run(c, func() error { return h(c) }) }
}

func run(c fiber.Ctx, next func() error) error {
	v, ok, err := ordering.ParseETag(c.Get(fiber.HeaderIfMatch))
	if err != nil {
		return err
	}
	if ok {
		c.SetContext(ordering.WithIfMatch(c.Context(), v))
	}
	err = next()
	var changed *ordering.CartChanged
	if !errors.As(err, &changed) {
		return err
	}
	Headers(c, changed.Cart)
	fe := ordering.ErrCartChanged
	return c.Status(fiber.StatusPreconditionFailed).JSON(staleAnswer{
		Error: &httpx.Error{Code: fe.Code, Message: fe.Message}, Cart: &changed.Cart})
}

// staleAnswer is the body of 412 cart_changed: the error and the current cart.
type staleAnswer struct {
	Error *httpx.Error   `json:"error"`
	Cart  *ordering.Cart `json:"cart"`
}
