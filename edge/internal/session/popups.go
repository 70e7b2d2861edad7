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
