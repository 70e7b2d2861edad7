package account_test

import (
	"net/url"
	"strings"
	"testing"
)

func TestSingleSignOnKeepsTheReturnOnThisSite(t *testing.T) {
	e := newEnv(t)
	id := e.browser(t).member()
	b := e.browser(t)
	a := b.do("GET", "/api/auth/sso?return=//evil.example/x", "").want(t, 302)
	loc, err := url.Parse(a.header.Get("Location"))
	if err != nil || loc.Path != "/loyalty/authorize" {
		t.Fatalf("redirect %q", a.header.Get("Location"))
	}
	q := loc.Query()
	if q.Get("client_id") != "henhouse-web" || q.Get("redirect_uri") != "/app/code" || q.Get("response_type") != "code" || q.Get("state") == "" {
		t.Fatalf("authorize query %v", q)
	}
	if !strings.HasPrefix(b.cookies["hh_sso"], q.Get("state")+"|") {
		t.Fatalf("state cookie %q", b.cookies["hh_sso"])
	}

	code, err := e.l.CreateAuthCode(ctx, id, "/app/code")
	if err != nil {
		t.Fatal(err)
	}
	if a := b.do("POST", "/api/auth/sso/exchange", `{"code":"`+code+`","state":"forged"}`).want(t, 400); a.errorCode() != "sso_state" {
		t.Fatalf("forged state %s", a.raw)
	}
	a = b.do("POST", "/api/auth/sso/exchange", `{"code":"`+code+`","state":"`+q.Get("state")+`"}`).want(t, 200)
	if a.field("user.id") != id || a.field("return") != "/account" || b.cookies["hh_token"] == "" || b.cookies["hh_sso"] != "" {
		t.Fatalf("exchange %s, cookies %v", a.raw, b.cookies)
	}
}
