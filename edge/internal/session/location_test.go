package session

import (
	"fmt"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v3"
)

func TestLocationHint(t *testing.T) {
	cookieCases(t, func(c fiber.Ctx) string {
		l, m, present, ok := LocationHint(c)
		return fmt.Sprintf("%s %s %t %t", l, m, present, ok)
	}, map[string]string{
		"":                                   "  false false",
		"hh_location=oh-dayton|m-standard":   "oh-dayton m-standard true true",
		"hh_location=oh-dayton":              "  true false", // no menu
		"hh_location=oh%7Cdayton|m-standard": "  true false", // encoded: Go and the browser may differ
		"hh_location=oh-dayton|":             "  true false",
		"hh_location=..|m-standard":          "  true false",
		"hh_location=a|b|c":                  "  true false",
	})
}

// cookieCases asks a handler that answers read(c) with each request's Cookie header
// (none for ""), and checks the answer.
func cookieCases(t *testing.T, read func(fiber.Ctx) string, cases map[string]string) {
	t.Helper()
	app := fiber.New()
	app.Get("/", func(c fiber.Ctx) error { return c.SendString(read(c)) })
	for cookie, want := range cases {
		req := httptest.NewRequest("GET", "/", nil)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		resp, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		if string(got) != want {
			t.Errorf("%q: got %q, want %q", cookie, got, want)
		}
	}
}
