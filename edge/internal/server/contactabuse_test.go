package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The contact form cannot be made to write mail headers, to relay a stranger's text to
// any address, or to flood one inbox through its +tags and Gmail's dots.
func TestContactFormCannotBeTurnedIntoAMailer(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) {
		c.Environment, c.DevEndpoints, c.ContactEmail = "dev", true, "desk@henhouse.example"
		c.ProxyHeader = "X-Forwarded-For"
		c.TrustedProxies = []string{"0.0.0.0"} // the test client's peer address: each message from its own IP
	})
	g := newGuest(t, s)
	n := 0
	send := func(name, email, text string) (int, map[string]any) {
		n++
		body, _ := json.Marshal(map[string]string{"name": name, "email": email, "topic": "feedback", "message": text})
		st, m, _ := g.send("POST", "/api/contact", string(body), "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", n))
		return st, m
	}

	// A line break (or any control character) in the name would reach the subject.
	for _, name := range []string{"A\r\nBcc: victim@example.com", "A\nB", "A\rB", "A\x0bB", "A\u2028B", "A\x7fB", "A\u0085B"} {
		st, m := send(name, "ada@example.com", "Hi.")
		e, _ := m["error"].(map[string]any)
		fields, _ := e["fields"].(map[string]any)
		if st != 400 || code(m) != "invalid" || fields["name"] == nil {
			t.Errorf("name %q: %d %v", name, st, m)
		}
	}
	for _, email := range []string{"ada@example.com\r\nBcc: victim@example.com", "ada@exa\nmple.com"} {
		if st, m := send("Ada", email, "Hi."); st != 400 || code(m) != "invalid" {
			t.Errorf("email %q: %d %v", email, st, m)
		}
	}

	// The guest's copy says a message was received, without repeating what was sent:
	// the form would otherwise mail anyone's text to any address.
	pitch := "Claim your prize at https://evil.example/win"
	if st, m := send("Win a prize at https://evil.example", "victim@example.com", pitch); st != 201 {
		t.Fatalf("message: %d %v", st, m)
	}
	mine := g.ok("GET", "/api/dev/outbox?email=victim@example.com", "", 200)["messages"].([]any)
	if len(mine) != 1 {
		t.Fatalf("the copy: %v", mine)
	}
	copyMail := mine[0].(map[string]any)
	if all := fmt.Sprint(copyMail["subject"], copyMail["body"]); strings.Contains(all, "evil.example") || !strings.Contains(all, "ticket HH-") {
		t.Errorf("the guest's copy repeats the guest's text: %v", copyMail)
	}
	staff := g.ok("GET", "/api/dev/outbox?email=desk@henhouse.example", "", 200)["messages"].([]any)
	if len(staff) == 0 || !strings.Contains(staff[0].(map[string]any)["body"].(string), pitch) {
		t.Errorf("guest relations get the whole message: %v", staff)
	}

	// One address however it is spelt: two more from victim@, then its +tag and case.
	for _, email := range []string{"victim@example.com", "Victim+a@example.com"} {
		if st, m := send("Ada", email, "Hi."); st != 201 {
			t.Fatalf("%s: %d %v", email, st, m)
		}
	}
	if st, m := send("Ada", "VICTIM+b@Example.com", "Hi."); st != 429 || code(m) != "rate_limited" {
		t.Fatalf("4th message to victim@ under a +tag: %d %v", st, m)
	}
	// Gmail ignores dots in the name part, so one mailbox has many spellings there.
	for _, email := range []string{"ada.lovelace@gmail.com", "adalovelace+x@gmail.com", "a.d.a.lovelace@googlemail.com"} {
		if st, m := send("Ada", email, "Hi."); st != 201 {
			t.Fatalf("%s: %d %v", email, st, m)
		}
	}
	if st, m := send("Ada", "A.DaLove.Lace@gmail.com", "Hi."); st != 429 || code(m) != "rate_limited" {
		t.Fatalf("4th message to one Gmail mailbox: %d %v", st, m)
	}
	// Dots elsewhere are other addresses.
	if st, m := send("Ada", "vic.tim@example.com", "Hi."); st != 201 {
		t.Fatalf("another address: %d %v", st, m)
	}
}
