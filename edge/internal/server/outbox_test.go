package server

import (
	"strings"
	"testing"
)

func TestOutboxPageOutsideProductionOnly(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	st, _, body := g.send("GET", "/dev/outbox?email=ada@example.com", "")
	if st != 200 || !strings.Contains(body, "ada@example.com") || !strings.Contains(body, "<h1>Outbox</h1>") {
		t.Fatalf("outbox page: %d %s", st, body)
	}
	prod := newGuest(t, newTestServer(t))
	if st, _, _ := prod.send("GET", "/api/dev/outbox", ""); st != 404 {
		t.Fatalf("outbox API in production: %d", st)
	}
	if st, _, _ := prod.send("GET", "/dev/outbox", ""); st != 404 {
		t.Fatalf("outbox page in production: %d", st)
	}
}
