package ratelimit

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func newApp(l *Limiter) *fiber.App {
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	// Tests pick the client address with X-Forwarded-For, from the test's peer address.
	ips, err := clientip.New(fiber.HeaderXForwardedFor, []string{"0.0.0.0", "127.0.0.1", "::1"})
	if err != nil {
		panic(err)
	}
	app.Use(ips.Middleware())
	ok := func(c fiber.Ctx) error { return c.SendString(clientip.IP(c)) }
	app.Post("/sign-in", Guard(l, SignIn, BodyField("email")), ok)
	app.Post("/sign-up", Guard(l, SignUp, BodyField("email")), ok)
	app.Post("/forgot", Guard(l, ForgotPassword, BodyField("email")), ok)
	app.Post("/token", Guard(l, BotCheckToken, nil), ok)
	return app
}

type reply struct {
	status     int
	retryAfter string
	code, msg  string
	body       string
}

func post(t *testing.T, app *fiber.App, path, ip, body string) reply {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	r := reply{status: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After")}
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	r.body = b.String()
	if r.status != http.StatusOK {
		var e struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		_ = json.Unmarshal([]byte(r.body), &e)
		r.code, r.msg = e.Error.Code, e.Error.Message
	}
	return r
}

func TestGuardAccountLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		app := newApp(New(st))
		if r := post(t, app, "/sign-in", "203.0.113.1", `{}`); r.body != "203.0.113.1" {
			t.Fatalf("the test app does not see the client IP: %q", r.body)
		}
		// 5 per account per 15 minutes, whatever the IP and the address's case.
		for i := range 5 {
			email := []string{"Ann@Example.com", "ann@example.com", " ANN@example.COM "}[i%3]
			if r := post(t, app, "/sign-in", "203.0.113."+strconv.Itoa(10+i), `{"email":"`+email+`","password":"x"}`); r.status != http.StatusOK {
				t.Fatalf("attempt %d: %+v", i+1, r)
			}
		}
		r := post(t, app, "/sign-in", "203.0.113.99", `{"email":"ann@example.com","password":"x"}`)
		if r.status != http.StatusTooManyRequests || r.code != "rate_limited" {
			t.Fatalf("6th attempt: %+v", r)
		}
		secs, err := strconv.Atoi(r.retryAfter)
		if err != nil || secs < 170 || secs > 180 {
			t.Fatalf("Retry-After %q", r.retryAfter)
		}
		if r.msg != "Too many sign-in attempts. Please wait 3 minutes and try again." {
			t.Fatalf("message %q", r.msg)
		}
		// Another account is counted apart.
		if r := post(t, app, "/sign-in", "203.0.113.99", `{"email":"bob@example.com"}`); r.status != http.StatusOK {
			t.Fatalf("other account: %+v", r)
		}
		// A request without the field is only counted per IP.
		if r := post(t, app, "/sign-in", "203.0.113.98", `not json`); r.status != http.StatusOK {
			t.Fatalf("no account: %+v", r)
		}
	})
}

func TestGuardIPLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		app := newApp(New(st))
		// 30 per IP per 15 minutes, across accounts.
		for i := range 30 {
			if r := post(t, app, "/sign-in", "198.51.100.7", `{"email":"user`+strconv.Itoa(i)+`@example.com"}`); r.status != http.StatusOK {
				t.Fatalf("attempt %d: %+v", i+1, r)
			}
		}
		r := post(t, app, "/sign-in", "198.51.100.7", `{"email":"new@example.com"}`)
		if r.status != http.StatusTooManyRequests || r.retryAfter == "" || r.code != "rate_limited" {
			t.Fatalf("31st attempt: %+v", r)
		}
		if !strings.HasPrefix(r.msg, "Too many sign-in attempts. Please wait ") {
			t.Fatalf("message %q", r.msg)
		}
		// Another IP is counted apart, and so is another rule.
		if r := post(t, app, "/sign-in", "198.51.100.8", `{"email":"new@example.com"}`); r.status != http.StatusOK {
			t.Fatalf("other IP: %+v", r)
		}
		if r := post(t, app, "/sign-up", "198.51.100.7", `{}`); r.status != http.StatusOK {
			t.Fatalf("other rule: %+v", r)
		}
		// The IP was refused before its account was counted: new@ still has 5 tries
		// from elsewhere (one used above).
		for i := range 4 {
			if r := post(t, app, "/sign-in", "198.51.100.9", `{"email":"new@example.com"}`); r.status != http.StatusOK {
				t.Fatalf("account attempt %d: %+v", i+2, r)
			}
		}
	})
}

func TestRulesLimits(t *testing.T) {
	st := storetest.Embedded(t)
	app := newApp(New(st))
	cases := []struct {
		path, body string
		n          int
		msg        string
	}{
		{"/sign-up", `{"email":"a@example.com"}`, 5, "Too many sign-up attempts. Please wait 12 minutes and try again."},
		{"/forgot", `{"email":"a@example.com"}`, 3, "Too many password reset requests. Please wait 20 minutes and try again."},
		{"/token", `{"action":"login"}`, 60, "Too many requests. Please wait 1 second and try again."},
	}
	for _, tc := range cases {
		for i := range tc.n {
			if r := post(t, app, tc.path, "192.0.2.1", tc.body); r.status != http.StatusOK {
				t.Fatalf("%s attempt %d: %+v", tc.path, i+1, r)
			}
		}
		r := post(t, app, tc.path, "192.0.2.1", tc.body)
		if r.status != http.StatusTooManyRequests || r.msg != tc.msg {
			t.Errorf("%s attempt %d: %+v", tc.path, tc.n+1, r)
		}
	}
	// Forgot password per IP: 10 per hour across accounts.
	for i := range 10 {
		if r := post(t, app, "/forgot", "192.0.2.2", `{"email":"u`+strconv.Itoa(i)+`@example.com"}`); r.status != http.StatusOK {
			t.Fatalf("forgot attempt %d: %+v", i+1, r)
		}
	}
	if r := post(t, app, "/forgot", "192.0.2.2", `{"email":"another@example.com"}`); r.status != http.StatusTooManyRequests {
		t.Fatalf("11th forgot from one IP: %+v", r)
	}
}

func TestResetAfterWindow(t *testing.T) {
	st := storetest.Embedded(t)
	l := New(st)
	ctx := context.Background()
	for i := range 5 {
		if r, err := l.Allow(ctx, Code, Account("challenge-1")); err != nil || !r.Allowed || r.Remaining != 4-i {
			t.Fatalf("attempt %d: %+v %v", i+1, r, err)
		}
	}
	r, err := l.Allow(ctx, Code, Account("challenge-1"))
	if err != nil || r.Allowed || r.RetryAfter <= 0 || r.RetryAfter > 3*time.Minute {
		t.Fatalf("6th: %+v %v", r, err)
	}
	st.Mini().FastForward(15*time.Minute + time.Second)
	for i := range 5 {
		if r, err := l.Allow(ctx, Code, Account("challenge-1")); err != nil || !r.Allowed {
			t.Fatalf("after the window, attempt %d: %+v %v", i+1, r, err)
		}
	}
	if r, _ := l.Allow(ctx, Code, Account("challenge-1")); r.Allowed {
		t.Fatal("the limit did not come back after the reset")
	}
	// Reset forgets at once.
	if err := l.Reset(ctx, Code, Account("challenge-1")); err != nil {
		t.Fatal(err)
	}
	if r, _ := l.Allow(ctx, Code, Account("challenge-1")); !r.Allowed {
		t.Fatal("Reset did not forget the attempts")
	}
}

func TestKeysStayUnderPrefix(t *testing.T) {
	st := storetest.Embedded(t)
	l := New(st)
	ctx := context.Background()
	if _, err := l.Allow(ctx, SignIn, Account("Ann@Example.com")); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Allow(ctx, SignIn, IP("203.0.113.5")); err != nil {
		t.Fatal(err)
	}
	keys := st.Mini().Keys()
	if len(keys) != 2 {
		t.Fatalf("keys %v", keys)
	}
	for _, k := range keys {
		if !strings.HasPrefix(k, st.Prefix+":ratelimit:sign-in:") || strings.Contains(strings.ToLower(k), "ann") || strings.Contains(k, "203.0") {
			t.Fatalf("key %q is not under the prefix or leaks the account/IP", k)
		}
		if ttl := st.Mini().TTL(k); ttl <= 0 || ttl > 15*time.Minute {
			t.Fatalf("key %q has TTL %v", k, ttl)
		}
	}
}

func TestNoLimitForScope(t *testing.T) {
	st := storetest.Embedded(t)
	l := New(st)
	for range 20 {
		r, err := l.Allow(context.Background(), SignUp, Account("a@example.com")) // sign-up has no account limit
		if err != nil || !r.Allowed {
			t.Fatalf("%+v %v", r, err)
		}
	}
	if r, _ := l.Allow(context.Background(), SignIn, Account("")); !r.Allowed {
		t.Fatal("empty account limited")
	}
	if len(st.Mini().Keys()) != 0 {
		t.Fatal("an unlimited scope wrote keys")
	}
}

func TestRedisDownIs503(t *testing.T) {
	st := storetest.Embedded(t)
	app := newApp(New(st))
	st.Mini().SetError("LOADING Redis is loading the dataset in memory")
	r := post(t, app, "/sign-in", "192.0.2.1", `{}`)
	st.Mini().SetError("")
	if r.status != http.StatusServiceUnavailable {
		t.Fatalf("%+v", r)
	}
}

func TestHumanize(t *testing.T) {
	for secs, want := range map[int]string{
		1: "1 second", 12: "12 seconds", 59: "59 seconds", 60: "1 minute", 61: "2 minutes", 179: "3 minutes",
		720: "12 minutes", 5399: "90 minutes", 5400: "2 hours", 7200: "2 hours", 7201: "3 hours",
	} {
		if got := humanize(secs); got != want {
			t.Errorf("humanize(%d) = %q, want %q", secs, got, want)
		}
	}
	e := TooMany(SignIn, 11*time.Minute+30*time.Second)
	if e.Message != "Too many sign-in attempts. Please wait 12 minutes and try again." || e.RetryAfter != 690 {
		t.Fatalf("%+v", e)
	}
}

func TestBodyField(t *testing.T) {
	app := fiber.New()
	app.Post("/", func(c fiber.Ctx) error { return c.SendString(BodyField("email")(c)) })
	for body, want := range map[string]string{
		`{"email":"A@b.c"}`: "A@b.c", `{"email":1}`: "", `{}`: "", `[]`: "", `x`: "", ``: "", `{"email":"x"`: "",
		` {"other":"y","email":"z"}`: "z",
	} {
		resp, _ := app.Test(httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body)))
		b := make([]byte, 64)
		n, _ := resp.Body.Read(b)
		if string(b[:n]) != want {
			t.Errorf("BodyField(%q) = %q, want %q", body, b[:n], want)
		}
	}
}

// The account a limit counts is the one the handler's decoder reads: keys match
// without regard to case, and the last match wins.
func TestBodyFieldReadsAsTheDecoderDoes(t *testing.T) {
	app := fiber.New()
	app.Post("/", func(c fiber.Ctx) error { return c.SendString(BodyField("email")(c)) })
	for body, want := range map[string]string{
		`{"email":"a@x.example"}`:                       "a@x.example",
		`{"EMAIL":"a@x.example"}`:                       "a@x.example",
		`{"Email":"a@x.example","password":"p"}`:        "a@x.example",
		`{"email":"a@x.example","EMAIL":"b@x.example"}`: "b@x.example",
		`{"email":1}`:              "",
		`{"nested":{"email":"a"}}`: "",
		`[1]`:                      "",
		`{"email":`:                "",
	} {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		if string(got) != want {
			t.Errorf("%s: %q, want %q", body, got, want)
		}
		var v struct {
			Email string `json:"email"`
		}
		if json.Unmarshal([]byte(body), &v) == nil && v.Email != want {
			t.Errorf("%s: encoding/json reads %q, BodyField %q", body, v.Email, want)
		}
	}
}

// TestGuardFailures: only the answers that are failures are counted, and once they
// are used up every request is refused, the ones that would succeed too.
func TestGuardFailures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		l := New(st)
		app := newApp(l)
		rule := Rule{Name: "test-miss", What: "unknown codes", IP: Limit{3, time.Minute}}
		unknown := fault.New(fault.NotFound, "code_not_found", "No such code.")
		app.Post("/codes/:code", GuardFailures(l, rule, func(err error) bool {
			fe, ok := fault.As(err)
			return ok && fe.Code == "code_not_found"
		}), func(c fiber.Ctx) error {
			if c.Params("code") != "known" {
				return unknown
			}
			return c.SendString("found")
		})
		for i := range 10 {
			if r := post(t, app, "/codes/known", "198.51.100.20", `{}`); r.status != http.StatusOK || r.body != "found" {
				t.Fatalf("known code %d: %+v", i+1, r)
			}
		}
		for i := range 3 {
			if r := post(t, app, "/codes/guess"+strconv.Itoa(i), "198.51.100.20", `{}`); r.status != http.StatusNotFound || r.code != "code_not_found" {
				t.Fatalf("unknown code %d: %+v", i+1, r)
			}
		}
		for _, path := range []string{"/codes/guess9", "/codes/known"} {
			r := post(t, app, path, "198.51.100.20", `{}`)
			secs, _ := strconv.Atoi(r.retryAfter)
			if r.status != http.StatusTooManyRequests || r.code != "rate_limited" || secs < 1 || secs > 20 {
				t.Fatalf("%s after 3 unknown codes: %+v", path, r)
			}
			if r.msg != "Too many unknown codes. Please wait "+humanize(secs)+" and try again." {
				t.Fatalf("message %q", r.msg)
			}
		}
		// Another client is counted apart.
		if r := post(t, app, "/codes/guess0", "198.51.100.21", `{}`); r.status != http.StatusNotFound {
			t.Fatalf("other IP: %+v", r)
		}
		// Checking does not count: the limit of a client with failures to spare stays.
		ctx := context.Background()
		for range 5 {
			if r, err := l.Check(ctx, rule, IP("198.51.100.21")); err != nil || !r.Allowed || r.Remaining != 2 {
				t.Fatalf("check: %+v %v", r, err)
			}
		}
	})
}
