package session

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
)

func TestVisitorCookie(t *testing.T) {
	app := fiber.New()
	app.Use(New())
	app.Get("/", func(c fiber.Ctx) error { return c.SendString(VisitorID(c)) })

	resp, err := app.Test(httptest.NewRequest("GET", "/", nil))
	if err != nil {
		t.Fatal(err)
	}
	set := resp.Header.Get("Set-Cookie")
	if !strings.HasPrefix(set, "hh_sid=") || !strings.Contains(strings.ToLower(set), "httponly") {
		t.Fatalf("Set-Cookie = %q", set)
	}
	id := strings.TrimPrefix(strings.Split(set, ";")[0], "hh_sid=")

	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Cookie", "hh_sid="+id)
	resp, _ = app.Test(req)
	if resp.Header.Get("Set-Cookie") != "" {
		t.Fatal("a valid cookie must be kept, not replaced")
	}
	got, _ := io.ReadAll(resp.Body)
	if string(got) != id {
		t.Fatalf("VisitorID = %q, want %q", got, id)
	}

	req = httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Cookie", "hh_sid=../../etc")
	resp, _ = app.Test(req)
	if !strings.HasPrefix(resp.Header.Get("Set-Cookie"), "hh_sid=") {
		t.Fatal("a malformed cookie must be replaced")
	}
}
