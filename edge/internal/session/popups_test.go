package session

import (
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
)

func TestDismissedPopups(t *testing.T) {
	cookieCases(t, func(c fiber.Ctx) string {
		return strings.Join(DismissedPopups(c), ",")
	}, map[string]string{
		"":                      "",
		"hh_popups=":            "",
		"hh_popups=welcome%401": "welcome@1",
		"hh_popups=welcome%401%20rewards-double-points%401": "welcome@1,rewards-double-points@1",
		"hh_popups=welcome@1":                               "welcome@1", // not encoded, still one key
		"hh_popups=%20%20a%401%20%20":                       "a@1",
		"hh_popups=welcome%4":                               "", // not URI-encoded: nothing dismissed
		"hh_popups=%zz":                                     "",
		"hh_popups=a%2Bb%401":                               "a+b@1",
	})
}
