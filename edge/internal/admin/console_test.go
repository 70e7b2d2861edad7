package admin_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/admin"
	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/store"
)

// console is the admin app with the console: an embedded Redis, an empty registry and
// a console build of one file.
func console(t *testing.T) (*fiber.App, *store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), "", "console-test", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	build := t.TempDir()
	if err := os.MkdirAll(filepath.Join(build, "modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	reg, err := modules.Open(filepath.Join(build, "modules"), st)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(build, "ops-console")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "console.js"), []byte("console.log(1)"), 0o644); err != nil {
		t.Fatal(err)
	}
	ts, err := admin.ParseTokens("alice:" + opsToken)
	if err != nil {
		t.Fatal(err)
	}
	return admin.New(admin.Config{Registry: reg, Tokens: ts, UploadLimit: 1 << 20, Store: st, ConsoleDir: dir, CookieSecure: true}), st
}

type reply struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, app *fiber.App, req *http.Request) reply {
	t.Helper()
	res, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	return reply{res.StatusCode, res.Header, string(b)}
}

func req(method, path, body string, header ...string) *http.Request {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	return r
}

// signIn signs in and returns the session cookie and the CSRF token.
func signIn(t *testing.T, app *fiber.App) (cookie, csrf string) {
	t.Helper()
	res, err := app.Test(req("POST", "/admin/session", `{"token":"`+opsToken+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("sign-in: %d %s", res.StatusCode, b)
	}
	for _, c := range res.Cookies() {
		if c.Name == admin.SessionCookie {
			cookie = c.Name + "=" + c.Value
		}
	}
	_, after, _ := strings.Cut(string(b), `"csrf_token":"`)
	csrf, _, _ = strings.Cut(after, `"`)
	if cookie == "" || csrf == "" {
		t.Fatalf("sign-in gave cookie %q, body %s", cookie, b)
	}
	return cookie, csrf
}

func TestConsolePageHeaders(t *testing.T) {
	app, _ := console(t)
	r := do(t, app, req("GET", "/admin/", ""))
	if r.status != 200 || !strings.Contains(r.body, `src="/admin/assets/console.js"`) {
		t.Fatalf("page: %d %s", r.status, r.body)
	}
	csp := r.header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP = %q", csp)
	}
	if r.header.Get("X-Frame-Options") != "DENY" || r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers: %v", r.header)
	}
	if r := do(t, app, req("GET", "/admin/assets/console.js", "")); r.status != 200 || r.body != "console.log(1)" ||
		!strings.HasPrefix(r.header.Get("Content-Type"), "text/javascript") {
		t.Errorf("asset: %d %q %q", r.status, r.header.Get("Content-Type"), r.body)
	}
	for _, p := range []string{"/admin/assets/..%2fconsole.js", "/admin/assets/.env.js", "/admin/assets/missing.js"} {
		if r := do(t, app, req("GET", p, "")); r.status != 404 {
			t.Errorf("%s: %d", p, r.status)
		}
	}
}

func TestSignInCookie(t *testing.T) {
	app, st := console(t)
	r := do(t, app, req("POST", "/admin/session", `{"token":"wrong-token-0123456789"}`))
	if r.status != 401 || !strings.Contains(r.body, "That ops token is not valid.") {
		t.Fatalf("wrong token: %d %s", r.status, r.body)
	}
	if r.header.Get("Set-Cookie") != "" {
		t.Errorf("a wrong token set a cookie: %s", r.header.Get("Set-Cookie"))
	}

	res, err := app.Test(req("POST", "/admin/session", `{"token":"`+opsToken+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	set := res.Header.Get("Set-Cookie")
	for _, want := range []string{"HttpOnly", "SameSite=Strict", "Path=/admin", "Secure", "Max-Age=43200"} {
		if !strings.Contains(strings.ToLower(set), strings.ToLower(want)) {
			t.Errorf("Set-Cookie %q lacks %s", set, want)
		}
	}
	if strings.Contains(set, opsToken) {
		t.Errorf("the cookie holds the token: %s", set)
	}
	// Redis holds the session under the id's hash, never the id or the token.
	keys, _ := st.Client.Keys(context.Background(), "*session*").Result()
	if len(keys) != 1 {
		t.Fatalf("session keys: %v", keys)
	}
	id := strings.TrimPrefix(strings.Split(set, ";")[0], admin.SessionCookie+"=")
	if strings.Contains(keys[0], id) {
		t.Errorf("key %s names the session id", keys[0])
	}
	v, _ := st.Client.Get(context.Background(), keys[0]).Result()
	if strings.Contains(v, opsToken) || !strings.Contains(v, `"alice"`) {
		t.Errorf("session value %s", v)
	}

	// A form post (the page without script) goes back to the page.
	f := httptest.NewRequest("POST", "/admin/session", strings.NewReader(url.Values{"token": {opsToken}}.Encode()))
	f.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if r := do(t, app, f); r.status != 303 || r.header.Get("Location") != "/admin/" {
		t.Errorf("form sign-in: %d %s", r.status, r.header.Get("Location"))
	}
}

func TestCookieNeedsCSRFToChangeState(t *testing.T) {
	app, _ := console(t)
	cookie, csrf := signIn(t, app)

	if r := do(t, app, req("GET", "/admin/modules", "", "Cookie", cookie)); r.status != 200 {
		t.Fatalf("read with the cookie: %d %s", r.status, r.body)
	}
	if r := do(t, app, req("GET", "/admin/session", "", "Cookie", cookie)); r.status != 200 || !strings.Contains(r.body, csrf) {
		t.Fatalf("session: %d %s", r.status, r.body)
	}
	body := `{"version":"1.0.1","percent":10}`
	for name, h := range map[string][]string{
		"no token":    {"Cookie", cookie},
		"wrong token": {"Cookie", cookie, admin.CSRFHeader, strings.Repeat("x", len(csrf))},
		"cross-site":  {"Cookie", cookie, admin.CSRFHeader, csrf, "Sec-Fetch-Site", "cross-site"},
		// The public site on another port of the same host is the same site.
		"same-site":    {"Cookie", cookie, admin.CSRFHeader, csrf, "Sec-Fetch-Site", "same-site"},
		"other origin": {"Cookie", cookie, admin.CSRFHeader, csrf, "Origin", "http://example.com:8080"},
		"null origin":  {"Cookie", cookie, admin.CSRFHeader, csrf, "Origin", "null"},
	} {
		r := do(t, app, req("POST", "/admin/modules/mf-menu/canary", body, h...))
		if r.status != 403 || !strings.Contains(r.body, "csrf_failed") {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	// With the token the request reaches the handler (the module does not exist here).
	r := do(t, app, req("POST", "/admin/modules/mf-menu/canary", body, "Cookie", cookie, admin.CSRFHeader, csrf,
		"Origin", "http://example.com", "Sec-Fetch-Site", "same-origin"))
	if r.status != 404 {
		t.Errorf("with the token: %d %s", r.status, r.body)
	}
	// The bearer token needs no CSRF token, as before.
	r = do(t, app, req("POST", "/admin/modules/mf-menu/canary", body, "Authorization", "Bearer "+opsToken))
	if r.status != 404 {
		t.Errorf("bearer: %d %s", r.status, r.body)
	}
	// A wrong bearer is refused even with a valid cookie.
	r = do(t, app, req("GET", "/admin/modules", "", "Cookie", cookie, "Authorization", "Bearer nope-nope-nope-nope"))
	if r.status != 401 {
		t.Errorf("wrong bearer with a cookie: %d", r.status)
	}

	// Signing out needs the token too, and ends the session.
	if r := do(t, app, req("DELETE", "/admin/session", "", "Cookie", cookie)); r.status != 403 {
		t.Errorf("sign-out without the token: %d", r.status)
	}
	if r := do(t, app, req("DELETE", "/admin/session", "", "Cookie", cookie, admin.CSRFHeader, csrf)); r.status != 204 {
		t.Errorf("sign-out: %d %s", r.status, r.body)
	}
	if r := do(t, app, req("GET", "/admin/modules", "", "Cookie", cookie)); r.status != 401 {
		t.Errorf("after sign-out: %d", r.status)
	}
	if r := do(t, app, req("GET", "/admin/session", "", "Cookie", cookie)); r.status != 401 {
		t.Errorf("session after sign-out: %d", r.status)
	}
}

func TestSignInRateLimited(t *testing.T) {
	app, _ := console(t)
	var last reply
	for range 11 {
		last = do(t, app, req("POST", "/admin/session", `{"token":"wrong-token-0123456789"}`))
	}
	if last.status != 429 || last.header.Get("Retry-After") == "" {
		t.Fatalf("11th attempt: %d %s", last.status, last.body)
	}
	// The right token is refused too while the limit holds: guessing gains nothing.
	if r := do(t, app, req("POST", "/admin/session", `{"token":"`+opsToken+`"}`)); r.status != 429 {
		t.Errorf("right token after the limit: %d", r.status)
	}
}

func TestSignInBadInput(t *testing.T) {
	app, _ := console(t)
	for _, body := range []string{`{"token":""}`, `{"token":1}`, `not json`, `{"token":"x","extra":1}`} {
		if r := do(t, app, req("POST", "/admin/session", body)); r.status != 400 {
			t.Errorf("%s: %d %s", body, r.status, r.body)
		}
	}
}
