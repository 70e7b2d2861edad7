package server

import (
	"io"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

var hiddenField = regexp.MustCompile(`<input type="hidden" name="([a-z_]+)" value="([^"]*)">`)

// hiddenFields are a hosted page's hidden form fields, ready to post.
func hiddenFields(page string) url.Values {
	v := url.Values{}
	for _, m := range hiddenField.FindAllStringSubmatch(page, -1) {
		v.Set(m[1], strings.ReplaceAll(m[2], "&amp;", "&"))
	}
	return v
}

// postForm posts a form as the browser does, with the guest's cookies; it answers the
// status, the Location header and the page.
func (g *guest) postForm(path string, form url.Values) (int, string, string) {
	g.t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var ck []string
	for k, v := range g.cookies {
		ck = append(ck, k+"="+v)
	}
	req.Header.Set("Cookie", strings.Join(ck, "; "))
	res, err := g.s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		g.t.Fatal(err)
	}
	for _, c := range res.Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(g.cookies, c.Name)
		} else {
			g.cookies[c.Name] = c.Value
		}
	}
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Location"), string(body)
}

// Single sign-on takes the same steps as the site's sign-in: the bot check with the
// password, then the code emailed to the member, on the hosted page itself.
func TestSingleSignOnAsksForTheCodeAndTheBotCheck(t *testing.T) {
	s := newDevServer(t)
	setup := newGuest(t, s)
	setup.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", setup.bot("signup"))

	g := newGuest(t, s)
	st, _, _ := g.send("GET", "/api/auth/sso?return=/account/settings", "")
	if st != 302 {
		t.Fatalf("sso start: %d", st)
	}
	state, _, _ := strings.Cut(g.cookies["hh_sso"], "|")
	q := url.Values{"client_id": {"henhouse-web"}, "redirect_uri": {"/app/code"}, "state": {state}, "response_type": {"code"}}
	st, _, page := g.send("GET", "/loyalty/authorize?"+q.Encode(), "")
	if st != 200 || !strings.Contains(page, `name="bot_check"`) || !strings.Contains(page, `src="/botcheck/enterprise.js`) {
		t.Fatalf("authorize page without the bot check: %d\n%s", st, page)
	}

	// The password without the bot check's token signs nobody in.
	f := hiddenFields(page)
	f.Set("email", "ada@example.com")
	f.Set("password", "chicken123")
	st, loc, page := g.postForm("/loyalty/authorize", f)
	if st != 403 || loc != "" || !strings.Contains(page, "We couldn&#39;t confirm you&#39;re a person.") {
		t.Fatalf("password without the bot check: %d %q\n%s", st, loc, page)
	}

	// With it, the page asks for the code it emailed; the password alone is not enough.
	f = hiddenFields(page)
	f.Set("email", "ada@example.com")
	f.Set("password", "chicken123")
	f.Set("bot_check", g.bot("login"))
	st, loc, page = g.postForm("/loyalty/authorize", f)
	if st != 200 || loc != "" || !strings.Contains(page, "We sent a 6-digit code to") || !strings.Contains(page, `<label for="code">6-digit code</label>`) {
		t.Fatalf("password: %d %q\n%s", st, loc, page)
	}
	f = hiddenFields(page)
	f.Set("code", g.latestCode("ada@example.com"))
	st, loc, _ = g.postForm("/loyalty/authorize", f)
	back, err := url.Parse(loc)
	if st != 302 || err != nil || back.Path != "/app/code" || back.Query().Get("state") != state {
		t.Fatalf("code: %d %q", st, loc)
	}
	body := `{"code":"` + back.Query().Get("code") + `","state":"` + state + `"}`
	out := g.ok("POST", "/api/auth/sso/exchange", body, 200)
	if out["return"] != "/account/settings" || out["user"].(map[string]any)["email"] != "ada@example.com" || g.cookies["hh_token"] == "" {
		t.Fatalf("exchange: %v", out)
	}
	if me := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any); me["email"] != "ada@example.com" {
		t.Fatalf("signed in as %v", me)
	}
}
