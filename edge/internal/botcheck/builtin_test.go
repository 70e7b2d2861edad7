package botcheck

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newBuiltin(t *testing.T, st *store.Store) (*Builtin, *clock) {
	t.Helper()
	clk := &clock{now: time.Now()}
	b, err := NewBuiltin(context.Background(), BuiltinConfig{Store: st, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return b, clk
}

func TestBuiltinVerify(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		b, clk := newBuiltin(t, st)
		ann := WithVisitor(context.Background(), "visitor-ann")
		bob := WithVisitor(context.Background(), "visitor-bob")
		verify := func(ctx context.Context, tok, action string) Result {
			t.Helper()
			res, err := b.Verify(ctx, tok, action, "203.0.113.1")
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		issue := func(action, visitor string) string {
			t.Helper()
			tok, err := b.Issue(action, visitor)
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}

		// Valid once; the replay is refused.
		tok := issue(ActionSignIn, "visitor-ann")
		if r := verify(ann, tok, ActionSignIn); !r.Valid || r.Score != 1 || r.Action != ActionSignIn {
			t.Fatalf("fresh token: %+v", r)
		}
		if r := verify(ann, tok, ActionSignIn); r.Valid || r.Reason != "replayed" {
			t.Fatalf("replay: %+v", r)
		}

		// Bound to the action and to the visitor; a refused token is not spent.
		tok = issue(ActionSignUp, "visitor-ann")
		if r := verify(ann, tok, ActionSignIn); r.Valid || r.Reason != "wrong_action" {
			t.Fatalf("wrong action: %+v", r)
		}
		if r := verify(bob, tok, ActionSignUp); r.Valid || r.Reason != "invalid" {
			t.Fatalf("other visitor: %+v", r)
		}
		if r := verify(context.Background(), tok, ActionSignUp); r.Valid {
			t.Fatalf("no visitor: %+v", r)
		}
		if r := verify(ann, tok, ActionSignUp); !r.Valid {
			t.Fatalf("the right visitor and action after refusals: %+v", r)
		}

		// Valid for two minutes.
		tok = issue(ActionContact, "visitor-ann")
		clk.Add(119 * time.Second)
		if r := verify(ann, tok, ActionContact); !r.Valid {
			t.Fatalf("token at 1:59: %+v", r)
		}
		tok = issue(ActionContact, "visitor-ann")
		clk.Add(2*time.Minute + time.Second)
		if r := verify(ann, tok, ActionContact); r.Valid || r.Reason != "expired" {
			t.Fatalf("token at 2:01: %+v", r)
		}
		// Issued in the future (beyond the skew): refused.
		tok = issue(ActionContact, "visitor-ann")
		clk.Add(-time.Minute)
		if r := verify(ann, tok, ActionContact); r.Valid {
			t.Fatalf("token from the future: %+v", r)
		}
		clk.Add(time.Minute)

		// Tampering of every part.
		tok = issue(ActionCheckout, "visitor-ann")
		parts := strings.Split(tok, ".")
		payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
		enc := base64.RawURLEncoding.EncodeToString
		relabel := append(append([]byte{}, payload[:headerSize]...), ActionSignIn...)
		older := append([]byte{}, payload...)
		older[7] ^= 0x10 // issued-at moved
		sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
		sig[0] ^= 1
		for name, bad := range map[string]string{
			"action swapped":    parts[0] + "." + enc(relabel) + "." + parts[2],
			"issued-at changed": parts[0] + "." + enc(older) + "." + parts[2],
			"signature changed": parts[0] + "." + parts[1] + "." + enc(sig),
			"signature dropped": parts[0] + "." + parts[1] + ".",
			"other prefix":      "hb2." + parts[1] + "." + parts[2],
			"extra part":        tok + ".x",
			"not base64":        parts[0] + ".!!!." + parts[2],
			"short payload":     parts[0] + "." + enc(payload[:headerSize]) + "." + parts[2],
			"garbage":           "garbage",
			"huge":              strings.Repeat("a", 5000),
		} {
			action := ActionCheckout
			if name == "action swapped" {
				action = ActionSignIn
			}
			if r := verify(ann, bad, action); r.Valid {
				t.Errorf("%s: accepted", name)
			}
		}
		if r := verify(ann, tok, ActionCheckout); !r.Valid {
			t.Fatalf("the untampered token: %+v", r)
		}
		if r := verify(ann, "", ActionCheckout); r.Valid || r.Reason != "missing" {
			t.Fatalf("empty: %+v", r)
		}
	})
}

func TestBuiltinIssueChecks(t *testing.T) {
	b, _ := newBuiltin(t, storetest.Embedded(t))
	for _, a := range []string{"", "sign in", "a.b", strings.Repeat("a", 101), "ünicode"} {
		if _, err := b.Issue(a, "v"); err == nil {
			t.Errorf("action %q accepted", a)
		}
	}
	if _, err := b.Issue("login", ""); err == nil {
		t.Error("empty visitor accepted")
	}
	if _, err := b.Issue("shop/checkout_2", "v"); err != nil {
		t.Errorf("valid action refused: %v", err)
	}
}

// Edges share the secret; a token from one verifies on another, and only once overall.
func TestBuiltinAcrossEdges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, _ := newBuiltin(t, st)
		b, _ := newBuiltin(t, st)
		ctx := WithVisitor(context.Background(), "v1")
		tok, _ := a.Issue(ActionSignIn, "v1")
		if r, _ := b.Verify(ctx, tok, ActionSignIn, ""); !r.Valid {
			t.Fatalf("other edge: %+v", r)
		}
		if r, _ := a.Verify(ctx, tok, ActionSignIn, ""); r.Valid || r.Reason != "replayed" {
			t.Fatalf("replay on the first edge: %+v", r)
		}
	})
}

func TestBuiltinStoreDown(t *testing.T) {
	st := storetest.Embedded(t)
	b, _ := newBuiltin(t, st)
	tok, _ := b.Issue(ActionSignIn, "v1")
	st.Mini().SetError("LOADING")
	defer st.Mini().SetError("")
	if _, err := b.Verify(WithVisitor(context.Background(), "v1"), tok, ActionSignIn, ""); err == nil {
		t.Fatal("a nonce that could not be recorded must be an error")
	}
}

// newSite is an edge with the visitor middleware, the built-in endpoints and a sign-in
// route guarded by Require.
func newSite(t *testing.T, b *Builtin, before ...fiber.Handler) *fiber.App {
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	MountScript(app, b)
	api := app.Group("/api")
	api.Use(session.New())
	MountToken(api, b, before...)
	api.Post("/sign-in", Require(b, ActionSignIn), func(c fiber.Ctx) error { return c.SendString("welcome") })
	return app
}

func request(t *testing.T, app *fiber.App, method, path, cookie, body string, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestBuiltinEndpoints(t *testing.T) {
	st := storetest.Embedded(t)
	b, _ := newBuiltin(t, st)
	app := newSite(t, b)

	// Without the visitor cookie (which a page gives) a token would be bound to nobody.
	if resp, body := request(t, app, "POST", "/api/botcheck/token", "", `{"action":"login"}`, nil); resp.StatusCode != 401 || !strings.Contains(body, "no_session") {
		t.Fatalf("token without a visitor: %d %s", resp.StatusCode, body)
	}
	cookie := "hh_sid=" + session.NewID()
	resp, body := request(t, app, "POST", "/api/botcheck/token", cookie, `{"action":"login"}`, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("token endpoint: %d %s", resp.StatusCode, body)
	}
	var out struct{ Token string }
	_ = json.Unmarshal([]byte(body), &out)
	if out.Token == "" || cookie == "" {
		t.Fatalf("token %q cookie %q", out.Token, cookie)
	}

	check := func(name, cookie, token string, want int) {
		t.Helper()
		hdr := map[string]string{}
		if token != "" {
			hdr[HeaderName] = token
		}
		resp, body := request(t, app, "POST", "/api/sign-in", cookie, `{}`, hdr)
		if resp.StatusCode != want {
			t.Errorf("%s: %d %s, want %d", name, resp.StatusCode, body, want)
		}
		if want == 403 && !strings.Contains(body, `"bot_check_failed"`) {
			t.Errorf("%s: body %s", name, body)
		}
	}
	check("another visitor", "hh_sid="+session.NewID(), out.Token, 403)
	check("no token", cookie, "", 403)
	check("valid", cookie, out.Token, 200)
	check("replayed", cookie, out.Token, 403)

	_, body = request(t, app, "POST", "/api/botcheck/token", cookie, `{"action":"signup"}`, nil)
	_ = json.Unmarshal([]byte(body), &out)
	check("token for another action", cookie, out.Token, 403)

	// Bad requests to the token endpoint.
	for _, bad := range []string{`{"action":""}`, `{"action":"a b"}`, `{"action":"x","extra":1}`, `nope`, ``} {
		if resp, body := request(t, app, "POST", "/api/botcheck/token", cookie, bad, nil); resp.StatusCode != 400 {
			t.Errorf("body %q: %d %s", bad, resp.StatusCode, body)
		}
	}
}

func TestMountTokenRunsHooks(t *testing.T) {
	b, _ := newBuiltin(t, storetest.Embedded(t))
	calls := 0
	app := newSite(t, b, func(c fiber.Ctx) error {
		calls++
		if calls > 2 {
			return fiber.NewError(fiber.StatusTooManyRequests, "slow down")
		}
		return c.Next()
	})
	cookie := "hh_sid=" + session.NewID()
	for i, want := range []int{200, 200, 429} {
		if resp, body := request(t, app, "POST", "/api/botcheck/token", cookie, `{"action":"login"}`, nil); resp.StatusCode != want {
			t.Fatalf("call %d: %d %s", i+1, resp.StatusCode, body)
		}
	}
}

func TestScriptEndpoint(t *testing.T) {
	b, _ := newBuiltin(t, storetest.Embedded(t))
	app := newSite(t, b)
	resp, body := request(t, app, "GET", ScriptPath, "", "", nil)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("script: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{"grecaptcha", "enterprise", "execute", "ready", `"/api/botcheck/token"`} {
		if !strings.Contains(body, want) {
			t.Errorf("script lacks %s", want)
		}
	}
	if strings.Contains(body, "__TOKEN_URL__") {
		t.Error("token URL placeholder left in the script")
	}
}

// TestScriptInNode runs the served script against a fake browser: ready callbacks run,
// execute posts the action to the token endpoint and resolves to the token, and a
// failed call rejects with "Failed to execute".
func TestScriptInNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required to test the served script (make test needs it for jest too):", err)
	}
	b, err := NewBuiltin(context.Background(), BuiltinConfig{Store: storetest.Embedded(t), TokenURL: "/api/botcheck/token"})
	if err != nil {
		t.Fatal(err)
	}
	harness := `
const script = require("fs").readFileSync(process.argv[2], "utf8");
const calls = [];
let fail = false;
const window = {
  location: { href: "https://shop.example/account/signin" },
  ___grecaptcha_cfg: { fns: [() => calls.push("queued")] },
  onBotCheck: () => calls.push("onload"),
  fetch: (url, init) => {
    calls.push({ url, init });
    if (fail) return Promise.resolve({ ok: false, json: () => Promise.resolve({}) });
    return Promise.resolve({ ok: true, json: () => Promise.resolve({ token: "tok-" + JSON.parse(init.body).action }) });
  },
};
global.window = window;
global.document = { currentScript: { src: "/botcheck/enterprise.js?onload=onBotCheck&render=explicit" } };
new Function("window", "document", script)(window, global.document);
const g = window.grecaptcha.enterprise;
g.ready(async () => {
  calls.push("ready");
  const tok = await g.execute("henhouse-builtin", { action: "login" });
  fail = true;
  let err = "";
  try { await g.execute("henhouse-builtin", { action: "signup" }); } catch (e) { err = e.message; }
  const post = calls.find((c) => typeof c === "object");
  console.log(JSON.stringify({ tok, err, calls: calls.filter((c) => typeof c === "string"), post }));
});
`
	dir := t.TempDir()
	scriptFile, harnessFile := filepath.Join(dir, "enterprise.js"), filepath.Join(dir, "harness.js")
	if err := os.WriteFile(scriptFile, b.script, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(harnessFile, []byte(harness), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, harnessFile, scriptFile).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var got struct {
		Tok   string
		Err   string
		Calls []string
		Post  struct {
			URL  string
			Init struct {
				Method      string
				Credentials string
				Body        string
			}
		}
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("harness output %s: %v", out, err)
	}
	if got.Tok != "tok-login" || got.Err != "Failed to execute" {
		t.Fatalf("execute: %+v", got)
	}
	if got.Post.URL != "/api/botcheck/token" || got.Post.Init.Method != "POST" || got.Post.Init.Credentials != "same-origin" ||
		got.Post.Init.Body != `{"action":"login"}` {
		t.Fatalf("fetch: %+v", got.Post)
	}
	joined := strings.Join(got.Calls, ",")
	for _, want := range []string{"queued", "onload", "ready"} {
		if !strings.Contains(joined, want) {
			t.Errorf("callback %s did not run (%s)", want, joined)
		}
	}
}

func TestNewVerifier(t *testing.T) {
	st := storetest.Embedded(t)
	v, b, err := NewVerifier(context.Background(), st, EnterpriseConfig{})
	if err != nil || b == nil || v != Verifier(b) {
		t.Fatalf("without Enterprise config: %T %v %v", v, b, err)
	}
	v, b, err = NewVerifier(context.Background(), st, EnterpriseConfig{ProjectID: "p", APIKey: "k", SiteKey: "s"})
	if err != nil || b != nil {
		t.Fatalf("with Enterprise config: %T %v %v", v, b, err)
	}
	if _, ok := v.(*Enterprise); !ok {
		t.Fatalf("verifier %T", v)
	}
}
