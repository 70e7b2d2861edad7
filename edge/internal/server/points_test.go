package server

import (
	"strings"
	"testing"
)

// memberAt signs a new member up (signed in at once) with email.
func memberAt(t *testing.T, s *Server, email string) *guest {
	t.Helper()
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", strings.Replace(signUpBody, "ada@example.com", email, 1), 201, "X-Bot-Check", g.bot("signup"))
	return g
}

func (g *guest) points() (points, lifetime float64) {
	g.t.Helper()
	m := g.ok("GET", "/api/rewards", "", 200)
	return m["points"].(float64), m["lifetime_points"].(float64)
}

// Placing and cancelling an order, again and again, earns nothing: points are
// credited when an order completes, and the order history says the cancelled orders
// earned nothing.
func TestCancelledOrdersEarnNoPoints(t *testing.T) {
	s := newDevServer(t)
	g := memberAt(t, s, "ada@acme.example")
	before, lifeBefore := g.points()
	for i := range 3 {
		o := placeAtDayton(t, g, "cancel-round-"+string(rune('a'+i)), "", `{"kind":"instore"}`)
		if p, _ := g.points(); p != before {
			t.Fatalf("round %d: points %v right after placing, want %v until the order completes", i, p, before)
		}
		g.ok("POST", "/api/orders/"+o["id"].(string)+"/cancel", "", 200)
	}
	if p, l := g.points(); p != before || l != lifeBefore {
		t.Fatalf("after three cancelled orders: points %v lifetime %v, want %v %v", p, l, before, lifeBefore)
	}
	orders := g.ok("GET", "/api/user/orders", "", 200)["orders"].([]any)
	if len(orders) != 3 {
		t.Fatalf("history: %v", orders)
	}
	for _, o := range orders {
		if o := o.(map[string]any); o["status"] != "cancelled" || o["points"] != 0.0 {
			t.Errorf("cancelled order in the history: %v", o)
		}
	}
}

// An order completes on the ordering provider's clock (here fast enough that a
// placed order has completed by the next request): the member's points are credited then, once however often they look.
func TestCompletedOrderEarnsPointsOnce(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.Environment, c.DevEndpoints, c.OrderClockSpeed = "dev", true, 1e9 })
	g := memberAt(t, s, "ada@acme.example")
	before, lifeBefore := g.points()
	placeAtDayton(t, g, "complete-1", "", `{"kind":"instore"}`)
	var earned float64
	for range 3 {
		p, l := g.points()
		if earned == 0 {
			earned = p - before
		}
		if earned <= 0 || p != before+earned || l != lifeBefore+earned {
			t.Fatalf("points %v lifetime %v, want %v more than %v and %v", p, l, earned, before, lifeBefore)
		}
	}
	orders := g.ok("GET", "/api/user/orders", "", 200)["orders"].([]any)
	if len(orders) != 1 || orders[0].(map[string]any)["status"] != "credited" || orders[0].(map[string]any)["points"] != earned {
		t.Fatalf("history: %v", orders)
	}
}
