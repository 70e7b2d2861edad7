package authorize_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/api/authorize"
	"github.com/henhouse/platform/edge/internal/botcheck"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/loyalty/builtin"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

var ctx = context.Background()

type env struct{ p *builtin.Provider }

// each runs fn with the built-in provider on the embedded Redis and, when one
// answers, on a real Redis.
func each(t *testing.T, fn func(t *testing.T, e *env), mod ...func(*builtin.Config)) {
	t.Helper()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		cfg := builtin.Config{Store: st, BcryptCost: bcrypt.MinCost}
		for _, m := range mod {
			m(&cfg)
		}
		p, err := builtin.New(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		fn(t, &env{p: p})
	})
}

// signUp makes a member with the password chicken123.
func (e *env) signUp(t *testing.T, email string) loyalty.Member {
	t.Helper()
	m, err := e.p.SignUp(ctx, loyalty.SignUpInput{FirstName: "Jane", LastName: "Doe", Email: email, Phone: "6145550100", Password: "chicken123"})
	if err != nil {
		t.Fatalf("sign up: %v", err)
	}
	return m
}

// lastCode is the sign-in code most recently sent to email.
func (e *env) lastCode(t *testing.T, email string) string {
	t.Helper()
	ms, err := e.p.OutboxFor(ctx, email, 1)
	if err != nil || len(ms) == 0 || ms[0].Code == "" {
		t.Fatalf("no code to %s: %v", email, err)
	}
	return ms[0].Code
}

func otherCode(code string) string {
	if code == "123456" {
		return "654321"
	}
	return "123456"
}

type browser struct {
	t       *testing.T
	app     *fiber.App
	cookies map[string]string
}

// person is the bot-check token the test pages' script gets; any other fails the check.
const person = "a-person"

func newBrowser(t *testing.T, p loyalty.HostedSignIn) *browser {
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	authorize.Mount(app, authorize.Config{Provider: p, BotScript: "/botcheck/enterprise.js", BotSiteKey: "test-key",
		BotCheck: func(_ fiber.Ctx, token string) error {
			if token != person {
				return botcheck.ErrFailed
			}
			return nil
		}})
	return &browser{t: t, app: app, cookies: map[string]string{}}
}

func (b *browser) do(req *http.Request) (*http.Response, string) {
	b.t.Helper()
	for k, v := range b.cookies {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	res, err := b.app.Test(req)
	if err != nil {
		b.t.Fatal(err)
	}
	for _, c := range res.Cookies() {
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func (b *browser) get(target string) (*http.Response, string) {
	return b.do(httptest.NewRequest(http.MethodGet, target, nil))
}

func (b *browser) post(form url.Values) (*http.Response, string) {
	req := httptest.NewRequest(http.MethodPost, "/loyalty/authorize", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

var hiddenPattern = regexp.MustCompile(`<input type="hidden" name="([a-z_]+)" value="([^"]*)">`)

// form returns the hidden fields of a page, ready to post, with the bot check's token
// the page's script would add.
func form(page string) url.Values {
	v := url.Values{}
	for _, m := range hiddenPattern.FindAllStringSubmatch(page, -1) {
		v.Set(m[1], strings.ReplaceAll(m[2], "&amp;", "&"))
	}
	if v.Has(authorize.BotCheckField) {
		v.Set(authorize.BotCheckField, person)
	}
	return v
}

const authorizeURL = "/loyalty/authorize?client_id=henhouse-app&redirect_uri=%2Fapp%2Fcode&state=st%26ate-123"

func TestAuthorizePage(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		b := newBrowser(t, e.p)
		res, page := b.get(authorizeURL)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("status %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		for _, want := range []string{`<html lang="en">`, `<label for="email">Email</label>`, `<label for="password">Password</label>`,
			`autocomplete="current-password"`, `<h1>Sign in</h1>`, `href="/account/forgot"`} {
			if !strings.Contains(page, want) {
				t.Errorf("page lacks %s", want)
			}
		}
		for _, bad := range []string{`role="alert"`, `href="http`, `src="http`, "@import"} {
			if strings.Contains(page, bad) {
				t.Errorf("page has %s", bad)
			}
		}
		// The bot check's script, and the page's own one allowed by its hash.
		if !strings.Contains(page, `<script id="bot-check-script" src="/botcheck/enterprise.js?render=test-key" async></script>`) || !strings.Contains(page, `data-site-key="test-key"`) {
			t.Errorf("no bot check on the page:\n%s", page)
		}
		inline := page[strings.LastIndex(page, "<script>")+len("<script>") : strings.LastIndex(page, "</script>")]
		js := sha256.Sum256([]byte(inline))
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'sha256-"+base64.StdEncoding.EncodeToString(js[:])+"' 'self'") {
			t.Errorf("script hash not in CSP %q", csp)
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Fatalf("CSP %q", csp)
		}
		// The inline style is allowed by its hash, so the page looks right under the policy.
		style := page[strings.Index(page, "<style>")+len("<style>") : strings.Index(page, "</style>")]
		sum := sha256.Sum256([]byte(style))
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
			t.Fatalf("style hash not in CSP %q", csp)
		}
		if res.Header.Get("Cache-Control") != "no-store" {
			t.Fatal("cacheable")
		}
		set := res.Header.Get("Set-Cookie")
		if !strings.Contains(set, "HttpOnly") || !strings.Contains(strings.ToLower(set), "samesite=strict") {
			t.Fatalf("cookie %q", set)
		}
		f := form(page)
		if f.Get("redirect_uri") != "/app/code" || f.Get("state") != "st&ate-123" || f.Get("client_id") != "henhouse-app" || f.Get("form_token") == "" {
			t.Fatalf("hidden fields %v", f)
		}

		for _, bad := range []string{
			"/loyalty/authorize?client_id=henhouse-app&redirect_uri=https%3A%2F%2Fevil.example%2Fapp%2Fcode",
			"/loyalty/authorize?client_id=henhouse-app&redirect_uri=%2F%2Fevil.example%2Fapp%2Fcode",
			"/loyalty/authorize?client_id=henhouse-app&redirect_uri=%2Faccount",
			"/loyalty/authorize?client_id=henhouse-app",
			"/loyalty/authorize?client_id=stranger&redirect_uri=%2Fapp%2Fcode",
		} {
			res, page := b.get(bad)
			if res.StatusCode != 400 || !strings.Contains(page, `role="alert"`) || strings.Contains(page, "form_token") {
				t.Errorf("%s: %d", bad, res.StatusCode)
			}
		}
		// An absolute address on this site is fine.
		res, page = b.get("/loyalty/authorize?client_id=henhouse-web&redirect_uri=http%3A%2F%2Fexample.com%2Faccount%2Fsignin")
		if res.StatusCode != 200 || form(page).Get("redirect_uri") != "/account/signin" {
			t.Fatalf("same origin: %d %v", res.StatusCode, form(page))
		}
	})
}

func TestAuthorizeSignIn(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t, "jane.doe@example.com")
		b := newBrowser(t, e.p)
		_, page := b.get(authorizeURL)

		// Empty fields.
		f := form(page)
		res, page := b.post(f)
		if res.StatusCode != 400 || !strings.Contains(page, `role="alert"`) || !strings.Contains(page, `<a href="#email">Enter a valid email address</a>`) ||
			!strings.Contains(page, `aria-invalid="true" aria-describedby="email-error"`) || !strings.Contains(page, `<p class="field-error" id="password-error">Enter your password</p>`) {
			t.Fatalf("empty form: %d\n%s", res.StatusCode, page)
		}
		if !strings.Contains(page, "<title>Error: ") {
			t.Fatal("title does not announce the error")
		}
		// Wrong password.
		f = form(page)
		f.Set("email", m.Email)
		f.Set("password", "wrong-pass1")
		res, page = b.post(f)
		if res.StatusCode != 401 || !strings.Contains(page, "That email and password don&#39;t match our records.") || !strings.Contains(page, `value="`+m.Email+`"`) {
			t.Fatalf("wrong password: %d\n%s", res.StatusCode, page)
		}
		// A token is spent once, and must match the request it was made for.
		f = form(page)
		f.Set("email", m.Email)
		f.Set("password", "chicken123")
		tampered := url.Values{}
		for k, v := range f {
			tampered[k] = v
		}
		tampered.Set("redirect_uri", "/account/signin")
		res, page = b.post(tampered)
		if res.StatusCode != 400 || !strings.Contains(page, "expired") {
			t.Fatalf("tampered: %d", res.StatusCode)
		}
		res, _ = b.post(f)
		if res.StatusCode != 400 {
			t.Fatalf("token reused: %d", res.StatusCode)
		}
		// Right password without the bot check's token: refused, nothing sent.
		_, page = b.get(authorizeURL)
		f = form(page)
		f.Set("email", m.Email)
		f.Set("password", "chicken123")
		f.Del(authorize.BotCheckField)
		res, page = b.post(f)
		if res.StatusCode != 403 || res.Header.Get("Location") != "" || !strings.Contains(page, "We couldn&#39;t confirm you&#39;re a person.") ||
			strings.Contains(page, `name="code"`) {
			t.Fatalf("no bot check: %d\n%s", res.StatusCode, page)
		}
		// Right password: the code step, then back to the app with a code and the state.
		f = form(page)
		f.Set("email", strings.ToUpper(m.Email))
		f.Set("password", "chicken123")
		res, page = b.post(f)
		if res.StatusCode != 200 || res.Header.Get("Location") != "" || !strings.Contains(page, `name="code"`) || strings.Contains(page, `name="bot_check"`) {
			t.Fatalf("password alone: %d %q", res.StatusCode, res.Header.Get("Location"))
		}
		f = form(page)
		f.Set("code", e.lastCode(t, m.Email))
		res, _ = b.post(f)
		if res.StatusCode != http.StatusFound {
			t.Fatalf("sign in: %d", res.StatusCode)
		}
		loc, err := url.Parse(res.Header.Get("Location"))
		if err != nil || loc.Path != "/app/code" || loc.Host != "" || loc.Query().Get("state") != "st&ate-123" || loc.Query().Get("code") == "" {
			t.Fatalf("redirect %q", res.Header.Get("Location"))
		}
		got, err := e.p.ExchangeAuthCode(ctx, loc.Query().Get("code"), "/app/code")
		if err != nil || got.ID != m.ID {
			t.Fatal(got, err)
		}

		// Another site's form (no cookie) is refused.
		_, page = b.get(authorizeURL)
		f = form(page)
		f.Set("email", m.Email)
		f.Set("password", "chicken123")
		stranger := newBrowser(t, e.p)
		res, _ = stranger.post(f)
		if res.StatusCode != 400 || res.Header.Get("Location") != "" {
			t.Fatalf("cross-site post: %d", res.StatusCode)
		}
	})
}

func TestAuthorizeWithCodeStep(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t, "june.bug@example.com")
		b := newBrowser(t, e.p)
		_, page := b.get(authorizeURL)
		f := form(page)
		f.Set("email", m.Email)
		f.Set("password", "chicken123")
		res, page := b.post(f)
		if res.StatusCode != 200 || !strings.Contains(page, "We sent a 6-digit code to <strong>j•••@example.com</strong>") ||
			!strings.Contains(page, `autocomplete="one-time-code"`) || !strings.Contains(page, `<label for="code">6-digit code</label>`) {
			t.Fatalf("code step: %d\n%s", res.StatusCode, page)
		}
		code := e.lastCode(t, m.Email)
		f = form(page)
		if f.Get("challenge_id") == "" || f.Get("step") != "code" {
			t.Fatalf("code form %v", f)
		}
		f.Set("code", otherCode(code))
		res, page = b.post(f)
		if res.StatusCode != 400 || !strings.Contains(page, "That code isn&#39;t right. Check the latest email and try again.") {
			t.Fatalf("wrong code: %d\n%s", res.StatusCode, page)
		}
		f = form(page)
		f.Set("code", code)
		res, _ = b.post(f)
		if res.StatusCode != http.StatusFound || !strings.HasPrefix(res.Header.Get("Location"), "/app/code?code=") {
			t.Fatalf("verified: %d %s", res.StatusCode, res.Header.Get("Location"))
		}
	})
}
