package server

import (
	"context"
	"net/http/httptest"
	"testing"
)

// signedInAs is another browser that signs in as email with the password and the
// emailed code.
func signedInAs(t *testing.T, s *Server, email, password string) *guest {
	t.Helper()
	g := newGuest(t, s)
	ch := g.ok("POST", "/api/auth/signin", `{"email":"`+email+`","password":"`+password+`"}`, 200, "X-Bot-Check", g.bot("login"))["challenge"].(map[string]any)
	g.ok("POST", "/api/auth/code", `{"challenge_id":"`+ch["id"].(string)+`","code":"`+g.latestCode(email)+`"}`, 200)
	return g
}

// wantSignedOutByForce checks that g's session was ended on the server: its next page
// opens the forced sign-out dialog, its API calls answer 401 session_invalidated, and a
// copy of its token in a header works no more.
func wantSignedOutByForce(t *testing.T, s *Server, g *guest, what string) {
	t.Helper()
	token := g.cookies["hh_token"]
	page := g.clone()
	delete(page.cookies, "hh_refresh")
	if sess := page.bootSession("/account"); sess["forcedSignOut"] != true || sess["signedIn"] != false {
		t.Errorf("%s: the other browser's next page: %v", what, sess)
	}
	if st, m, _ := g.send("GET", "/api/user", ""); st != 401 || m["error"].(map[string]any)["code"] != "session_invalidated" {
		t.Errorf("%s: the other browser's GET /api/user: %d %v", what, st, m)
	}
	req := httptest.NewRequest("GET", "/api/user", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if res, _ := s.App.Test(req); res.StatusCode != 401 {
		t.Errorf("%s: a copy of the other browser's token: %d", what, res.StatusCode)
	}
}

// A password reset ends every session of the member at once, as the reset page says;
// a password change from the settings ends every other one, and the browser that made
// it goes on with a new session: no token issued before the change works any more.
func TestPasswordResetAndChangeEndTheOtherSessions(t *testing.T) {
	s := newDevServer(t)
	a := memberAt(t, s, "ada@example.com")
	b := signedInAs(t, s, "ada@example.com", "chicken123")
	b.ok("GET", "/api/user", "", 200)

	// Browser A changes the password in the settings.
	before := a.cookies["hh_token"]
	a.ok("POST", "/api/user/password", `{"current":"chicken123","password":"biscuits99"}`, 200)
	if a.cookies["hh_token"] == "" || a.cookies["hh_token"] == before {
		t.Fatal("the browser that changed the password has no new session")
	}
	a.ok("GET", "/api/user", "", 200)
	wantSignedOutByForce(t, s, b, "password change")
	old := &guest{t: t, s: s, cookies: map[string]string{"hh_token": before}}
	if st, _, _ := old.send("GET", "/api/user", ""); st != 401 {
		t.Errorf("A's token from before the change: %d", st)
	}

	// Browser B signs in again; a reset from the emailed code (browser C, signed out)
	// ends both sessions.
	b = signedInAs(t, s, "ada@example.com", "biscuits99")
	c := newGuest(t, s)
	c.ok("POST", "/api/auth/forgot", `{"email":"ada@example.com"}`, 202, "X-Bot-Check", c.bot("forgot_password"))
	c.ok("POST", "/api/auth/reset", `{"email":"ada@example.com","code":"`+c.latestCode("ada@example.com")+`","password":"gravy12345"}`, 200)
	wantSignedOutByForce(t, s, b, "password reset")
	wantSignedOutByForce(t, s, a, "password reset")

	// A reset made from a browser signed in as the member signs that browser out too,
	// quietly: the page it is on says so, and no dialog follows.
	a = signedInAs(t, s, "ada@example.com", "gravy12345")
	a.ok("POST", "/api/auth/forgot", `{"email":"ada@example.com"}`, 202, "X-Bot-Check", a.bot("forgot_password"))
	a.ok("POST", "/api/auth/reset", `{"email":"ada@example.com","code":"`+a.latestCode("ada@example.com")+`","password":"waffles123"}`, 200)
	if a.cookies["hh_token"] != "" {
		t.Error("the browser that reset the password kept its token cookie")
	}
	if sess := a.bootSession("/"); sess["forcedSignOut"] == true || sess["signedIn"] != false {
		t.Errorf("the resetting browser's next page: %v", sess)
	}
}

// After a forced sign-out, the member's next API call answers 401 session_invalidated
// whatever it asks for, a public menu as much as the member's profile, so a page that
// only navigates within itself learns it too and shows the forced sign-out dialog. The
// answer clears the cookies: the call after it is a guest's.
func TestForcedSignOutAnswersTheNextAPICall(t *testing.T) {
	s := newDevServer(t)
	g := memberAt(t, s, "ada@example.com")
	id := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any)["id"].(string)
	for _, path := range []string{"/api/locations/oh-dayton", "/api/user"} {
		if err := s.Tokens.ForceSignOut(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		b := signedInAs(t, s, "ada@example.com", "chicken123")
		if err := s.Tokens.ForceSignOut(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		st, m, _ := b.send("GET", path, "")
		if st != 401 || m["error"].(map[string]any)["code"] != "session_invalidated" {
			t.Fatalf("GET %s after a forced sign-out: %d %v", path, st, m)
		}
		if b.cookies["hh_token"] != "" {
			t.Fatalf("GET %s: the cookies were kept", path)
		}
	}
	b := signedInAs(t, s, "ada@example.com", "chicken123")
	if err := s.Tokens.ForceSignOut(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	b.ok("GET", "/api/locations/oh-dayton", "", 401)
	b.ok("GET", "/api/locations/oh-dayton", "", 200)
	b.ok("GET", "/api/user", "", 401)
	// Signing out still answers 204: the session is over either way.
	c := signedInAs(t, s, "ada@example.com", "chicken123")
	if err := s.Tokens.ForceSignOut(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if st, _, _ := c.send("POST", "/api/auth/logout", ""); st != 204 {
		t.Fatalf("logout after a forced sign-out: %d", st)
	}
}
