package session

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// PopupsCookie is the browser's copy of the popups the visitor has dismissed
// (docs/shell.md, "Popups"): their keys ("id@version") joined by spaces and
// URI-encoded, as the shell writes it beside its own record. A page request carries
// it, so the edge can write the popup this visitor will see into the page's HTML. It
// is a hint: nothing is decided on it but which popup the first paint shows.
const PopupsCookie = "hh_popups"

// DismissedPopups reads the popups cookie: the dismissed popups' keys, nil without a
// cookie or with one that is not URI-encoded (nothing dismissed).
func DismissedPopups(c fiber.Ctx) []string {
	v := c.Cookies(PopupsCookie)
	if v == "" {
		return nil
	}
	s, err := url.PathUnescape(v)
	if err != nil {
		return nil
	}
	return strings.Fields(s)
}

// PopupVisitCookie marks a visit that has had its popup (docs/shell.md, "Popups"): at
// most one popup shows per visit, so the next page, written by the edge or shown by
// the shell, has none. A session cookie: the visit ends when the browser closes. The
// edge sets it on a page it writes a popup into (MarkPopupVisit), the shell when it
// shows one itself (shell/src/chrome/popupVisit.ts).
const PopupVisitCookie = "hh_popup_visit"

// PopupVisit reports whether this visit has had its popup.
func PopupVisit(c fiber.Ctx) bool { return c.Cookies(PopupVisitCookie) != "" }

// MarkPopupVisit sets the cookie: this response carries the visit's popup. Not
// HttpOnly, the shell reads it too; it says nothing about the visitor.
func MarkPopupVisit(c fiber.Ctx, secure bool) {
	c.Cookie(&fiber.Cookie{Name: PopupVisitCookie, Value: "1", Path: "/", Secure: secure, SameSite: fiber.CookieSameSiteLaxMode, SessionOnly: true})
}
