package auth

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/session"
)

// MiddlewareConfig configures the middleware returned by New.
type MiddlewareConfig struct {
	// Next skips the middleware when it returns true. Default: nil.
	Next func(c fiber.Ctx) bool
	// Header carries the token, with or without a scheme prefix. Default: "Authorization".
	Header string
	// OnStoreError is called when a token could not be checked because the session
	// store failed; the request then continues as a guest with its cookies kept.
	// Default: nil.
	OnStoreError func(c fiber.Ctx, err error)
}

// MiddlewareConfigDefault is the default middleware configuration.
var MiddlewareConfigDefault = MiddlewareConfig{Header: fiber.HeaderAuthorization}

func middlewareConfigDefault(config ...MiddlewareConfig) MiddlewareConfig {
	if len(config) < 1 {
		return MiddlewareConfigDefault
	}
	cfg := config[0]
	if cfg.Header == "" {
		cfg.Header = MiddlewareConfigDefault.Header
	}
	return cfg
}

type (
	claimsKey    struct{}
	loggedOutKey struct{}
	forcedKey    struct{}
	storeErrKey  struct{}
)

// New returns the token middleware. It reads the access token from the Authorization
// header ("Bearer x", "bearer x", "Token x" or just "x"; Basic and other HTTP
// authentication credentials are ignored) or, when there is none, from the access
// cookie, and verifies it:
//
//   - valid: session.SetMember with the token's sub and provider; ClaimsOf returns
//     the claims;
//   - session invalidated: cookies cleared, ForcedSignOut(c) is true;
//   - any other rejection (invalid, expired, wrong provider, no or old version,
//     logged out, too large): cookies cleared, LoggedOut(c) is true;
//   - the session could not be read (Redis unavailable): cookies kept, and
//     RequireMember answers with that error (503) rather than 401, so the member is
//     not told to sign in again because of an outage.
//
// The request always continues, as a guest when the token did not pass (a page still
// renders during an outage); handlers that need a member use RequireMember.
func New(t *Tokens, config ...MiddlewareConfig) fiber.Handler {
	cfg := middlewareConfigDefault(config...)
	return func(c fiber.Ctx) error {
		if cfg.Next != nil && cfg.Next(c) {
			return c.Next()
		}
		raw := tokenFromHeader(c.Get(cfg.Header))
		if raw == "" {
			raw = c.Cookies(t.cfg.CookieName)
		}
		if raw == "" {
			return c.Next()
		}
		claims, err := t.Verify(c.Context(), raw)
		switch {
		case err == nil:
			session.SetMember(c, session.Member{ID: claims.Subject, Provider: claims.Provider})
			c.Locals(claimsKey{}, claims)
		case errors.Is(err, ErrSessionInvalidated):
			t.ClearCookies(c)
			c.Locals(forcedKey{}, true)
		case isRejection(err):
			t.ClearCookies(c)
			c.Locals(loggedOutKey{}, true)
		default:
			c.Locals(storeErrKey{}, err)
			if cfg.OnStoreError != nil {
				cfg.OnStoreError(c, err)
			}
		}
		return c.Next()
	}
}

// tokenFromHeader returns the token of an Authorization value with an optional
// scheme: "Bearer x", "Token x" and "x" all give "x". Credentials of HTTP
// authentication schemes (Basic, Digest, Negotiate, NTLM — e.g. a password-protected
// staging site) are not tokens and give "", so the cookie is used. A value with more
// than two words is returned whole so that it fails verification as malformed.
func tokenFromHeader(v string) string {
	v = strings.TrimSpace(v)
	fields := strings.Fields(v)
	switch len(fields) {
	case 0:
		return ""
	case 1:
		return fields[0]
	case 2:
		switch strings.ToLower(fields[0]) {
		case "basic", "digest", "negotiate", "ntlm":
			return ""
		}
		return fields[1]
	}
	return v
}

func isRejection(err error) bool {
	for _, e := range []error{ErrInvalid, ErrTooLarge, ErrWrongProvider, ErrNoVersion, ErrOldVersion, ErrSessionEnded} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// ClaimsOf returns the verified claims of the request's token.
func ClaimsOf(c fiber.Ctx) (Claims, bool) {
	cl, ok := c.Locals(claimsKey{}).(Claims)
	return cl, ok
}

// LoggedOut reports whether the request carried a token that was rejected (wrong
// provider, no or old version, ended session; docs/identity.md "Tokens");
// the shell then forgets the member.
func LoggedOut(c fiber.Ctx) bool {
	v, _ := c.Locals(loggedOutKey{}).(bool)
	return v
}

// ForcedSignOut reports whether the request's session was invalidated server-side;
// the shell then shows the forced sign-out dialog (docs/shell.md, "Dialogs").
func ForcedSignOut(c fiber.Ctx) bool {
	v, _ := c.Locals(forcedKey{}).(bool)
	return v
}

// Errors RequireMember answers with (401).
var (
	ErrSignInRequired = fault.New(fault.Unauthorized, "unauthorized", "Please sign in to continue.")
	ErrForcedSignOut  = fault.New(fault.Unauthorized, "session_invalidated",
		"For your security you've been signed out. Please sign in again to continue.")
)

// RequireMember lets the request through only when the token middleware found a
// member. Otherwise it answers 401: code "session_invalidated" after a forced
// sign-out, else "unauthorized"; when the member's token or refresh cookie could not
// be checked because storage failed, it returns that error (503
// storage_unavailable).
func RequireMember() fiber.Handler {
	return func(c fiber.Ctx) error {
		if ForcedSignOut(c) {
			return ErrForcedSignOut
		}
		if _, ok := session.MemberOf(c); !ok {
			if err, failed := c.Locals(storeErrKey{}).(error); failed {
				return err
			}
			return ErrSignInRequired
		}
		return c.Next()
	}
}

// RefuseForcedSignOut answers any call whose session was invalidated (ForcedSignOut)
// with 401 session_invalidated, whatever it asks for: a public menu as much as the
// member's profile. A page that only navigates within itself calls public endpoints
// too, and the forced sign-out must reach it with the first of them (the middleware has
// already cleared the cookies, so the call after it is a guest's and the signal comes
// once). Signing out is let through: the session is over either way.
func RefuseForcedSignOut(except ...string) fiber.Handler {
	return func(c fiber.Ctx) error {
		if ForcedSignOut(c) && !slices.Contains(except, c.Path()) {
			return ErrForcedSignOut
		}
		return c.Next()
	}
}

// SetCookies puts a pair into the HttpOnly cookies: the access token on path / for
// its lifetime, the refresh token on RefreshCookiePath only.
func (t *Tokens) SetCookies(c fiber.Ctx, p Pair) {
	now := t.cfg.Now()
	c.Cookie(&fiber.Cookie{
		Name: t.cfg.CookieName, Value: p.AccessToken, Path: "/",
		MaxAge: maxAge(p.AccessExpiresAt.Sub(now)), HTTPOnly: true, Secure: t.cfg.Secure,
		SameSite: fiber.CookieSameSiteLaxMode,
	})
	c.Cookie(&fiber.Cookie{
		Name: t.cfg.RefreshCookieName, Value: p.RefreshToken, Path: t.cfg.RefreshCookiePath,
		MaxAge: maxAge(p.RefreshExpiresAt.Sub(now)), HTTPOnly: true, Secure: t.cfg.Secure,
		SameSite: fiber.CookieSameSiteLaxMode,
	})
}

// expired is a date in the past; a cookie set with it is deleted by the browser.
var expired = time.Date(2009, time.November, 10, 23, 0, 0, 0, time.UTC)

// ClearCookies deletes both token cookies.
func (t *Tokens) ClearCookies(c fiber.Ctx) {
	for _, ck := range []struct{ name, path string }{
		{t.cfg.CookieName, "/"},
		{t.cfg.RefreshCookieName, t.cfg.RefreshCookiePath},
	} {
		c.Cookie(&fiber.Cookie{
			Name: ck.name, Value: "", Path: ck.path, Expires: expired, HTTPOnly: true,
			Secure: t.cfg.Secure, SameSite: fiber.CookieSameSiteLaxMode,
		})
	}
}

func maxAge(d time.Duration) int {
	s := int(d / time.Second)
	if s < 1 {
		return 1
	}
	return s
}
