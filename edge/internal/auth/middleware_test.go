package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/golang-jwt/jwt/v5"

	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

type state struct {
	Member    string `json:"member"`
	Provider  string `json:"provider"`
	JTI       string `json:"jti"`
	LoggedOut bool   `json:"loggedOut"`
	Forced    bool   `json:"forced"`
}

func testApp(tk *Tokens, config ...MiddlewareConfig) *fiber.App {
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil), ReadBufferSize: 16 << 10})
	app.Use(New(tk, config...))
	app.Get("/state", func(c fiber.Ctx) error {
		var s state
		if m, ok := session.MemberOf(c); ok {
			s.Member, s.Provider = m.ID, m.Provider
		}
		if cl, ok := ClaimsOf(c); ok {
			s.JTI = cl.ID
		}
		s.LoggedOut, s.Forced = LoggedOut(c), ForcedSignOut(c)
		return c.JSON(s)
	})
	app.Get("/private", RequireMember(), func(c fiber.Ctx) error { return c.SendString("ok") })
	return app
}

func do(t *testing.T, app *fiber.App, path string, hdr map[string]string) (*http.Response, state) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	var s state
	if path == "/state" {
		if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
			t.Fatal(err)
		}
	}
	return resp, s
}

// cleared reports whether the response deletes both token cookies.
func cleared(resp *http.Response) bool {
	var access, refresh bool
	for _, c := range resp.Cookies() {
		gone := c.Value == "" && (c.MaxAge < 0 || (!c.Expires.IsZero() && c.Expires.Before(time.Now())))
		switch {
		case c.Name == "hh_token" && c.Path == "/" && gone:
			access = true
		case c.Name == "hh_refresh" && c.Path == "/api/auth" && gone:
			refresh = true
		}
	}
	return access && refresh
}

func TestMiddlewareAcceptsHeaderVariantsAndCookie(t *testing.T) {
	st := storetest.Embedded(t)
	tk := newTokens(t, st, newClock())
	app := testApp(tk)
	p := mustIssue(t, tk, "member-1")

	for name, hdr := range map[string]map[string]string{
		"Bearer":       {"Authorization": "Bearer " + p.AccessToken},
		"bearer":       {"Authorization": "bearer " + p.AccessToken},
		"Token":        {"Authorization": "Token " + p.AccessToken},
		"bare":         {"Authorization": p.AccessToken},
		"padded":       {"Authorization": "  Bearer   " + p.AccessToken + " "},
		"cookie":       {"Cookie": "hh_token=" + p.AccessToken},
		"header first": {"Authorization": "Bearer " + p.AccessToken, "Cookie": "hh_token=garbage"},
		"basic auth":   {"Authorization": "Basic dXNlcjpwYXNz", "Cookie": "hh_token=" + p.AccessToken},
	} {
		resp, s := do(t, app, "/state", hdr)
		if s.Member != "member-1" || s.Provider != "henhouse-loyalty" || s.JTI == "" || s.LoggedOut || s.Forced {
			t.Errorf("%s: state %+v", name, s)
		}
		if len(resp.Cookies()) != 0 {
			t.Errorf("%s: a valid token must not touch cookies", name)
		}
		resp, _ = do(t, app, "/private", hdr)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: /private = %d", name, resp.StatusCode)
		}
	}

	// No token: a guest, nothing cleared, nothing marked.
	resp, s := do(t, app, "/state", nil)
	if s != (state{}) || len(resp.Cookies()) != 0 {
		t.Fatalf("guest: %+v %v", s, resp.Cookies())
	}
}

func TestMiddlewareLogsOutRejectedTokens(t *testing.T) {
	st := storetest.Embedded(t)
	clk := newClock()
	tk := newTokens(t, st, clk)
	app := testApp(tk)
	p := mustIssue(t, tk, "member-1")
	with := func(f func(c *Claims)) string {
		c := baseClaims(tk, p, "member-1")
		f(&c)
		return mint(t, tk, c)
	}
	ended := mustIssue(t, tk, "member-1")
	if err := tk.Logout(context.Background(), ended.SessionID); err != nil {
		t.Fatal(err)
	}
	for name, raw := range map[string]string{
		"garbage":        "garbage",
		"three words":    "Bearer x y",
		"wrong provider": with(func(c *Claims) { c.Provider = "elsewhere" }),
		"no version":     with(func(c *Claims) { c.Version = "" }),
		"old version":    with(func(c *Claims) { c.Version = "0" }),
		"expired": with(func(c *Claims) {
			c.IssuedAt = jwt.NewNumericDate(clk.Now().Add(-3 * time.Hour))
			c.NotBefore, c.ExpiresAt = c.IssuedAt, jwt.NewNumericDate(clk.Now().Add(-2*time.Hour))
		}),
		"logged out": ended.AccessToken,
		"too large":  strings.Repeat("a", 5000),
	} {
		for _, hdr := range []map[string]string{{"Authorization": raw}, {"Cookie": "hh_token=" + raw}} {
			if strings.Contains(raw, " ") && hdr["Cookie"] != "" {
				continue
			}
			resp, s := do(t, app, "/state", hdr)
			if s.Member != "" || !s.LoggedOut || s.Forced {
				t.Errorf("%s %v: state %+v", name, hdr, s)
			}
			if !cleared(resp) {
				t.Errorf("%s: cookies not cleared: %v", name, resp.Header.Values("Set-Cookie"))
			}
			resp, _ = do(t, app, "/private", hdr)
			checkError(t, resp, http.StatusUnauthorized, "unauthorized", "Please sign in to continue.")
		}
	}
}

func TestMiddlewareForcedSignOut(t *testing.T) {
	st := storetest.Embedded(t)
	tk := newTokens(t, st, newClock())
	app := testApp(tk)
	p := mustIssue(t, tk, "member-1")
	if err := tk.ForceSignOut(context.Background(), "member-1"); err != nil {
		t.Fatal(err)
	}
	resp, s := do(t, app, "/state", map[string]string{"Cookie": "hh_token=" + p.AccessToken})
	if s.Member != "" || !s.Forced || s.LoggedOut {
		t.Fatalf("state %+v", s)
	}
	if !cleared(resp) {
		t.Fatal("cookies not cleared")
	}
	resp, _ = do(t, app, "/private", map[string]string{"Authorization": "Bearer " + p.AccessToken})
	checkError(t, resp, http.StatusUnauthorized, "session_invalidated", "")
}

func TestMiddlewareStoreErrorKeepsCookies(t *testing.T) {
	st := storetest.Embedded(t)
	tk := newTokens(t, st, newClock())
	var got error
	app := testApp(tk, MiddlewareConfig{OnStoreError: func(_ fiber.Ctx, err error) { got = err }})
	p := mustIssue(t, tk, "member-1")
	st.Mini().SetError("LOADING Redis is loading the dataset in memory")
	resp, s := do(t, app, "/state", map[string]string{"Cookie": "hh_token=" + p.AccessToken})
	if s != (state{}) || len(resp.Cookies()) != 0 || got == nil {
		t.Fatalf("store failure: state %+v, cookies %v, reported %v", s, resp.Cookies(), got)
	}
	// A handler for members answers 503, not "please sign in": the outage is ours.
	resp, _ = do(t, app, "/private", map[string]string{"Cookie": "hh_token=" + p.AccessToken})
	checkError(t, resp, http.StatusServiceUnavailable, "storage_unavailable", "")
	st.Mini().SetError("")
}

func TestMiddlewareNext(t *testing.T) {
	st := storetest.Embedded(t)
	tk := newTokens(t, st, newClock())
	app := testApp(tk, MiddlewareConfig{Next: func(fiber.Ctx) bool { return true }})
	_, s := do(t, app, "/state", map[string]string{"Authorization": "garbage"})
	if s != (state{}) {
		t.Fatalf("skipped middleware acted: %+v", s)
	}
}

func checkError(t *testing.T, resp *http.Response, status int, code, msg string) {
	t.Helper()
	if resp.StatusCode != status {
		t.Fatalf("status %d, want %d", resp.StatusCode, status)
	}
	var body struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if body.Error.Code != code || (msg != "" && body.Error.Message != msg) || body.Error.Message == "" {
		t.Fatalf("error %+v, want %s %q", body.Error, code, msg)
	}
}

func TestSetAndClearCookies(t *testing.T) {
	st := storetest.Embedded(t)
	tk, err := NewTokens(context.Background(), Config{Store: st, Issuer: testIssuer, Secure: true})
	if err != nil {
		t.Fatal(err)
	}
	p := mustIssue(t, tk, "member-1")
	app := fiber.New()
	app.Get("/set", func(c fiber.Ctx) error { tk.SetCookies(c, p); return nil })
	app.Get("/clear", func(c fiber.Ctx) error { tk.ClearCookies(c); return nil })

	resp, _ := app.Test(httptest.NewRequest(http.MethodGet, "/set", nil))
	raw := strings.Join(resp.Header.Values("Set-Cookie"), "\n")
	for _, c := range resp.Cookies() {
		if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteLaxMode {
			t.Errorf("cookie %s attributes: %s", c.Name, raw)
		}
		switch c.Name {
		case "hh_token":
			if c.Value != p.AccessToken || c.Path != "/" || c.MaxAge < 3590 || c.MaxAge > 3600 {
				t.Errorf("access cookie: %s", raw)
			}
		case "hh_refresh":
			if c.Value != p.RefreshToken || c.Path != "/api/auth" || c.MaxAge < 30*24*3600-10 {
				t.Errorf("refresh cookie: %s", raw)
			}
		default:
			t.Errorf("unexpected cookie %s", c.Name)
		}
	}
	if len(resp.Cookies()) != 2 {
		t.Fatalf("cookies: %s", raw)
	}
	resp, _ = app.Test(httptest.NewRequest(http.MethodGet, "/clear", nil))
	if !cleared(resp) {
		t.Fatalf("clear: %v", resp.Header.Values("Set-Cookie"))
	}
}

func TestTokenFromHeader(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "   ": "", "abc": "abc", "Bearer abc": "abc", "bearer abc": "abc", "Token abc": "abc",
		"BEARER\tabc": "abc", " Bearer  abc ": "abc", "a b c": "a b c", "Basic dXNlcjpwYXNz": "", "NTLM abc": "",
	} {
		if got := tokenFromHeader(in); got != want {
			t.Errorf("tokenFromHeader(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestJWKSHandler(t *testing.T) {
	st := storetest.Embedded(t)
	tk := newTokens(t, st, newClock())
	app := fiber.New()
	app.Get(JWKSPath, tk.JWKSHandler())
	resp, err := app.Test(httptest.NewRequest(http.MethodGet, JWKSPath, nil))
	if err != nil {
		t.Fatal(err)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=300" {
		t.Fatalf("Cache-Control %q", cc)
	}
	body, _ := io.ReadAll(resp.Body)
	if strings.Contains(string(body), `"d"`) {
		t.Fatal("private key material published")
	}
	var set struct {
		Keys []map[string]string `json:"keys"`
	}
	if err := json.Unmarshal(body, &set); err != nil {
		t.Fatal(err)
	}
	if len(set.Keys) != 2 || set.Keys[0]["kid"] != tk.ring.activeKID() {
		t.Fatalf("keys %v", set.Keys)
	}
	for _, k := range set.Keys {
		if len(k) != 7 || k["kty"] != "EC" || k["crv"] != "P-256" || k["alg"] != "ES256" || k["use"] != "sig" {
			t.Fatalf("key %v", k)
		}
		x, _ := base64.RawURLEncoding.DecodeString(k["x"])
		y, _ := base64.RawURLEncoding.DecodeString(k["y"])
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			t.Fatalf("published key does not parse: %v", err)
		}
		if thumbprint(k["x"], k["y"]) != k["kid"] {
			t.Fatal("kid is not the RFC 7638 thumbprint")
		}
		_ = pub
	}

	// A token verifies against the published key alone, as a relying party would.
	p := mustIssue(t, tk, "member-1")
	k := set.Keys[0]
	x, _ := base64.RawURLEncoding.DecodeString(k["x"])
	y, _ := base64.RawURLEncoding.DecodeString(k["y"])
	pub, _ := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
	if _, err := jwt.Parse(p.AccessToken, func(*jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithAudience("henhouse-web"), jwt.WithIssuer(testIssuer)); err != nil {
		t.Fatalf("token does not verify with the JWKS key: %v", err)
	}
}
