package account_test

import (
	"strings"
	"testing"
)

func TestSignUpSignsIn(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	a := b.do("POST", "/api/auth/signup", signUpBody).want(t, 201)
	if a.field("user.email") != "ada@example.com" || a.field("token.provider") != "henhouse-loyalty" || a.field("token.version") != "1" {
		t.Fatalf("signed in %s", a.raw)
	}
	if _, ok := a.field("members.points").(float64); !ok || a.field("members.rewards") == nil {
		t.Fatalf("members area %s", a.raw)
	}
	if a.header.Get("Cache-Control") != "private, no-store" || b.cookies["hh_token"] == "" || b.cookies["hh_refresh"] == "" {
		t.Fatalf("cache %q cookies %v", a.header.Get("Cache-Control"), b.cookies)
	}
	if b.do("GET", "/api/user", "").want(t, 200).field("user.email") != "ada@example.com" {
		t.Fatal("the new session does not reach the member endpoints")
	}
	// The same email again is a conflict.
	if a := e.browser(t).do("POST", "/api/auth/signup", signUpBody); a.status != 409 {
		t.Fatalf("second sign-up: %d %s", a.status, a.raw)
	}
}

func TestSignInWithPasswordThenCode(t *testing.T) {
	e := newEnv(t)
	e.browser(t).member()
	b := e.browser(t)
	a := b.do("POST", "/api/auth/signin", `{"email":" ","password":""}`).want(t, 400)
	if a.field("error.fields.email") != "Enter your email address." || a.field("error.fields.password") != "Enter your password." {
		t.Fatalf("empty fields %s", a.raw)
	}
	a = b.do("POST", "/api/auth/signin", `{"email":"ada@example.com","password":"wrong-pass1"}`).want(t, 401)
	if a.errorCode() != "invalid_credentials" {
		t.Fatalf("wrong password %s", a.raw)
	}
	a = b.do("POST", "/api/auth/signin", `{"email":"ada@example.com","password":"chicken123"}`).want(t, 200)
	ch, _ := a.field("challenge.id").(string)
	if !strings.HasPrefix(ch, "ch_") || a.field("challenge.destination") != "a•••@example.com" || b.cookies["hh_token"] != "" {
		t.Fatalf("challenge %s", a.raw)
	}
	ms, err := e.l.OutboxFor(ctx, "ada@example.com", 1)
	if err != nil || len(ms) == 0 {
		t.Fatal(err)
	}
	a = b.do("POST", "/api/auth/code", `{"challenge_id":"`+ch+`","code":""}`).want(t, 400)
	if a.field("error.fields.code") != "Enter the code we sent you." {
		t.Fatalf("empty code %s", a.raw)
	}
	a = b.do("POST", "/api/auth/code", `{"challenge_id":"`+ch+`","code":" `+ms[0].Code+` "}`).want(t, 200)
	if a.field("user.email") != "ada@example.com" || b.cookies["hh_token"] == "" {
		t.Fatalf("code %s", a.raw)
	}
}

func TestPasswordlessNeedsAnIdentifier(t *testing.T) {
	b := newEnv(t).browser(t)
	a := b.do("POST", "/api/auth/passwordless", `{"identifier":"  "}`).want(t, 400)
	if a.field("error.fields.identifier") != "Enter your email, phone number or member number." {
		t.Fatalf("%s", a.raw)
	}
	a = b.do("POST", "/api/auth/passwordless", `{"identifier":"nobody@example.com"}`).want(t, 200)
	if id, _ := a.field("challenge.id").(string); !strings.HasPrefix(id, "ch_") {
		t.Fatalf("an unknown email gets an ordinary-looking challenge: %s", a.raw)
	}
}

func TestForgotAndResetAnswerTheSameForAnyone(t *testing.T) {
	b := newEnv(t).browser(t)
	if a := b.do("POST", "/api/auth/forgot", `{"email":"nobody@example.com"}`).want(t, 202); a.field("sent") != true {
		t.Fatalf("%s", a.raw)
	}
	if a := b.do("POST", "/api/auth/reset", `{"email":"nobody@example.com","code":"123456","password":"chicken456"}`); a.status < 400 {
		t.Fatalf("reset with a made-up code: %d %s", a.status, a.raw)
	}
}

func TestRefreshAndLogout(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	// Guests may always log out; refresh needs the refresh cookie.
	b.do("POST", "/api/auth/logout", "").want(t, 204)
	if a := b.do("POST", "/api/auth/refresh", "").want(t, 401); a.errorCode() != "unauthorized" {
		t.Fatalf("%s", a.raw)
	}
	b.member()
	old := b.cookies["hh_token"]
	a := b.do("POST", "/api/auth/refresh", "").want(t, 200)
	if a.field("token.provider") != "henhouse-loyalty" || a.field("token.version") != "1" || b.cookies["hh_token"] == "" || b.cookies["hh_token"] == old {
		t.Fatalf("refresh %s", a.raw)
	}
	b.do("POST", "/api/auth/logout", "").want(t, 204)
	if b.cookies["hh_token"] != "" || b.cookies["hh_refresh"] != "" {
		t.Fatalf("cookies kept %v", b.cookies)
	}
	b.do("GET", "/api/user", "").want(t, 401)
}
