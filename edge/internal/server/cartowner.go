package server

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
)

// cartOwner is whose cart a request acts on. A signed-in member has one cart, whatever
// the device or transport (the browser's cookies, the native app's Authorization
// header, the app's webview): the member's. A guest's cart belongs to the visitor
// cookie; when the guest signs in it joins the member's (joinCart), so after signing
// out the browser is a guest with no cart again.
func cartOwner(c fiber.Ctx) string {
	if m, ok := session.MemberOf(c); ok {
		return memberCartOwner(m.ID)
	}
	return session.VisitorID(c)
}

// memberCartOwner is the owner of a member's cart. Visitor ids never hold a colon.
func memberCartOwner(memberID string) string { return "member:" + memberID }

// joinCart brings the cart the visitor filled as a guest into the member's cart, as
// the member signs in (every way: password and code, passwordless code, single sign-on,
// sign-up, the app's webview handover): the provider's rule (ordering.CartJoiner).
// It answers the lines that could not join; a provider that cannot join carts leaves
// the guest's where it is.
func (s *Server) joinCart() func(c fiber.Ctx, memberID string) ([]ordering.NotTransferred, error) {
	return func(c fiber.Ctx, memberID string) ([]ordering.NotTransferred, error) {
		j, ok := s.orderRoles.Carts.(ordering.CartJoiner)
		visitor := session.VisitorID(c)
		if !ok || visitor == "" || memberID == "" {
			return nil, nil
		}
		_, dropped, err := j.JoinCart(c.Context(), visitor, memberCartOwner(memberID))
		// The cart hint now speaks of the member's cart, which pages look for.
		switch {
		case err == nil:
			session.SetCartHint(c, true)
		case fault.Is(err, fault.NotFound):
			session.SetCartHint(c, false)
		default:
			return nil, err
		}
		if len(dropped) == 0 {
			return nil, nil
		}
		return dropped, nil
	}
}

// cartAnswer reports a cart call, whose answer is not compressed: compressing replaces
// a strong ETag with a hash of the compressed body (a strong validator differs per
// encoding), and the cart's ETag must stay its version, which the client sends back
// as If-Match. Cart answers are a few kilobytes.
func cartAnswer(c fiber.Ctx) bool {
	p := c.Path()
	return p == "/api/cart" || strings.HasPrefix(p, "/api/cart/")
}

// nativeApp reports a call from the native app's own HTTP client: a member token in
// the Authorization header that passed verification, and no cookies. Browsers cannot
// forge one, and the app proves itself to the provider with its platform's app
// attestation instead of a web bot check. A header that does not verify ("Bearer x")
// makes an ordinary browser request, with the CSRF check and the bot check.
func nativeApp(c fiber.Ctx) bool {
	if c.Get(fiber.HeaderAuthorization) == "" || c.Get(fiber.HeaderCookie) != "" {
		return false
	}
	// Without cookies the member can only have come from the header's token.
	_, ok := session.MemberOf(c)
	return ok
}
