package csrf

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// newApp is an edge: the visitor middleware, csrf, a page that renders the token and
// an /api endpoint that changes state.
func newApp(t *testing.T, st *store.Store, cfg ...Config) *fiber.App {
	t.Helper()
	c := Config{Store: st}
	if len(cfg) > 0 {
		c = cfg[0]
		c.Store = st
	}
	mw, err := New(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	app.Use(session.New())
	app.Use(mw)
	app.Get("/page", func(c fiber.Ctx) error { return c.SendString(Token(c)) })
	app.All("/api/cart", func(c fiber.Ctx) error { return c.SendString("changed") })
	return app
}

// visit loads the page as a new visitor and returns the visitor cookie and token.
func visit(t *testing.T, app *fiber.App) (cookie, token string) {
	t.Helper()
	resp, err := app.Test(httptest.NewRequest(http.MethodGet, "/page", nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range resp.Cookies() {
		if c.Name == "hh_sid" {
			cookie = "hh_sid=" + c.Value
		}
	}
	b, _ := io.ReadAll(resp.Body)
	if cookie == "" || len(b) == 0 {
		t.Fatalf("page gave cookie %q token %q", cookie, b)
	}
	return cookie, string(b)
}

func call(t *testing.T, app *fiber.App, method string, hdr map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, "http://shop.example/api/cart", strings.NewReader(`{}`))
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func expect403(t *testing.T, name string, resp *http.Response) {
	t.Helper()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("%s: status %d, want 403", name, resp.StatusCode)
		return
	}
	var body struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&body)
	if body.Error.Code != "csrf_failed" || body.Error.Message != "Your session expired. Please refresh the page and try again." {
		t.Errorf("%s: body %+v", name, body.Error)
	}
}

func expectOK(t *testing.T, name string, resp *http.Response) {
	t.Helper()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Errorf("%s: status %d (%s), want 200", name, resp.StatusCode, b)
	}
}

func TestTokenChecks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		app := newApp(t, st)
		cookie, token := visit(t, app)
		otherCookie, otherToken := visit(t, app)
		if cookie == otherCookie {
			t.Fatal("two visitors share a cookie")
		}

		for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			expectOK(t, m+" right token", call(t, app, m, map[string]string{"Cookie": cookie, HeaderName: token}))
			expect403(t, m+" missing token", call(t, app, m, map[string]string{"Cookie": cookie}))
		}
		expectOK(t, "other visitor, own token", call(t, app, "POST", map[string]string{"Cookie": otherCookie, HeaderName: otherToken}))
		expect403(t, "token of another visitor", call(t, app, "POST", map[string]string{"Cookie": cookie, HeaderName: otherToken}))
		expect403(t, "no visitor cookie", call(t, app, "POST", map[string]string{HeaderName: token}))

		// Wrong tokens of every shape.
		flipped := []byte(token)
		flipped[len(flipped)/2] ^= 1
		for name, bad := range map[string]string{
			"garbage":   "abc",
			"flipped":   string(flipped),
			"truncated": token[:len(token)-2],
			"longer":    token + "AA",
			"padded":    token + "==",
			"zeros":     strings.Repeat("A", len(token)),
		} {
			expect403(t, "wrong token "+name, call(t, app, "POST", map[string]string{"Cookie": cookie, HeaderName: bad}))
		}

		// Each page render masks the token differently; all of them work.
		again := tokenFromPage(t, app, cookie)
		if again == token {
			t.Fatal("the token is not masked per render")
		}
		expectOK(t, "second render's token", call(t, app, "POST", map[string]string{"Cookie": cookie, HeaderName: again}))
		expectOK(t, "first token still valid", call(t, app, "POST", map[string]string{"Cookie": cookie, HeaderName: token}))

		// Another edge sharing the Redis accepts the token.
		edge2 := newApp(t, st)
		expectOK(t, "second edge", call(t, edge2, "POST", map[string]string{"Cookie": cookie, HeaderName: token}))
	})
}

func tokenFromPage(t *testing.T, app *fiber.App, cookie string) string {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/page", nil)
	req.Header.Set("Cookie", cookie)
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func TestSafeMethodsAndExemptions(t *testing.T) {
	st := storetest.Embedded(t)
	app := newApp(t, st)
	cookie, token := visit(t, app)
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodOptions} {
		expectOK(t, m, call(t, app, m, map[string]string{"Cookie": cookie}))
		expectOK(t, m+" cross-site", call(t, app, m, map[string]string{"Cookie": cookie, "Origin": "https://evil.example"}))
	}
	// An Authorization header alone exempts nothing: only the edge's Next knows whether
	// its token verified (the native app).
	expect403(t, "bearer without cookies", call(t, app, "POST", map[string]string{"Authorization": "Bearer x"}))
	// A browser request with cookies is checked even with an Authorization header.
	expect403(t, "bearer with cookies", call(t, app, "POST", map[string]string{"Authorization": "Bearer x", "Cookie": cookie}))
	expectOK(t, "bearer with cookies and token", call(t, app, "POST", map[string]string{"Authorization": "Bearer x", "Cookie": cookie, HeaderName: token}))

	// Next skips the check.
	skip := newApp(t, st, Config{Next: func(c fiber.Ctx) bool { return c.Path() == "/api/cart" }})
	expectOK(t, "Next", call(t, skip, "POST", nil))
}

func TestOrigin(t *testing.T) {
	st := storetest.Embedded(t)
	app := newApp(t, st, Config{TrustedOrigins: []string{"https://order.henhouse.example"}})
	cookie, token := visit(t, app)
	ok := func(extra map[string]string) map[string]string {
		h := map[string]string{"Cookie": cookie, HeaderName: token}
		for k, v := range extra {
			h[k] = v
		}
		return h
	}
	for name, hdr := range map[string]map[string]string{
		"same origin":          {"Origin": "http://shop.example"},
		"https origin (proxy)": {"Origin": "https://shop.example"},
		"trusted origin":       {"Origin": "https://order.henhouse.example"},
		"same-origin referer":  {"Referer": "https://shop.example/checkout?x=1"},
		"same-origin fetch":    {"Sec-Fetch-Site": "same-origin"},
		"no origin at all":     {},
	} {
		expectOK(t, name, call(t, app, "POST", ok(hdr)))
	}
	for name, hdr := range map[string]map[string]string{
		"other origin":         {"Origin": "https://evil.example"},
		"lookalike origin":     {"Origin": "https://shop.example.evil.example"},
		"other port":           {"Origin": "https://shop.example:8443"},
		"null origin":          {"Origin": "null"},
		"bad origin":           {"Origin": "::not a url"},
		"non-http origin":      {"Origin": "file://shop.example"},
		"other referer":        {"Referer": "https://evil.example/shop.example"},
		"cross-site fetch":     {"Sec-Fetch-Site": "cross-site"},
		"untrusted sibling":    {"Origin": "https://admin.henhouse.example"},
		"http to https origin": {"Origin": "http://order.henhouse.example"},
	} {
		expect403(t, name, call(t, app, "POST", ok(hdr)))
	}
	if _, err := New(context.Background(), Config{Store: st, TrustedOrigins: []string{"https://x.example/path"}}); err == nil {
		t.Fatal("a trusted origin with a path was accepted")
	}
}

func TestTokenWithoutMiddleware(t *testing.T) {
	app := fiber.New()
	app.Get("/", func(c fiber.Ctx) error { return c.SendString(Token(c)) })
	resp, _ := app.Test(httptest.NewRequest(http.MethodGet, "/", nil))
	if b, _ := io.ReadAll(resp.Body); len(b) != 0 {
		t.Fatalf("Token without the middleware = %q", b)
	}
}

// When the secret is replaced (Redis flushed and another edge started), an edge with
// the old one picks up the new one after a failed check.
func TestSecretReload(t *testing.T) {
	st := storetest.Embedded(t)
	now := time.Now()
	clk := func() time.Time { return now }
	a := newApp(t, st, Config{Now: clk})
	st.Client.Del(context.Background(), st.Key("csrf", "secret"))
	b := newApp(t, st, Config{Now: clk}) // creates a new secret
	cookie, token := visit(t, b)
	// The first mismatch re-reads the secret at once.
	expectOK(t, "edge with the old secret", call(t, a, "POST", map[string]string{"Cookie": cookie, HeaderName: token}))

	// Mismatches do not make every request read Redis: after one re-read, the next
	// waits for SecretReload; the periodic reload then picks the secret up.
	st.Client.Set(context.Background(), st.Key("csrf", "secret"), strings.Repeat("s", 32), 0)
	c := newApp(t, st, Config{Now: clk})
	cookie, token = visit(t, c)
	expect403(t, "within the reload interval", call(t, a, "POST", map[string]string{"Cookie": cookie, HeaderName: token}))
	now = now.Add(2 * time.Minute)
	expectOK(t, "after the reload interval", call(t, a, "POST", map[string]string{"Cookie": cookie, HeaderName: token}))
}

// A Redis that lost the secret (restarted without persistence) gets the running
// edge's secret back at the next reload: tokens in open pages stay valid, and an edge
// started afterwards uses the same secret.
func TestLostSecretIsPutBack(t *testing.T) {
	st := storetest.Embedded(t)
	ctx := context.Background()
	now := time.Now()
	clk := func() time.Time { return now }
	a := newApp(t, st, Config{Now: clk})
	cookie, token := visit(t, a)
	before := st.Client.Get(ctx, st.Key("csrf", "secret")).Val()
	st.Client.Del(ctx, st.Key("csrf", "secret"))
	now = now.Add(2 * time.Minute)
	expectOK(t, "token from before the loss", call(t, a, "POST", map[string]string{"Cookie": cookie, HeaderName: token}))
	if got := st.Client.Get(ctx, st.Key("csrf", "secret")).Val(); got != before {
		t.Fatal("the secret was not put back")
	}
	b := newApp(t, st, Config{Now: clk})
	expectOK(t, "another edge", call(t, b, "POST", map[string]string{"Cookie": cookie, HeaderName: token}))
}

func TestNewRequiresStore(t *testing.T) {
	if _, err := New(context.Background(), Config{}); err == nil {
		t.Fatal("missing store accepted")
	}
}
