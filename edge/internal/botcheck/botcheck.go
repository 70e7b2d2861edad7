// Package botcheck is the server side of the invisible, score-based bot check that
// guards sign-in, sign-up, forgot password, the contact form and checkout
// (docs/identity.md, "CSRF, bot check and rate limits").
//
// The shell obtains a token with grecaptcha.enterprise.execute(siteKey, {action}) and
// sends it in the X-Bot-Check header; Require verifies it for the action the route
// expects. Two verifiers implement the same interface:
//
//   - Enterprise asks reCAPTCHA Enterprise (projects.assessments.create) and accepts a
//     valid token for the expected action whose score reaches the threshold;
//   - Builtin, used when no Enterprise project is configured, serves a small script
//     with the same client API as Google's (ScriptPath) and issues its own short-lived,
//     single-use, HMAC-signed tokens bound to the action and the visitor. It stops
//     scripted form posts that never ran the page, not a determined bot; it keeps the
//     client flow identical so switching to Enterprise is configuration only.
//
// A failed check is a 403 with code "bot_check_failed"; a provider that cannot be
// reached is a 503.
package botcheck

import (
	"context"
	"regexp"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/session"
)

// HeaderName carries the bot-check token on guarded requests.
const HeaderName = "X-Bot-Check"

// Actions the edge guards. The shell passes the same names to execute.
const (
	ActionSignIn         = "login"
	ActionSignUp         = "signup"
	ActionForgotPassword = "forgot_password"
	ActionContact        = "contact"
	ActionCheckout       = "checkout"
	ActionGiftCard       = "giftcard"
	ActionGiftCardBuy    = "giftcard_buy"
)

// Result is a verifier's verdict.
type Result struct {
	// Valid: the token passed every check.
	Valid bool
	// Score from 0 (bot) to 1 (person); the built-in verifier gives 1 to valid tokens.
	Score float64
	// Action the token was made for.
	Action string
	// Reason a token failed: "missing", "malformed", "invalid", "wrong_action",
	// "low_score", "expired", "replayed", or the provider's invalid reason.
	Reason string
}

// Verifier checks a token for an action. It returns an error only when the check
// could not be made (provider or storage down); a token that fails is a Result with
// Valid false.
type Verifier interface {
	Verify(ctx context.Context, token, action, remoteIP string) (Result, error)
}

// Errors Require and Check answer with.
var (
	ErrFailed      = fault.New(fault.Forbidden, "bot_check_failed", "We couldn't confirm you're a person. Please try again.")
	ErrUnavailable = fault.New(fault.Unavailable, "bot_check_unavailable", "We couldn't check your request just now. Please try again in a moment.")
)

// actionPattern is what reCAPTCHA allows in an action name.
var actionPattern = regexp.MustCompile(`^[A-Za-z0-9_/]{1,100}$`)

// ValidAction reports whether name can be used as an action.
func ValidAction(name string) bool { return actionPattern.MatchString(name) }

type visitorKey struct{}

// WithVisitor returns a context that tells the built-in verifier which visitor is
// asking. Require does this from the session middleware's visitor id.
func WithVisitor(ctx context.Context, visitorID string) context.Context {
	return context.WithValue(ctx, visitorKey{}, visitorID)
}

func visitorFrom(ctx context.Context) string {
	v, _ := ctx.Value(visitorKey{}).(string)
	return v
}

// Check verifies token for action and returns nil, ErrFailed, or ErrUnavailable (or
// the verifier's own *fault.Error).
func Check(ctx context.Context, v Verifier, token, action, remoteIP string) error {
	if token == "" {
		return ErrFailed
	}
	res, err := v.Verify(ctx, token, action, remoteIP)
	if err != nil {
		if fe, ok := fault.As(err); ok {
			return fe
		}
		return ErrUnavailable
	}
	if !res.Valid {
		return ErrFailed
	}
	return nil
}

// Require guards a route: the request must carry, in X-Bot-Check, a token that v
// accepts for action. A missing token fails like a bad one. The session visitor
// middleware must run first (the built-in verifier binds tokens to the visitor).
func Require(v Verifier, action string) fiber.Handler {
	return func(c fiber.Ctx) error {
		if err := CheckRequest(c, v, c.Get(HeaderName), action); err != nil {
			return err
		}
		return c.Next()
	}
}

// CheckRequest is Check for the visitor and client of request c, for a token the
// request carries elsewhere than in X-Bot-Check (a form field of a server-rendered page).
func CheckRequest(c fiber.Ctx, v Verifier, token, action string) error {
	ctx := WithVisitor(c.Context(), session.VisitorID(c))
	return Check(ctx, v, token, action, clientip.IP(c))
}
