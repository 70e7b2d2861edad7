package server

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"
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
// placed order has completed by the next request): the member's points are credited
// then, once however often, and however many at once, they look.
func TestCompletedOrderEarnsPointsOnce(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.Environment, c.DevEndpoints, c.OrderClockSpeed = "dev", true, 1e9 })
	g := memberAt(t, s, "ada@acme.example")
	before, lifeBefore := g.points()
	placeAtDayton(t, g, "complete-1", "", `{"kind":"instore"}`)
	// Several reads at once settle the completed order; it is credited once.
	var wg sync.WaitGroup
	for range 4 {
		c := g.clone()
		wg.Go(func() { c.send("GET", "/api/rewards", "") })
	}
	wg.Wait()
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

// fillCartAtDayton gives g a cart at Dayton with a Chicken Biscuit and a Buttermilk
// Biscuit, for pickup at the first free time, ready to submit.
func fillCartAtDayton(t *testing.T, g *guest) {
	t.Helper()
	g.send("DELETE", "/api/cart", "")
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"biscuit"}`, 201)
	slot := ""
	for _, d := range g.ok("GET", "/api/locations/oh-dayton/times", "", 200)["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			if slot == "" && sl.(map[string]any)["available"] == true {
				slot = sl.(map[string]any)["at"].(string)
			}
		}
	}
	g.ok("PUT", "/api/cart/time", `{"mode":"advance","at":"`+slot+`"}`, 200)
}

const submitBody = `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@acme.example","phone":"5135550100"},"payments":[{"kind":"instore"}]}`

// redemptionStatus is the status of one of the member's redemptions and the balance.
func (g *guest) redemptionStatus(id string) (string, float64) {
	g.t.Helper()
	m := g.ok("GET", "/api/rewards", "", 200)
	for _, r := range m["redemptions"].([]any) {
		if r := r.(map[string]any); r["id"] == id {
			return r["status"].(string), m["points"].(float64)
		}
	}
	g.t.Fatalf("no redemption %s: %v", id, m["redemptions"])
	return "", 0
}

// orderHasReward reports whether a placed order took a reward: its discount, or for
// a free item (the free side) its line at $0.
func orderHasReward(o map[string]any, id string) bool {
	for _, d := range o["discounts"].([]any) {
		if d := d.(map[string]any); d["kind"] == "reward" && d["code"] == id {
			return true
		}
	}
	for _, l := range o["products"].([]any) {
		if r, ok := l.(map[string]any)["reward"].(map[string]any); ok && r["id"] == id && l.(map[string]any)["total_cents"] == 0.0 {
			return true
		}
	}
	return false
}

// Submitting a cart and cancelling its reward at the same moment never gives both the
// discount and the points: an order that took the reward's discount has the reward
// used and its points spent, and a reward cancelled (points back) is on no order.
func TestSubmitAndUnredeemRace(t *testing.T) {
	s := newDevServer(t)
	g := memberAt(t, s, "ada@acme.example")
	memberID := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any)["id"].(string)
	if _, err := s.Loyalty.AdjustPoints(context.Background(), memberID, 30*300, "Goodwill"); err != nil {
		t.Fatal(err)
	}
	both := 0
	for round := range 30 {
		fillCartAtDayton(t, g)
		red := g.ok("POST", "/api/rewards/free-side/redeem", "", 200)["redemption"].(map[string]any)["id"].(string)
		_, before := g.redemptionStatus(red)
		bot := g.bot("checkout")
		a, b := g.clone(), g.clone()
		var wg sync.WaitGroup
		var subStatus, unStatus int
		var sub map[string]any
		wg.Go(func() {
			subStatus, sub, _ = a.send("POST", "/api/cart/submit", submitBody, "Idempotency-Key", fmt.Sprintf("race-%02d-submit", round), "X-Bot-Check", bot)
		})
		wg.Go(func() { unStatus, _, _ = b.send("DELETE", "/api/rewards/redemptions/"+red, "") })
		wg.Wait()
		status, points := g.redemptionStatus(red)
		placedWithReward := subStatus == 201 && orderHasReward(sub["order"].(map[string]any), red)
		switch {
		case placedWithReward && (status != "used" || points != before || unStatus == 200):
			both++
			t.Errorf("round %d: the order took the discount, the reward is %s, points %v (were %v), un-redeem %d", round, status, points, before, unStatus)
		case !placedWithReward && status == "used":
			t.Errorf("round %d: reward used but the order (%d) has no discount", round, subStatus)
		case unStatus == 200 && (status != "cancelled" || points != before+300):
			t.Errorf("round %d: un-redeem answered 200 but the reward is %s, points %v (were %v)", round, status, points, before)
		}
	}
	if both > 0 {
		t.Fatalf("%d of 30 rounds kept the discount and the points", both)
	}
}

// clone is another client with g's cookies, for requests at the same time as g's.
func (g *guest) clone() *guest {
	return &guest{t: g.t, s: g.s, cookies: maps.Clone(g.cookies), csrf: g.csrf}
}

// A reward in a cart the member abandons comes back as un-redeeming it would: the
// redemption is cancelled and its points return, so the reward can be taken again.
// So does a reward on an order the member cancels.
func TestAbandonedCartAndCancelledOrderGiveBackTheirRewards(t *testing.T) {
	s := newDevServer(t)
	g := memberAt(t, s, "ada@acme.example")
	memberID := g.ok("GET", "/api/user", "", 200)["user"].(map[string]any)["id"].(string)
	if _, err := s.Loyalty.AdjustPoints(context.Background(), memberID, 1000, "Goodwill"); err != nil {
		t.Fatal(err)
	}
	start, _ := g.points()

	fillCartAtDayton(t, g)
	red := g.ok("POST", "/api/rewards/free-side/redeem", "", 200)["redemption"].(map[string]any)["id"].(string)
	if _, p := g.redemptionStatus(red); p != start-300 {
		t.Fatalf("points after redeeming: %v", p)
	}
	g.ok("DELETE", "/api/cart", "", 204)
	if status, p := g.redemptionStatus(red); status != "cancelled" || p != start {
		t.Fatalf("after abandoning the cart the reward is %s and the points %v, want cancelled and %v", status, p, start)
	}

	fillCartAtDayton(t, g)
	red = g.ok("POST", "/api/rewards/free-side/redeem", "", 200)["redemption"].(map[string]any)["id"].(string)
	o := g.ok("POST", "/api/cart/submit", submitBody, 201, "Idempotency-Key", "give-back-order", "X-Bot-Check", g.bot("checkout"))["order"].(map[string]any)
	if status, p := g.redemptionStatus(red); status != "used" || p != start-300 || !orderHasReward(o, red) {
		t.Fatalf("on the placed order the reward is %s and the points %v", status, p)
	}
	g.ok("POST", "/api/orders/"+o["id"].(string)+"/cancel", "", 200)
	if status, p := g.redemptionStatus(red); status != "cancelled" || p != start {
		t.Fatalf("after cancelling the order the reward is %s and the points %v, want cancelled and %v", status, p, start)
	}
	for _, r := range g.ok("GET", "/api/rewards", "", 200)["rewards"].([]any) {
		if r := r.(map[string]any); r["id"] == "free-side" && r["available"] != true {
			t.Fatalf("the reward cannot be taken again: %v", r)
		}
	}
}
