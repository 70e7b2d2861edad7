package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// bare sends a request with no cookies and only the headers given, as a script would.
func bare(t *testing.T, s *Server, method, path, body string, hdr ...string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m
}

// Regression tests for what an attacker's probe of the edge found (docs/security.md).

// A gift card's PIN cannot be guessed: balance checks need the bot check, are limited
// per card number and per client, and the card locks after 5 wrong PINs in a row.
func TestGiftCardPINsCannotBeGuessed(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	if st, m, _ := g.send("POST", "/api/giftcards/balance", `{"number":"6006491234567890","pin":"1234"}`); st != 403 || code(m) != "bot_check_failed" {
		t.Fatalf("without the bot check: %d %v", st, m)
	}
	try := func(number, pin string) (int, map[string]any) {
		st, m, _ := g.send("POST", "/api/giftcards/balance", fmt.Sprintf(`{"number":%q,"pin":%q}`, number, pin), "X-Bot-Check", g.bot("giftcard"))
		return st, m
	}
	for pin := 0; pin < 5; pin++ {
		if st, m := try("6006 4912 3456 7890", fmt.Sprintf("%04d", 9000+pin)); st != 422 || code(m) != "giftcard_invalid" {
			t.Fatalf("wrong PIN %d: %d %v", pin, st, m)
		}
	}
	if st, m := try("6006491234567890", "1234"); st != 429 || code(m) != "giftcard_locked" {
		t.Fatalf("the right PIN on a locked card: %d %v", st, m)
	}
	// Per card number however it is spaced: 10 checks in 15 minutes.
	for i := 0; i < 4; i++ {
		try("6006-4912-3456-7890", "0000")
	}
	if st, m := try("6006491234567890", "0000"); st != 429 || code(m) != "rate_limited" {
		t.Fatalf("11th check of one card: %d %v", st, m)
	}
	// Per client: 20 checks in 15 minutes, whatever the card.
	for i := 0; i < 9; i++ {
		try(fmt.Sprintf("60064900000000%02d", i), "0000")
	}
	if st, m := try("6006495555666677", "2468"); st != 429 || code(m) != "rate_limited" {
		t.Fatalf("21st check from one client: %d %v", st, m)
	}
}

// An Authorization header whose token does not verify takes no shortcut: without
// cookies, only a member token that verifies skips the CSRF and bot checks (the native
// app); "Bearer x" is refused as a sign-in needed.
func TestAnAuthorizationHeaderAloneSkipsNoCheck(t *testing.T) {
	s := newDevServer(t)
	for _, c := range []struct{ path, body string }{
		{"/api/auth/signup", signUpBody},
		{"/api/auth/forgot", `{"email":"ada@example.com"}`},
		{"/api/auth/passwordless", `{"identifier":"5135550100"}`},
		{"/api/contact", `{"name":"Ada","email":"ada@example.com","topic":"feedback","message":"Hi."}`},
		{"/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`},
	} {
		for _, auth := range []string{"Bearer x", "x", "Bearer eyJhbGciOiJub25lIn0.e30."} {
			if st, m := bare(t, s, "POST", c.path, c.body, "Authorization", auth); st != 401 || code(m) != "unauthorized" {
				t.Errorf("%s with %q: %d %v", c.path, auth, st, m)
			}
		}
	}
	// A member token that verifies is the app: no CSRF token needed...
	web := newGuest(t, s)
	web.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", web.bot("signup"))
	token := web.cookies["hh_token"]
	if st, m := bare(t, s, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, "Authorization", "Bearer "+token); st != 201 {
		t.Fatalf("the app's cart: %d %v", st, m)
	}
	// ...but with the browser's cookies it is a browser request again.
	if st, m, _ := web.send("POST", "/api/contact", `{"name":"Ada","email":"ada@example.com","topic":"feedback","message":"Hi."}`, "Authorization", "Bearer "+token); st != 403 || code(m) != "bot_check_failed" {
		t.Fatalf("browser with a header: %d %v", st, m)
	}
}

// Behind a proxy, what the client wrote into X-Forwarded-For never buys it a fresh
// rate-limit quota: the client is the rightmost address that is not a proxy of ours.
func TestProxyHeaderGivesNoFreshQuota(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) {
		c.ProxyHeader = "X-Forwarded-For"
		c.TrustedProxies = []string{"0.0.0.0"} // the test client's peer address
	})
	g := newGuest(t, s)
	// Each message from another address: the per-address limit is not what is tested.
	n := 0
	msg := func() string {
		n++
		return fmt.Sprintf(`{"name":"Ada","email":"ada%d@example.com","topic":"feedback","message":"Hi."}`, n)
	}
	for i, xff := range []string{"junk1", "junk2", "10.1.1.1, 198.51.100.9", "10.1.1.2, 198.51.100.9", "10.1.1.3,198.51.100.9"} {
		if st, m, _ := g.send("POST", "/api/contact", msg(), "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", xff); st != 201 {
			t.Fatalf("message %d: %d %v", i+1, st, m)
		}
	}
	// "junk" counted against the proxy's address, the others against 198.51.100.9.
	if st, m, _ := g.send("POST", "/api/contact", msg(), "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", "10.1.1.4, 198.51.100.9"); st != 201 {
		t.Fatalf("4th from 198.51.100.9: %d %v", st, m)
	}
	if st, m, _ := g.send("POST", "/api/contact", msg(), "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", "10.1.1.5, 198.51.100.9"); st != 201 {
		t.Fatalf("5th from 198.51.100.9: %d %v", st, m)
	}
	if st, m, _ := g.send("POST", "/api/contact", msg(), "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", "10.1.1.6, 198.51.100.9"); st != 429 || code(m) != "rate_limited" {
		t.Fatalf("6th from 198.51.100.9: %d %v", st, m)
	}
	// Another client behind the proxy still has its own quota.
	if st, m, _ := g.send("POST", "/api/contact", msg(), "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", "198.51.100.10"); st != 201 {
		t.Fatalf("another client: %d %v", st, m)
	}
}

// The developer endpoints (the outbox holds every sign-in and reset code) are opt-in,
// and refused with any production-looking APP_ENV.
func TestDevEndpointsAreOptIn(t *testing.T) {
	for _, env := range []string{"prod", "production", "Production", "PROD", "prod-eu", " live "} {
		t.Setenv("APP_ENV", env)
		t.Setenv("DEV_ENDPOINTS", "")
		c, err := ConfigFromEnv()
		if err != nil || c.DevEndpoints || c.Environment != "prod" || c.TestCheckout {
			t.Errorf("APP_ENV=%q: %+v %v", env, c, err)
		}
		t.Setenv("DEV_ENDPOINTS", "true")
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "DEV_ENDPOINTS") {
			t.Errorf("APP_ENV=%q with DEV_ENDPOINTS: %v", env, err)
		}
	}
	t.Setenv("APP_ENV", "staging")
	t.Setenv("DEV_ENDPOINTS", "")
	if c, err := ConfigFromEnv(); err != nil || c.DevEndpoints {
		t.Fatalf("staging without DEV_ENDPOINTS: %+v %v", c, err)
	}
	t.Setenv("DEV_ENDPOINTS", "yes please")
	if _, err := ConfigFromEnv(); err == nil {
		t.Fatal("a bad DEV_ENDPOINTS is accepted")
	}
	// Not asked for: no outbox, whatever the environment is called.
	s := newTestServerWith(t, func(c *Config) { c.Environment = "staging" })
	for _, path := range []string{"/dev/outbox", "/api/dev/outbox?email=ada@example.com"} {
		if res, _ := get(t, s, path); res.StatusCode != 404 {
			t.Errorf("%s: %d", path, res.StatusCode)
		}
	}
	if _, err := New(t.Context(), Config{Environment: "Production", DevEndpoints: true, AppPrefix: "t", BuildDir: t.TempDir()}, nil); err == nil {
		t.Fatal("New took the developer endpoints in production")
	}
}

// Login CSRF through the handover: a code minted with an attacker's token and opened in
// a victim's browser from another site (no verifier header: a link cannot add one)
// signs nobody in and leaves the victim's session as it was.
func TestHandoverCodeFromALinkSignsNobodyIn(t *testing.T) {
	s := newDevServer(t)
	attacker := newGuest(t, s)
	attacker.ok("POST", "/api/auth/signup", strings.NewReplacer("ada@example.com", "mallory@example.com", "555-0100", "555-0199").Replace(signUpBody), 201, "X-Bot-Check", attacker.bot("signup"))
	mint := func() string {
		st, m := bare(t, s, "POST", "/api/app/handover", `{"code_challenge":"`+challenge+`"}`, "Authorization", "Bearer "+attacker.cookies["hh_token"])
		if st != 201 {
			t.Fatalf("mint: %d %v", st, m)
		}
		return m["code"].(string)
	}
	victim := newGuest(t, s)
	victim.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", victim.bot("signup"))
	session := victim.cookies["hh_token"]

	// The victim follows the attacker's link; the page's script exchanges the code.
	hc := mint()
	victim.page("/app/checkout?handover=" + hc)
	if st, m, _ := victim.send("POST", "/api/app/handover/exchange", `{"code":"`+hc+`"}`); st != 403 || code(m) != "handover_unverified" {
		t.Fatalf("exchange without the verifier: %d %v", st, m)
	}
	if victim.cookies["hh_token"] != session || victim.ok("GET", "/api/user", "", 200)["user"].(map[string]any)["email"] != "ada@example.com" {
		t.Fatal("the victim's session changed")
	}
	// A wrong verifier binds nothing either, and a code bound to the attacker's own
	// browser cannot be exchanged in the victim's.
	hc = mint()
	victim.page("/app/checkout?handover="+hc, "X-Handover-Verifier", strings.Repeat("x", 43))
	if st, m, _ := victim.send("POST", "/api/app/handover/exchange", `{"code":"`+hc+`"}`); st != 403 {
		t.Fatalf("wrong verifier: %d %v", st, m)
	}
	hc = mint()
	attacker.page("/app/checkout?handover="+hc, "X-Handover-Verifier", verifier)
	if st, m, _ := victim.send("POST", "/api/app/handover/exchange", `{"code":"`+hc+`"}`); st != 403 {
		t.Fatalf("code bound to another browser: %d %v", st, m)
	}
	// The app's own webview still works, and replaces (ends) the session it had.
	hc = mint()
	victim.page("/app/checkout?handover="+hc, "X-Handover-Verifier", verifier)
	if out := victim.ok("POST", "/api/app/handover/exchange", `{"code":"`+hc+`"}`, 200); out["user"].(map[string]any)["email"] != "mallory@example.com" {
		t.Fatalf("the app's webview: %v", out)
	}
	if st, _ := bare(t, s, "GET", "/api/user", "", "Authorization", "Bearer "+session); st != 401 {
		t.Fatalf("the replaced session still works: %d", st)
	}
	// No challenge, no code.
	if st, m := bare(t, s, "POST", "/api/app/handover", `{}`, "Authorization", "Bearer "+attacker.cookies["hh_token"]); st != 400 {
		t.Fatalf("mint without a challenge: %d %v", st, m)
	}
}

func code(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

// HEAD answers what GET would, without the body, for the API as for pages.
func TestHeadAnswersLikeGet(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	for _, path := range []string{"/api/cart", "/api/locations?state=OH", "/"} {
		if st, _, body := g.send("HEAD", path, ""); st != 200 || body != "" {
			t.Errorf("HEAD %s: %d %q", path, st, body)
		}
	}
	if st, _, _ := g.send("HEAD", "/api/nothing-here", ""); st != 404 {
		t.Errorf("HEAD of no endpoint: %d", st)
	}
}

// Behind a proxy that ends TLS the request looks plain, so the authorize page's form
// cookie takes Secure from COOKIE_SECURE, like every other cookie.
func TestAuthorizeCookieIsSecure(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.CookieSecure = true })
	res, _ := get(t, s, "/loyalty/authorize?client_id=henhouse-web&redirect_uri=/app/code&state=abcdefgh12345678")
	var found bool
	for _, c := range res.Cookies() {
		if c.Name == "hh_authorize" {
			found = true
			if !c.Secure || !c.HttpOnly {
				t.Fatalf("hh_authorize: %+v", c)
			}
		}
	}
	if !found {
		t.Fatalf("no form cookie: %d %v", res.StatusCode, res.Header.Values("Set-Cookie"))
	}
}

// Bodies are JSON: another media type is 415, and text with NUL or bidirectional
// override characters is refused, not stored.
func TestBodiesAreStrictJSON(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	if st, m, _ := g.send("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, "Content-Type", "text/plain"); st != 415 || code(m) != "unsupported_media_type" {
		t.Fatalf("text/plain: %d %v", st, m)
	}
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201, "Content-Type", "application/json; charset=utf-8")
	for _, body := range []string{
		`{"product_id":"biscuit","special_instructions":"no\u0000salt"}`,
		`{"product_id":"biscuit","special_instructions":"\u202Eextra crispy"}`,
		`{"product_id":"biscuit","special_instructions":"tab\u2066isolate"}`,
	} {
		if st, m, _ := g.send("POST", "/api/cart/products", body); st != 400 || code(m) != "invalid" {
			t.Errorf("%s: %d %v", body, st, m)
		} else if f := m["error"].(map[string]any)["fields"].(map[string]any); f["special_instructions"] == nil {
			t.Errorf("%s: fields %v", body, f)
		}
	}
	if st, m, _ := g.send("POST", "/api/cart/products", `{"product_id":"biscuit","quantity":0}`); st != 400 {
		t.Errorf("quantity 0: %d %v", st, m)
	}
	cart := g.ok("POST", "/api/cart/products", `{"product_id":"biscuit","special_instructions":"line one\nline two\ttabbed"}`, 201)["cart"].(map[string]any)
	if n := cart["products"].([]any)[0].(map[string]any)["quantity"]; n != 1.0 {
		t.Errorf("omitted quantity: %v", n)
	}
}
