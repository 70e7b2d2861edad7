package csp

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
)

func TestNonceIsFreshRandomAndURLSafe(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		n := newNonce()
		b, err := base64.RawURLEncoding.DecodeString(n)
		if err != nil || len(b) < 16 {
			t.Fatalf("nonce %q: %d bytes, %v", n, len(b), err)
		}
		if seen[n] {
			t.Fatalf("nonce %q repeated", n)
		}
		seen[n] = true
	}
}

func TestPagePolicy(t *testing.T) {
	p := NewPolicy(Sources{Img: []string{"https://*.tiles.example.com"}, Connect: []string{"https://www.google.com"}, Frame: []string{"https://recaptcha.google.com"}}, true)
	got := p.Page("N0nce")
	for _, want := range []string{
		"default-src 'self'",
		"script-src 'nonce-N0nce' 'strict-dynamic' https: 'unsafe-inline'",
		"style-src 'self' 'nonce-N0nce'",
		"img-src 'self' data: blob: https://*.tiles.example.com",
		"connect-src 'self' https://www.google.com",
		"frame-src 'self' https://recaptcha.google.com",
		"worker-src 'self'", "manifest-src 'self'", "object-src 'none'", "base-uri 'none'",
		"form-action 'self'", "frame-ancestors 'self'", "report-uri /csp-report", "report-to csp-endpoint",
	} {
		if !strings.Contains(got, want+";") && !strings.HasSuffix(got, want) {
			t.Errorf("policy lacks %q:\n%s", want, got)
		}
	}
	// On plain HTTP, report-uri alone: Chromium would drop it for a report-to whose
	// Reporting-Endpoints it ignores there.
	plain := NewPolicy(Sources{}, false).Page("x")
	if !strings.Contains(plain, "img-src 'self' data: blob:;") || !strings.Contains(plain, "connect-src 'self';") ||
		!strings.HasSuffix(plain, "; report-uri /csp-report") {
		t.Errorf("policy without extra sources, on HTTP: %s", plain)
	}
}

func serve(t *testing.T, app *fiber.App, path string) (int, map[string]string, string) {
	t.Helper()
	resp, err := app.Test(httptest.NewRequest("GET", path, nil))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	h := map[string]string{}
	for k := range resp.Header {
		h[k] = resp.Header.Get(k)
	}
	return resp.StatusCode, h, string(b)
}

func TestMiddlewareOnlyOnHTMLAndKeepsOwnPolicies(t *testing.T) {
	app := fiber.New()
	app.Use(NewPolicy(Sources{}, true).Middleware())
	app.Get("/page", func(c fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.SendString(`<script nonce="` + Nonce(c) + `"></script>`)
	})
	app.Get("/own", func(c fiber.Ctx) error {
		c.Set(HeaderPolicy, "default-src 'none'")
		return c.Type("html").SendString("<p>own</p>")
	})
	app.Get("/json", func(c fiber.Ctx) error { return c.JSON(fiber.Map{"ok": true}) })

	_, h, body := serve(t, app, "/page")
	nonce := strings.TrimSuffix(strings.TrimPrefix(body, `<script nonce="`), `"></script>`)
	if !strings.Contains(h[HeaderPolicy], "'nonce-"+nonce+"'") || nonce == "" {
		t.Fatalf("policy %q does not name the page's nonce %q", h[HeaderPolicy], nonce)
	}
	if h[HeaderEndpoints] != `csp-endpoint="/csp-report"` {
		t.Fatalf("Reporting-Endpoints: %q", h[HeaderEndpoints])
	}
	if _, h, _ := serve(t, app, "/own"); h[HeaderPolicy] != "default-src 'none'" || h[HeaderEndpoints] == "" {
		t.Fatalf("own policy replaced: %q", h[HeaderPolicy])
	}
	if _, h, _ := serve(t, app, "/json"); h[HeaderPolicy] != "" {
		t.Fatalf("JSON got a page policy: %q", h[HeaderPolicy])
	}

	plain := fiber.New()
	plain.Use(NewPolicy(Sources{}, false).Middleware())
	plain.Get("/page", func(c fiber.Ctx) error { return c.Type("html").SendString("<p>page</p>") })
	if _, h, _ := serve(t, plain, "/page"); h[HeaderPolicy] == "" || h[HeaderEndpoints] != "" {
		t.Fatalf("on HTTP: policy %q, Reporting-Endpoints %q", h[HeaderPolicy], h[HeaderEndpoints])
	}
}

func TestStaticPolicyHashesInlineCode(t *testing.T) {
	script, style := "\n  addEventListener('online', () => location.reload());\n", "body{margin:0}"
	page := "<!doctype html><style>" + style + "</style><script type=\"module\" src=\"/x.js\"></script><SCRIPT>" + script + "</SCRIPT>"
	got := NewPolicy(Sources{}, true).Static([]byte(page))
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	if !strings.Contains(got, "script-src "+hash(script)+";") || !strings.Contains(got, "style-src 'self' "+hash(style)+";") {
		t.Fatalf("static policy:\n%s", got)
	}
	if strings.Contains(got, "unsafe-inline") || !strings.Contains(got, "object-src 'none'") || !strings.Contains(got, "report-uri /csp-report") {
		t.Fatalf("static policy:\n%s", got)
	}
	if got := NewPolicy(Sources{}, false).Static([]byte("<p>no code</p>")); !strings.Contains(got, "script-src 'none';") || strings.Contains(got, "report-to") {
		t.Fatalf("page without scripts: %s", got)
	}
}

// A page that loads a module from a dev server names that server in its own policy
// (scripts, styles, images, fonts, fetches and the hot-reload WebSocket), and the next
// page's policy does not.
func TestDevServerOnlyForItsResponse(t *testing.T) {
	app := fiber.New()
	app.Use(NewPolicy(Sources{Img: []string{"https://tiles.example.com"}}, false).Middleware())
	app.Get("/dev", func(c fiber.Ctx) error {
		AllowDevServer(c, "http://127.0.0.1:3002")
		AllowDevServer(c, "http://127.0.0.1:3002")
		AllowDevServer(c, "https://devbox.example:8443")
		AllowDevServer(c, "http://x; script-src *")
		AllowDevServer(c, "http://127.0.0.1:3002/path")
		return c.Type("html").SendString("<p>dev</p>")
	})
	app.Get("/page", func(c fiber.Ctx) error { return c.Type("html").SendString("<p>page</p>") })

	_, h, _ := serve(t, app, "/dev")
	got := h[HeaderPolicy]
	for _, want := range []string{
		"script-src 'nonce-", "' 'strict-dynamic' https: 'unsafe-inline' http://127.0.0.1:3002 https://devbox.example:8443;",
		"style-src 'self' http://127.0.0.1:3002 https://devbox.example:8443 'nonce-",
		"img-src 'self' data: blob: https://tiles.example.com http://127.0.0.1:3002 https://devbox.example:8443;",
		"font-src 'self' http://127.0.0.1:3002 https://devbox.example:8443;",
		"connect-src 'self' http://127.0.0.1:3002 ws://127.0.0.1:3002 https://devbox.example:8443 wss://devbox.example:8443;",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("dev policy lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "http://x") || strings.Contains(got, "/path") || strings.Count(got, "http://127.0.0.1:3002 ") != 5 {
		t.Errorf("dev policy took a bad origin or repeated one:\n%s", got)
	}
	if _, h, _ := serve(t, app, "/page"); strings.Contains(h[HeaderPolicy], "3002") || h[HeaderPolicy] != NewPolicy(Sources{Img: []string{"https://tiles.example.com"}}, false).Page(nonceOf(h[HeaderPolicy])) {
		t.Fatalf("the next page kept the dev server: %s", h[HeaderPolicy])
	}
}

func nonceOf(policy string) string {
	_, rest, _ := strings.Cut(policy, "'nonce-")
	n, _, _ := strings.Cut(rest, "'")
	return n
}
