// Package session identifies visitors and members at the edge.
//
// Visitor: every browser gets an opaque, random visitor id in an HttpOnly cookie
// (Config.CookieName, default "hh_sid"). Carts are tied to it, and the canary picker
// buckets on it. The id says nothing about the person; it is not a credential.
package session

import (
	"crypto/rand"
	"encoding/base64"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
)

// Config configures the visitor middleware. Zero fields take the defaults shown.
type Config struct {
	// Next skips the middleware when it returns true. Default: nil.
	Next func(c fiber.Ctx) bool
	// CookieName is the visitor cookie. Default: "hh_sid".
	CookieName string
	// MaxAge of the cookie. Default: 400 days (the longest browsers keep).
	MaxAge time.Duration
	// Secure marks the cookie Secure. Default: false here; the edge sets it from
	// COOKIE_SECURE (true in production).
	Secure bool
}

// ConfigDefault is the default configuration.
var ConfigDefault = Config{CookieName: "hh_sid", MaxAge: 400 * 24 * time.Hour}

func configDefault(config ...Config) Config {
	if len(config) < 1 {
		return ConfigDefault
	}
	cfg := config[0]
	if cfg.CookieName == "" {
		cfg.CookieName = ConfigDefault.CookieName
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = ConfigDefault.MaxAge
	}
	return cfg
}

type visitorKey struct{}

// New returns the visitor middleware: it reads the visitor cookie or, on a safe request
// (GET, HEAD), issues a new id, and stores it for VisitorID.
func New(config ...Config) fiber.Handler {
	cfg := configDefault(config...)
	return func(c fiber.Ctx) error {
		if cfg.Next != nil && cfg.Next(c) {
			return c.Next()
		}
		c.Locals(configKey{}, &cfg)
		id := c.Cookies(cfg.CookieName)
		if !validID(id) && !Safe(c.Method()) {
			// A change without the cookie is a cross-site form post (SameSite=Lax keeps the
			// cookie off it) or a client that never loaded a page. Issuing an id here
			// would replace the visitor's cookie and empty their cart; the request goes
			// on with no visitor instead (and fails the CSRF check if it needs one).
			c.Locals(visitorKey{}, "")
			return c.Next()
		}
		if !validID(id) {
			id = NewID()
			c.Locals(newVisitorKey{}, true)
			c.Cookie(&fiber.Cookie{
				Name: cfg.CookieName, Value: id, Path: "/", HTTPOnly: true, Secure: cfg.Secure,
				SameSite: fiber.CookieSameSiteLaxMode, MaxAge: int(cfg.MaxAge.Seconds()),
			})
		}
		c.Locals(visitorKey{}, id)
		return c.Next()
	}
}

// Safe reports a method that changes nothing (GET, HEAD, OPTIONS, TRACE): the requests
// that get a visitor id and that the CSRF check lets through.
func Safe(method string) bool {
	switch method {
	case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions, fiber.MethodTrace:
		return true
	}
	return false
}

// ErrNoVisitor answers a change that needs the visitor but came without the cookie.
var ErrNoVisitor = fault.New(fault.Unauthorized, "no_session", "Your session is missing. Refresh the page and try again.")

// VisitorID returns the current visitor's id ("" when the middleware did not run).
func VisitorID(c fiber.Ctx) string {
	id, _ := c.Locals(visitorKey{}).(string)
	return id
}

// NewID returns 128 random bits, URL-safe base64 (22 characters).
func NewID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func validID(id string) bool {
	if len(id) != 22 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(id)
	return err == nil
}

// CartHintCookie says whether the visitor has a cart on the server ("1") or not
// ("0"), so a page view of a visitor without a cart asks Redis nothing. The cart API
// keeps it (SetCartHint on creating, placing or abandoning a cart) and a page view
// corrects a stale "1" (a cart that expired). It is a hint, never trusted for access:
// every cart call reads the cart itself.
const CartHintCookie = "hh_cart"

type newVisitorKey struct{}
type configKey struct{}

// NewVisitor reports a visitor id issued by this request: a visitor with nothing on
// the server yet.
func NewVisitor(c fiber.Ctx) bool {
	v, _ := c.Locals(newVisitorKey{}).(bool)
	return v
}

// CartHint reads the cart hint cookie: known is false when the request has none (a
// visitor from before the hint).
func CartHint(c fiber.Ctx) (known, has bool) {
	switch c.Cookies(CartHintCookie) {
	case "1":
		return true, true
	case "0":
		return true, false
	}
	return false, false
}

// SetCartHint records whether the visitor has a cart, unless the request already says
// so. It does nothing on a request the visitor middleware did not see.
func SetCartHint(c fiber.Ctx, has bool) {
	cfg, ok := c.Locals(configKey{}).(*Config)
	if !ok {
		return
	}
	if known, had := CartHint(c); known && had == has {
		return
	}
	v := "0"
	if has {
		v = "1"
	}
	c.Cookie(&fiber.Cookie{
		Name: CartHintCookie, Value: v, Path: "/", HTTPOnly: true, Secure: cfg.Secure,
		SameSite: fiber.CookieSameSiteLaxMode, MaxAge: int(cfg.MaxAge.Seconds()),
	})
}
