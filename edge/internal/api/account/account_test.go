package account_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	loyaltybuiltin "github.com/henhouse/platform/edge/internal/providers/loyalty/builtin"
	orderingbuiltin "github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/services/points"
	"github.com/henhouse/platform/edge/internal/services/rewards"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

var ctx = context.Background()

// env is the account API on the built-in providers, behind the visitor and token
// middleware the server puts in front of it.
type env struct {
	app    *fiber.App
	l      *loyaltybuiltin.Provider
	o      *orderingbuiltin.Provider
	tokens *auth.Tokens
}

func newEnv(t *testing.T, edit ...func(*account.Config)) *env {
	t.Helper()
	st := storetest.Embedded(t)
	o, err := orderingbuiltin.New(ctx, orderingbuiltin.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	l, err := loyaltybuiltin.New(ctx, loyaltybuiltin.Config{Store: st, BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.NewTokens(ctx, auth.Config{Store: st, Issuer: "https://henhouse.test/loyalty", Provider: l.ID(), Version: "1", RefreshCookiePath: "/"})
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(slog.New(slog.DiscardHandler))})
	api := app.Group("/api")
	api.Use(session.New(), auth.Renew(tokens), auth.New(tokens))
	history := &points.Service{Points: l, Ordering: o}
	cfg := account.Config{Accounts: l, SignIn: l, Members: l, Points: l, Addresses: l, Wallet: l, Favorites: l, Subscriptions: l,
		History: history, Rewards: &rewards.Service{Rewards: l, Offers: l, Perks: l, Carts: o, Cart: o}, GiftCards: o,
		Member: &member.Service{Rewards: l, Offers: l, Challenges: l, Badges: l, Points: history, Locations: o, Houses: o, Tokens: tokens,
			// The test processor's every token is a Visa ending 4242, expiring 12/2030.
			CardOf: func(_ context.Context, processor, token string) (loyalty.CardInput, error) {
				return loyalty.CardInput{Token: token, Processor: processor, Brand: "visa", Last4: "4242", ExpMonth: 12, ExpYear: 2030}, nil
			}},
		Tokens: tokens, SSOClientID: "henhouse-web"}
	for _, e := range edit {
		e(&cfg)
	}
	// The member service takes the roles the account API has, so that a test replacing
	// a role replaces it for both.
	m := cfg.Member
	m.Loyalty, m.Accounts, m.Subscriptions, m.Wallet, m.Favorites = cfg.Members, cfg.Accounts, cfg.Subscriptions, cfg.Wallet, cfg.Favorites
	account.Mount(api, cfg)
	return &env{app: app, l: l, o: o, tokens: tokens}
}

// browser keeps cookies between calls, like the shell's API client.
type browser struct {
	t       *testing.T
	e       *env
	cookies map[string]string
}

func (e *env) browser(t *testing.T) *browser {
	return &browser{t: t, e: e, cookies: map[string]string{}}
}

// answer is a response: status, headers and the decoded JSON body.
type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

// do sends a request with the browser's cookies; header holds name, value pairs.
func (b *browser) do(method, path, body string, header ...string) answer {
	b.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	for k, v := range b.cookies {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	res, err := b.e.app.Test(req)
	if err != nil {
		b.t.Fatal(err)
	}
	for _, c := range res.Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	raw, _ := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode, header: res.Header, raw: string(raw)}
	if len(raw) > 0 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			b.t.Fatalf("%s %s: body %q: %v", method, path, raw, err)
		}
	}
	return a
}

// want fails unless the answer has the status.
func (a answer) want(t *testing.T, status int) answer {
	t.Helper()
	if a.status != status {
		t.Fatalf("status %d, want %d: %s", a.status, status, a.raw)
	}
	return a
}

// errorCode is the code of an error answer ({error:{code,message,fields}}).
func (a answer) errorCode() string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

// field reads a dotted path of the body ("user.email").
func (a answer) field(path string) any {
	var v any = a.body
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

const signUpBody = `{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","phone":"6145550100","password":"chicken123"}`

// member signs a new member up in b and returns the member id.
func (b *browser) member() string {
	b.t.Helper()
	a := b.do("POST", "/api/auth/signup", signUpBody).want(b.t, 201)
	return a.field("user.id").(string)
}
