package server

import (
	"fmt"
	"strings"
	"testing"
)

// The form's topics come with the words to show.
func TestContactTopics(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	topics := g.ok("GET", "/api/contact/topics", "", 200)["topics"].([]any)
	var got []string
	for _, tp := range topics {
		m := tp.(map[string]any)
		got = append(got, fmt.Sprint(m["id"], "=", m["label"]))
	}
	if strings.Join(got, ";") != "order=An order;feedback=Feedback about a visit or the website;catering=Catering;accessibility=Accessibility;other=Something else" {
		t.Fatalf("topics: %v", got)
	}
}

// A message puts guest relations' email and the guest's copy in the outbox, with the
// ticket number, the topic's words and the location's name.
func TestContactMailsGuestRelationsAndTheGuest(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) {
		c.Environment, c.DevEndpoints, c.ContactEmail = "dev", true, "desk@henhouse.example"
	})
	g := newGuest(t, s)
	body := `{"name":"Ada","email":"Ada@Example.com","topic":"catering","location_id":"oh-dayton","message":"Forty people on Friday?"}`
	tk := g.ok("POST", "/api/contact", body, 201, "X-Bot-Check", g.bot("contact"))["ticket"].(map[string]any)
	number := tk["number"].(string)

	staff := g.ok("GET", "/api/dev/outbox?email=desk@henhouse.example", "", 200)["messages"].([]any)
	if len(staff) != 1 {
		t.Fatalf("guest relations' mail: %v", staff)
	}
	m := staff[0].(map[string]any)
	for _, want := range []string{"Ticket: " + number, "Topic: Catering", "Location: Henhouse Dayton (oh-dayton)", "Forty people on Friday?"} {
		if !strings.Contains(m["body"].(string), want) {
			t.Errorf("guest relations' mail lacks %q: %v", want, m["body"])
		}
	}
	mine := g.ok("GET", "/api/dev/outbox?email=ada@example.com", "", 200)["messages"].([]any)
	if len(mine) != 1 || mine[0].(map[string]any)["subject"] != "We got your message — ticket "+number {
		t.Fatalf("the guest's copy: %v", mine)
	}
}

// Three messages an hour from one address, from however many IPs; a message with a
// mistake is answered with its fields and spends none of them.
func TestContactIsLimitedPerAddress(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) {
		c.ProxyHeader = "X-Forwarded-For"
		c.TrustedProxies = []string{"0.0.0.0"} // the test client's peer address
	})
	g := newGuest(t, s)
	bad := `{"name":"Ada","email":"ada@example.com","topic":"feedback","message":""}`
	for i := 0; i < 4; i++ {
		if st, m, _ := g.send("POST", "/api/contact", bad, "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", "198.51.100.1"); st != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["message"] == nil {
			t.Fatalf("an empty message: %d %v", st, m)
		}
	}
	for i, email := range []string{"ada@example.com", " ADA@example.com", "ada@example.com"} {
		body := `{"name":"Ada","email":"` + email + `","topic":"feedback","message":"Hi."}`
		if st, m, _ := g.send("POST", "/api/contact", body, "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", 10+i)); st != 201 {
			t.Fatalf("message %d: %d %v", i+1, st, m)
		}
	}
	body := `{"name":"Ada","email":"Ada@Example.com","topic":"feedback","message":"Hi."}`
	st, m, _ := g.send("POST", "/api/contact", body, "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", "198.51.100.20")
	if st != 429 || code(m) != "rate_limited" || !strings.HasPrefix(m["error"].(map[string]any)["message"].(string), "Too many messages from this email address. Please wait") {
		t.Fatalf("a 4th message from one address: %d %v", st, m)
	}
	other := `{"name":"Bob","email":"bob@example.com","topic":"feedback","message":"Hi."}`
	if st, m, _ := g.send("POST", "/api/contact", other, "X-Bot-Check", g.bot("contact"), "X-Forwarded-For", "198.51.100.20"); st != 201 {
		t.Fatalf("another address from that IP: %d %v", st, m)
	}
}

// An order number is checked for its shape, and looked up among the sender's orders:
// found, the message is marked as about one of theirs and takes the order's location;
// not found, it is still sent, marked as not found.
func TestContactLooksUpTheOrder(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.Environment, c.DevEndpoints = "dev", true })
	g := newGuest(t, s)
	o := placeAtDayton(t, g, "contact-order-1", "", `{"kind":"instore"}`)
	id := o["id"].(string)

	if st, m, _ := g.send("POST", "/api/contact", `{"name":"Ada","email":"ada@example.com","topic":"order","order_id":"my last one","message":"Cold."}`, "X-Bot-Check", g.bot("contact")); st != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["order_id"] == nil {
		t.Fatalf("an order number in words: %d %v", st, m)
	}
	g.ok("POST", "/api/contact", `{"name":"Ada","email":"ada@example.com","topic":"order","order_id":"#`+id+`","message":"Cold."}`, 201, "X-Bot-Check", g.bot("contact"))
	stranger := newGuest(t, s)
	stranger.ok("POST", "/api/contact", `{"name":"Bob","email":"bob@example.com","topic":"order","order_id":"`+id+`","message":"Cold."}`, 201, "X-Bot-Check", stranger.bot("contact"))

	mails := g.ok("GET", "/api/dev/outbox?email=guest-relations@henhouse.example", "", 200)["messages"].([]any)
	if len(mails) != 2 {
		t.Fatalf("mails: %v", mails)
	}
	theirs, notTheirs := mails[1].(map[string]any)["body"].(string), mails[0].(map[string]any)["body"].(string)
	if !strings.Contains(theirs, "Order: "+id+" (one of the sender's orders)") || !strings.Contains(theirs, "Location: Henhouse Dayton (oh-dayton)") {
		t.Fatalf("the sender's own order: %s", theirs)
	}
	if !strings.Contains(notTheirs, "Order: "+id+" (not found among the sender's orders") || strings.Contains(notTheirs, "Location:") {
		t.Fatalf("someone else's order: %s", notTheirs)
	}
}
