package account_test

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// devMode mounts the developer endpoints and the outbox, as outside production.
func devMode(c *account.Config) {
	c.Dev = true
	c.Outbox = c.Members.(loyalty.OutboxReader)
}

func TestDeveloperEndpointsOnlyOutsideProduction(t *testing.T) {
	b := newEnv(t).browser(t)
	b.do("GET", "/api/dev/outbox", "").want(t, 404)
	b.do("POST", "/api/dev/points", `{"member_id":"x","points":1}`).want(t, 404)
	b.do("POST", "/api/dev/force-sign-out", `{"member_id":"x"}`).want(t, 404)
}

func TestDeveloperEndpoints(t *testing.T) {
	e := newEnv(t, devMode)
	b := e.browser(t)
	id := b.member()
	a := b.do("GET", "/api/dev/outbox?email=ada@example.com", "").want(t, 200)
	msgs, _ := a.field("messages").([]any)
	if len(msgs) == 0 || msgs[0].(map[string]any)["to"] != "ada@example.com" || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("outbox %s", a.raw)
	}
	m, err := e.l.Member(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	a = b.do("POST", "/api/dev/points", `{"member_id":"`+id+`","points":25}`).want(t, 200)
	if a.field("user.points") != float64(m.Points+25) {
		t.Fatalf("points %s", a.raw)
	}
	if a := b.do("POST", "/api/dev/force-sign-out", `{"member_id":"nobody"}`); a.status < 400 {
		t.Fatalf("unknown member: %s", a.raw)
	}
	b.do("POST", "/api/dev/force-sign-out", `{"member_id":"`+id+`"}`).want(t, 204)
	if a := b.do("GET", "/api/user", "").want(t, 401); a.errorCode() != "session_invalidated" {
		t.Fatalf("after a forced sign-out %s", a.raw)
	}
}
