// Package session identifies visitors and members at the edge.
//
// Visitor: every browser gets an opaque, random visitor id in an HttpOnly cookie
// (Config.CookieName, default "hh_sid"). Carts are tied to it, and the canary picker
// buckets on it. The id says nothing about the person; it is not a credential.
package session

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/random"
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

	attrs string // the cookies' attributes (cookieAttrs)
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

// setCookie is the Set-Cookie header name as responses store it.
var setCookie = []byte(fiber.HeaderSetCookie)

// cookieAttrs are the attributes of the visitor and cart hint cookies, written once:
// max-age, path /, HttpOnly, Secure when cfg says so, SameSite=Lax.
func cookieAttrs(cfg *Config) string {
	a := "; max-age=" + strconv.Itoa(int(cfg.MaxAge.Seconds())) + "; path=/; HttpOnly"
	if cfg.Secure {
		a += "; secure"
	}
	return a + "; SameSite=Lax"
}

// setCookieValue adds "Set-Cookie: name=value<attrs>" to the response: the header
// fiber.Cookie would write, without building a cookie per response.
func setCookieValue(c fiber.Ctx, cfg *Config, name, value string) {
	if len(c.Response().Header.PeekCookie(name)) > 0 { // set before in this response: replace it
		c.Cookie(&fiber.Cookie{
			Name: name, Value: value, Path: "/", HTTPOnly: true, Secure: cfg.Secure,
			SameSite: fiber.CookieSameSiteLaxMode, MaxAge: int(cfg.MaxAge.Seconds()),
		})
		return
	}
	var buf [128]byte
	b := append(append(append(append(buf[:0], name...), '='), value...), cfg.attrs...)
	c.Response().Header.SetCanonical(setCookie, b) // copies
}

// New returns the visitor middleware: it reads the visitor cookie or, on a safe request
// (GET, HEAD), issues a new id, and stores it for VisitorID.
func New(config ...Config) fiber.Handler {
	cfg := configDefault(config...)
	cfg.attrs = cookieAttrs(&cfg)
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
			setCookieValue(c, &cfg, cfg.CookieName, id)
		} else {
			// The cookie's value points into the request's memory, which the server
			// reuses for the connection's next request: the id handed out must outlive it
			// (a cache keyed by visitor, a job started by the request).
			id = strings.Clone(id)
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
	var b [16]byte
	random.Read(b[:])
	var s [22]byte
	base64.RawURLEncoding.Encode(s[:], b[:])
	return string(s[:])
}

// validID reports an id NewID could have made: 22 characters of the URL-safe base64
// alphabet (all of which decode to 16 bytes).
func validID(id string) bool {
	if len(id) != 22 {
		return false
	}
	for i := range len(id) {
		switch c := id[i]; {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_':
		default:
			return false
		}
	}
	return true
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
	return hint(c, CartHintCookie)
}

// hint reads a "1"/"0" hint cookie: known is false without one, or with another value.
func hint(c fiber.Ctx, name string) (known, has bool) {
	switch c.Cookies(name) {
	case "1":
		return true, true
	case "0":
		return true, false
	}
	return false, false
}

// OrdersHintCookie says whether the visitor has placed an order ("1") or not ("0"), so
// a page whose screen starts with the visitor's most recent order (/order) can be
// drawn before its scripts for a visitor who has none, without asking Redis. The
// ordering API keeps it (SetOrdersHint on placing an order and on answering the most
// recent one). It is a hint, never trusted for access.
const OrdersHintCookie = "hh_orders"

// NoOrders tells whether the visitor has placed no order, as far as the edge can tell
// without asking Redis: a visitor new with this request has none, and one whose orders
// hint says "0" has none. Without a hint (no order asked about yet) it is false.
func NoOrders(c fiber.Ctx) bool {
	if NewVisitor(c) {
		return true
	}
	known, has := hint(c, OrdersHintCookie)
	return known && !has
}

// SetOrdersHint records whether the visitor has placed an order, unless the request
// already says so. It does nothing on a request the visitor middleware did not see.
func SetOrdersHint(c fiber.Ctx, has bool) {
	setHint(c, OrdersHintCookie, has)
}

// SetCartHint records whether the visitor has a cart, unless the request already says
// so. It does nothing on a request the visitor middleware did not see.
func SetCartHint(c fiber.Ctx, has bool) {
	setHint(c, CartHintCookie, has)
}

func setHint(c fiber.Ctx, name string, has bool) {
	cfg, ok := c.Locals(configKey{}).(*Config)
	if !ok {
		return
	}
	v := "0"
	if has {
		v = "1"
	}
	pending := c.Response().Header.PeekCookie(name) // written earlier in this answer
	if known, had := hint(c, name); known && had == has {
		// The browser has it already: an earlier write of another value is taken back.
		if len(pending) > 0 {
			c.Response().Header.DelCookie(name)
		}
		return
	}
	if strings.HasPrefix(string(pending), name+"="+v+";") {
		return
	}
	setCookieValue(c, cfg, name, v)
}
