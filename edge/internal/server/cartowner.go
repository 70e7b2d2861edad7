package server

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/session"
)

// cartOwner is whose cart a request acts on. The browser's cart belongs to its
// visitor cookie; the native app, which authenticates with an Authorization header and
// keeps no cookies, has one cart per member ("app:" + member id); a browser behind
// HTTP authentication (a staging site) sends an Authorization header too, but with
// cookies, and keeps its visitor's cart. The webview handover
// moves that cart to the webview's visitor (docs/webview.md).
func cartOwner(c fiber.Ctx) string {
	if nativeApp(c) {
		if m, ok := session.MemberOf(c); ok {
			return "app:" + m.ID
		}
	}
	return session.VisitorID(c)
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
