package session

import (
	"io"
	"net/http/httptest"
	"strconv"
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

// A cookie of the right length with a character outside URL-safe base64 is replaced,
// and every new visitor gets an id of its own.
func TestVisitorCookieMalformedAndFresh(t *testing.T) {
	app := fiber.New()
	app.Use(New())
	app.Get("/", func(c fiber.Ctx) error { return c.SendString(VisitorID(c)) })
	for _, bad := range []string{"AAAAAAAAAAAAAAAAAAAAA+", "AAAAAAAAAAAAAAAAAAAAA/", "AAAAAAAAAAAAAAAAAAAAA=", "AAAAAAAAAAAAAAAAAAAAA.", "AAAAAAAAAAAAAAAAAAAAAAA"} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("Cookie", "hh_sid="+bad)
		resp, _ := app.Test(req)
		got, _ := io.ReadAll(resp.Body)
		if string(got) == bad || !strings.HasPrefix(resp.Header.Get("Set-Cookie"), "hh_sid=") {
			t.Fatalf("cookie %q was kept as the visitor id", bad)
		}
	}
	seen := map[string]bool{}
	for range 200 {
		resp, _ := app.Test(httptest.NewRequest("GET", "/", nil))
		id, _ := io.ReadAll(resp.Body)
		if len(id) != 22 || seen[string(id)] {
			t.Fatalf("new visitor id %q: repeated or not 22 characters", id)
		}
		seen[string(id)] = true
	}
}

// The visitor and cart hint cookies carry every attribute, Secure included when
// configured, and a hint set twice in one response is sent once, with the last value.
func TestCookieAttributes(t *testing.T) {
	app := fiber.New()
	app.Use(New(Config{Secure: true}))
	app.Get("/", func(c fiber.Ctx) error {
		SetCartHint(c, true)
		SetCartHint(c, false)
		return nil
	})
	resp, err := app.Test(httptest.NewRequest("GET", "/", nil))
	if err != nil {
		t.Fatal(err)
	}
	cookies := resp.Header.Values("Set-Cookie")
	if len(cookies) != 2 {
		t.Fatalf("Set-Cookie = %q, want the visitor and one cart hint", cookies)
	}
	for _, ck := range cookies {
		attrs := strings.ToLower(ck)
		for _, want := range []string{"; max-age=34560000", "; path=/", "; httponly", "; secure", "; samesite=lax"} {
			if !strings.Contains(attrs, want) {
				t.Errorf("%q lacks %q", ck, want)
			}
		}
	}
	if !strings.HasPrefix(cookies[1], "hh_cart=0;") {
		t.Errorf("cart hint = %q, want hh_cart=0", cookies[1])
	}
}

// A visitor new with the request has placed no order; a returning one has none only when
// the orders hint says so, and the hint is written once per answer, with the last value.
func TestOrdersHint(t *testing.T) {
	app := fiber.New()
	app.Use(New(Config{}))
	app.Get("/", func(c fiber.Ctx) error {
		if c.Query("placed") != "" {
			SetOrdersHint(c, false)
			SetOrdersHint(c, true)
		}
		return c.SendString(strconv.FormatBool(NoOrders(c)))
	})
	visitor := "hh_sid=" + strings.Repeat("a", 22)
	for _, tc := range []struct {
		about, cookie, query, noOrders, setCookie string
	}{
		{"a new visitor", "", "", "true", ""},
		{"a returning visitor without a hint", visitor, "", "false", ""},
		{"a hint of none", visitor + "; hh_orders=0", "", "true", ""},
		{"a hint of an order", visitor + "; hh_orders=1", "", "false", ""},
		{"a hint that cannot be read", visitor + "; hh_orders=yes", "", "false", ""},
		{"an order placed", visitor + "; hh_orders=0", "?placed=1", "true", "hh_orders=1;"},
		{"an order placed, the hint already set", visitor + "; hh_orders=1", "?placed=1", "false", ""},
	} {
		req := httptest.NewRequest("GET", "/"+tc.query, nil)
		if tc.cookie != "" {
			req.Header.Set("Cookie", tc.cookie)
		}
		resp, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		if string(body) != tc.noOrders {
			t.Errorf("%s: NoOrders = %s, want %s", tc.about, body, tc.noOrders)
		}
		var hints []string
		for _, ck := range resp.Header.Values("Set-Cookie") {
			if strings.HasPrefix(ck, OrdersHintCookie+"=") {
				hints = append(hints, ck)
			}
		}
		switch {
		case tc.setCookie == "" && len(hints) > 0:
			t.Errorf("%s: orders hint written: %q", tc.about, hints)
		case tc.setCookie != "" && (len(hints) != 1 || !strings.HasPrefix(hints[0], tc.setCookie)):
			t.Errorf("%s: orders hint %q, want one %s", tc.about, hints, tc.setCookie)
		}
	}
}
