package session

import (
	"strings"

	"github.com/gofiber/fiber/v3"
)

// LocationHintCookie is the browser's copy of the guest's chosen location,
// "{location id}|{menu id}", each URI-encoded. The choice itself is kept in the
// browser's storage, which a page request does not carry; the shell writes this cookie
// beside it (shell/src/session/locationHint.ts) so the edge can tell which menu answer
// a menu page's screen will ask for, and preload it. It is a hint: nothing is decided
// on it but a preload.
const LocationHintCookie = "hh_location"

// LocationHint reads the location hint cookie. present is false without one (no
// location chosen); ok is false when the value is not two ids of plain URL characters
// (A–Z, a–z, 0–9, "-._~"), since only those are written the same by Go and the browser.
func LocationHint(c fiber.Ctx) (location, menu string, present, ok bool) {
	v := c.Cookies(LocationHintCookie)
	if v == "" {
		return "", "", false, false
	}
	location, menu, found := strings.Cut(v, "|")
	if !found || !plainID(location) || !plainID(menu) {
		return "", "", true, false
	}
	return location, menu, true, true
}

func plainID(s string) bool {
	if s == "" || s == "." || s == ".." {
		return false
	}
	for i := range len(s) {
		switch c := s[i]; {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '.', c == '_', c == '~':
		default:
			return false
		}
	}
	return true
}
