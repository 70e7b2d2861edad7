package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/site"
)

func newDevServer(t *testing.T) *Server {
	return newTestServerWith(t, func(c *Config) { c.Environment, c.DevEndpoints = "dev", true })
}

// bootSession reads the session part of a page's bootstrap.
func (g *guest) bootSession(path string) map[string]any {
	g.t.Helper()
	body := g.page(path)
	m := bootRe.FindStringSubmatch(body)
	if m == nil {
		g.t.Fatalf("no bootstrap on %s", path)
	}
	var b struct {
		Session map[string]any `json:"session"`
	}
	if err := json.Unmarshal([]byte(m[1]), &b); err != nil {
		g.t.Fatal(err)
	}
	return b.Session
}

// latestCode reads the newest code the outbox holds for email.
func (g *guest) latestCode(email string) string {
	g.t.Helper()
	msgs := g.ok("GET", "/api/dev/outbox?email="+email, "", 200)["messages"].([]any)
	for _, m := range msgs {
		if code, _ := m.(map[string]any)["code"].(string); code != "" {
			return code
		}
	}
	g.t.Fatalf("no code in the outbox for %s: %v", email, msgs)
	return ""
}

const signUpBody = `{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","phone":"(513) 555-0100","password":"chicken123","favorite_location_id":"oh-dayton"}`

// A guest signs up (signed in at once), signs out, signs in again through the code
// step, and the page and API both know the member.
func TestSignUpSignOutSignInWithCode(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)

	if st, m, _ := g.send("POST", "/api/auth/signup", signUpBody); st != 403 || m["error"].(map[string]any)["code"] != "bot_check_failed" {
		t.Fatalf("sign-up without the bot check: %d %v", st, m)
	}
	bad := g.ok("POST", "/api/auth/signup", `{"first_name":"","last_name":"L","email":"nope","phone":"12","password":"short"}`, 400, "X-Bot-Check", g.bot("signup"))
	fields := bad["error"].(map[string]any)["fields"].(map[string]any)
	for _, f := range []string{"first_name", "email", "phone", "password"} {
		if fields[f] == nil || fields[f] == "" {
			t.Errorf("no message for %s: %v", f, fields)
		}
	}
	up := g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	user := up["user"].(map[string]any)
	if user["email"] != "ada@example.com" || user["favorite_location_id"] != "oh-dayton" {
		t.Fatalf("user: %v", user)
	}
	if tok := up["token"].(map[string]any); tok["provider"] != "henhouse-loyalty" || tok["version"] != "1" {
		t.Fatalf("token claims: %v", tok)
	}
	if _, ok := up["members"].(map[string]any)["points"]; !ok {
		t.Fatalf("members: %v", up["members"])
	}
	if g.cookies["hh_token"] == "" || g.cookies["hh_refresh"] == "" {
		t.Fatalf("no session cookies: %v", g.cookies)
	}
	if sess := g.bootSession("/account"); sess["signedIn"] != true || sess["token"].(map[string]any)["provider"] != "henhouse-loyalty" {
		t.Fatalf("bootstrap session after sign-up: %v", sess)
	}
	if u := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any); u["first_name"] != "Ada" {
		t.Fatalf("get user: %v", u)
	}
	g.ok("GET", "/api/rewards", "", 200)

	// A second account with the same email is refused with a field message.
	g2 := newGuest(t, s)
	dup := g2.ok("POST", "/api/auth/signup", signUpBody, 409, "X-Bot-Check", g2.bot("signup"))
	if dup["error"].(map[string]any)["fields"].(map[string]any)["email"] == nil {
		t.Fatalf("duplicate email: %v", dup)
	}

	// Sign out: the session ends on the server, the cookies go.
	stolen := g.cookies["hh_token"]
	if st, _, _ := g.send("POST", "/api/auth/logout", ""); st != 204 {
		t.Fatalf("logout: %d", st)
	}
	if g.cookies["hh_token"] != "" {
		t.Fatal("the token cookie survived sign-out")
	}
	g.ok("GET", "/api/user", "", 401)
	// A copy of the old token no longer works either.
	req := httptest.NewRequest("GET", "/api/user", nil)
	req.Header.Set("Authorization", "Bearer "+stolen)
	if res, _ := s.App.Test(req); res.StatusCode != 401 {
		t.Fatalf("old token after logout: %d", res.StatusCode)
	}

	// Sign in: wrong password, then the code step.
	wrong := g.ok("POST", "/api/auth/signin", `{"email":"ada@example.com","password":"chicken999"}`, 401, "X-Bot-Check", g.bot("login"))
	if wrong["error"].(map[string]any)["code"] != "invalid_credentials" {
		t.Fatalf("wrong password: %v", wrong)
	}
	ch := g.ok("POST", "/api/auth/signin", `{"email":"ADA@example.com ","password":"chicken123"}`, 200, "X-Bot-Check", g.bot("login"))["challenge"].(map[string]any)
	if g.cookies["hh_token"] != "" {
		t.Fatal("a password alone must not sign in")
	}
	code := g.latestCode("ada@example.com")
	g.ok("POST", "/api/auth/code", `{"challenge_id":"`+ch["id"].(string)+`","code":"000000x"}`, 400)
	in := g.ok("POST", "/api/auth/code", `{"challenge_id":"`+ch["id"].(string)+`","code":"`+code+`"}`, 200)
	if in["user"].(map[string]any)["email"] != "ada@example.com" || g.cookies["hh_token"] == "" {
		t.Fatalf("code step: %v", in)
	}
	// The code is single use.
	g.ok("POST", "/api/auth/code", `{"challenge_id":"`+ch["id"].(string)+`","code":"`+code+`"}`, 410)
}

func TestStateChangesNeedTheCSRFToken(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	good := g.csrf
	g.csrf = ""
	if st, m, _ := g.send("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`); st != 403 || m["error"].(map[string]any)["code"] != "csrf_failed" {
		t.Fatalf("no token: %d %v", st, m)
	}
	g.csrf = "forged"
	if st, _, _ := g.send("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`); st != 403 {
		t.Fatalf("forged token: %d", st)
	}
	// Another visitor's token does not work here.
	other := newGuest(t, s)
	g.csrf = other.csrf
	if st, _, _ := g.send("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`); st != 403 {
		t.Fatalf("another visitor's token: %d", st)
	}
	g.csrf = good
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`, 201)
}

// The server side of the session check and forced sign-out: a rejected token is cleared and reported; a
// force-invalidated session shows the forced sign-out dialog.
func TestTokenRulesOnPages(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	uid := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any)["id"].(string)

	if err := s.Tokens.ForceSignOut(context.Background(), uid); err != nil {
		t.Fatal(err)
	}
	st, m, _ := g.send("GET", "/api/user", "")
	if st != 401 || m["error"].(map[string]any)["code"] != "session_invalidated" {
		t.Fatalf("API after a forced sign-out: %d %v", st, m)
	}
	g.ok("POST", "/api/auth/signin", `{"email":"ada@example.com","password":"chicken123"}`, 200, "X-Bot-Check", g.bot("login"))

	g2 := newGuest(t, s)
	g2.ok("POST", "/api/auth/signup", strings.NewReplacer("ada@", "grace@", "0100", "0199").Replace(signUpBody), 201, "X-Bot-Check", g2.bot("signup"))
	uid2 := g2.ok("GET", "/api/user", "", 200)["user"].(map[string]any)["id"].(string)
	if err := s.Tokens.ForceSignOut(context.Background(), uid2); err != nil {
		t.Fatal(err)
	}
	delete(g2.cookies, "hh_refresh")
	if sess := g2.bootSession("/"); sess["forcedSignOut"] != true || sess["signedIn"] != false {
		t.Fatalf("page after a forced sign-out: %v", sess)
	}

	g3 := newGuest(t, s)
	g3.cookies["hh_token"] = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."
	if sess := g3.bootSession("/"); sess["loggedOut"] != true || sess["signedIn"] != false {
		t.Fatalf("page with a bad token: %v", sess)
	}
	if _, ok := g3.cookies["hh_token"]; ok {
		t.Fatal("the bad token cookie was not cleared")
	}
}

// The access token runs out; the refresh cookie renews it on the next request.
func TestExpiredAccessTokenIsRenewed(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	old := g.cookies["hh_token"]
	delete(g.cookies, "hh_token") // the browser drops it at Max-Age
	if u := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any); u["email"] != "ada@example.com" {
		t.Fatalf("user after renewal: %v", u)
	}
	if g.cookies["hh_token"] == "" || g.cookies["hh_token"] == old {
		t.Fatal("no new access token")
	}
}

// verifier is a handover verifier the app keeps; challenge is its base64url SHA-256.
const (
	verifier  = "app-held-verifier-0123456789-abcdefghijklmnopqrstuvwxyz"
	challenge = "RbqC_2Zd9FZ5IMbyxZmPV2HLCVUIs4FBwSSwEAEFwL8"
)

// The native app hands its member and cart to the webview with a one-time code.
func TestAppHandover(t *testing.T) {
	s := newDevServer(t)
	web := newGuest(t, s)
	web.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", web.bot("signup"))
	token := web.cookies["hh_token"]

	app := func(method, path, body string) (int, map[string]any) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		return res.StatusCode, m
	}
	// The app builds a cart with its token alone: no cookies, no CSRF header.
	if st, m := app("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`); st != 201 {
		t.Fatalf("app cart: %d %v", st, m)
	}
	st, h := app("POST", "/api/app/handover", `{"location_id":"oh-dayton","code_challenge":"`+challenge+`"}`)
	if st != 201 || len(h["code"].(string)) != 44 {
		t.Fatalf("handover: %d %v", st, h)
	}
	code := h["code"].(string)

	// The app opens the webview on the code, with the verifier in a header of that
	// first navigation.
	webview := &guest{t: t, s: s, cookies: map[string]string{}}
	webview.page("/app/checkout?handover="+code, "X-Handover-Verifier", verifier)
	out := webview.ok("POST", "/api/app/handover/exchange", `{"code":"`+code+`"}`, 200)
	if out["user"].(map[string]any)["email"] != "ada@example.com" || out["cart"] == nil || out["location"].(map[string]any)["id"] != "oh-dayton" {
		t.Fatalf("exchange: %v", out)
	}
	if webview.cookies["hh_token"] == "" || webview.cookies["hh_token"] == token {
		t.Fatal("the webview needs a session of its own")
	}
	if cart := webview.ok("GET", "/api/cart", "", 200)["cart"]; cart == nil {
		t.Fatal("the app's cart did not move to the webview")
	}
	// Single use.
	again := newGuest(t, s)
	if st, m, _ := again.send("POST", "/api/app/handover/exchange", `{"code":"`+code+`"}`); st != 410 {
		t.Fatalf("second exchange: %d %v", st, m)
	}
	// A bad token is refused rather than handed over as a guest.
	token = "not-a-token"
	if st, _ := app("POST", "/api/app/handover", `{"code_challenge":"`+challenge+`"}`); st != 401 {
		t.Fatalf("handover with a bad token: %d", st)
	}
}

// Subscribing charges the card through the processor that issued its token.
func TestSubscribeChargesTheCard(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	plans := g.ok("GET", "/api/subscriptions/plans", "", 200)["plans"].([]any)
	plan := plans[0].(map[string]any)["id"].(string)
	bad := g.ok("POST", "/api/subscriptions", `{"plan_id":"`+plan+`","payment_token":"tok_made_up"}`, 400)
	if bad["error"] == nil {
		t.Fatalf("made-up token: %v", bad)
	}
	card := g.ok("POST", "/api/payments/cards", `{"number":"4242 4242 4242 4242","exp_month":12,"exp_year":2031,"cvv":"123","postal_code":"43215"}`, 201)["card"].(map[string]any)
	sub := g.ok("POST", "/api/subscriptions", `{"plan_id":"`+plan+`","payment_token":"`+card["token"].(string)+`"}`, 201)["subscription"].(map[string]any)
	if sub["status"] != "active" {
		t.Fatalf("subscription: %v", sub)
	}
}

// Tokens signed with the edge's own keys but naming another provider, or an old
// version, are logged out on the next page (docs/identity.md, "Tokens").
func TestWellSignedTokenOfAnotherProviderIsLoggedOut(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	uid := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any)["id"].(string)
	for _, cfg := range []auth.Config{
		{Store: s.Store, Issuer: DefaultTokenIssuer, Provider: "henhouse-platform", Version: "1"},
		{Store: s.Store, Issuer: DefaultTokenIssuer, Provider: "henhouse-loyalty", Version: "0"},
	} {
		other, err := auth.NewTokens(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		pair, err := other.Issue(context.Background(), uid)
		if err != nil {
			t.Fatal(err)
		}
		v := newGuest(t, s)
		v.cookies["hh_token"] = pair.AccessToken
		if sess := v.bootSession("/menu"); sess["loggedOut"] != true || sess["signedIn"] != false {
			t.Fatalf("%s v%s: %v", cfg.Provider, cfg.Version, sess)
		}
		if _, still := v.cookies["hh_token"]; still {
			t.Fatalf("%s v%s: cookie kept", cfg.Provider, cfg.Version)
		}
		if st, _, _ := v.send("GET", "/api/user", ""); st != 401 {
			t.Fatalf("%s v%s: API answered %d", cfg.Provider, cfg.Version, st)
		}
	}
}

// A member's pages send a visitor who is not signed in straight to the sign-in page,
// coming back to the page asked for; a member gets the page.
func TestMembersPagesSendGuestsToSignIn(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	for path, want := range map[string]string{
		"/account":                   "/account/signin?return=%2Faccount",
		"/account?section=user-info": "/account/signin?return=%2Faccount%3Fsection%3Duser-info",
		"/account/settings":          "/account/signin?return=%2Faccount%2Fsettings",
	} {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Cookie", "hh_sid="+g.cookies["hh_sid"])
		res, err := s.App.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 302 || res.Header.Get("Location") != want || res.Header.Get("Cache-Control") != site.NoCache {
			t.Errorf("%s: %d to %q (%q), want 302 to %q", path, res.StatusCode, res.Header.Get("Location"), res.Header.Get("Cache-Control"), want)
		}
	}
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	for _, path := range []string{"/account", "/account/settings"} {
		if st, _, body := g.send("GET", path, ""); st != 200 || !strings.Contains(body, `"signedIn":true`) {
			t.Errorf("%s for a member: %d", path, st)
		}
	}
	// An access token run out, with the refresh cookie: still a member.
	delete(g.cookies, "hh_token")
	if st, _, _ := g.send("GET", "/account", ""); st != 200 {
		t.Errorf("/account with only the refresh cookie: %d", st)
	}
}
