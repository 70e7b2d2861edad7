package server

import (
	"strings"
	"testing"
)

func TestSignInIsRateLimited(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	var last int
	var m map[string]any
	for i := 0; i < 8 && last != 429; i++ {
		last, m, _ = g.send("POST", "/api/auth/signin", `{"email":"ada@example.com","password":"wrong-password1"}`, "X-Bot-Check", g.bot("login"))
	}
	if last != 429 {
		t.Fatalf("no 429 after repeated sign-ins: %d %v", last, m)
	}
	if msg := m["error"].(map[string]any)["message"].(string); !strings.HasPrefix(msg, "Too many sign-in attempts. Please wait") {
		t.Fatalf("message: %q", msg)
	}
}

func TestContactFormNeedsTheBotCheck(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	body := `{"name":"Ada","email":"ada@example.com","topic":"feedback","location_id":"oh-dayton","message":"Great biscuits."}`
	if st, _, _ := g.send("POST", "/api/contact", body); st != 403 {
		t.Fatalf("without the bot check: %d", st)
	}
	tk := g.ok("POST", "/api/contact", body, 201, "X-Bot-Check", g.bot("contact"))["ticket"].(map[string]any)
	if !strings.HasPrefix(tk["number"].(string), "HH-") {
		t.Fatalf("ticket: %v", tk)
	}
	// The document's rules answer first, each field in the form's words; the topic, an
	// id of the content system's list, is checked once they hold.
	bad := g.ok("POST", "/api/contact", `{"name":"","email":"x","topic":"?","message":""}`, 400, "X-Bot-Check", g.bot("contact"))
	if f := bad["error"].(map[string]any)["fields"].(map[string]any); f["name"] != "Enter your name." || f["email"] == nil || f["message"] != "Write your message." {
		t.Fatalf("fields: %v", bad)
	}
	bad = g.ok("POST", "/api/contact", `{"name":"Ada","email":"ada@example.com","topic":"?","message":"Hi."}`, 400, "X-Bot-Check", g.bot("contact"))
	if f := bad["error"].(map[string]any)["fields"].(map[string]any); f["topic"] != "Choose what your message is about." {
		t.Fatalf("fields: %v", bad)
	}
}
