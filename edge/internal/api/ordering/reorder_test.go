package ordering_test

import (
	"sync"
	"testing"
	"time"
)

// placeBiscuitsAndTenders places a member's order of 12 biscuits and a 3-piece
// tenders at Columbus downtown, paid in store.
func placeBiscuitsAndTenders(t *testing.T, c *client, key, memberID string) string {
	t.Helper()
	c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown","replace":true}`)
	for _, body := range []string{`{"product_id":"biscuits-12"}`, `{"product_id":"tenders-3","quantity":2,"modifiers":[{"id":"flv-spicy"}]}`} {
		if s, m := c.do("POST", "/api/cart/products", body); s != 201 {
			t.Fatalf("add: %d %v", s, m)
		}
	}
	body := `{"customer":{"first_name":"Sam","last_name":"Lee","email":"sam@example.com","phone":"937-555-0101"},"payments":[{"kind":"instore"}]}`
	s, m := c.do("POST", "/api/cart/submit", body, "Idempotency-Key", key, "X-Test-Member", memberID)
	if s != 201 {
		t.Fatalf("submit: %d %v", s, m)
	}
	return m["order"].(map[string]any)["id"].(string)
}

// cartLines are the product ids and quantities of a cart answer.
func cartLines(m map[string]any) map[string]float64 {
	out := map[string]float64{}
	cart, _ := m["cart"].(map[string]any)
	products, _ := cart["products"].([]any)
	for _, p := range products {
		line := p.(map[string]any)
		out[line["product_id"].(string)] += line["quantity"].(float64)
	}
	return out
}

func TestReorder(t *testing.T) {
	e := newOrdersApp(t, nil)
	phone := &client{t: t, app: e.app}
	id := placeBiscuitsAndTenders(t, phone, "reorder-0001", "m_1")
	member := []string{"X-Test-Member", "m_1"}
	laptop := &client{t: t, app: e.app}

	// Another member's order, or one that does not exist, is not found.
	for _, path := range []string{"/api/orders/" + id + "/reorder", "/api/orders/o_nope/reorder"} {
		if s, m := laptop.do("POST", path, "", "X-Test-Member", "m_2"); s != 404 || errCode(m) != "order_not_found" {
			t.Fatalf("%s by another member: %d %v", path, s, m)
		}
	}
	if s, m := laptop.do("POST", "/api/orders/"+id+"/reorder", "", member...); s != 201 {
		t.Fatalf("the member's own order: %d %v", s, m)
	} else if got := cartLines(m); got["biscuits-12"] != 1 || got["tenders-3"] != 2 || len(m["not_transferred"].([]any)) != 0 {
		t.Fatalf("reorder: %v", m)
	} else if cart := m["cart"].(map[string]any); cart["location_id"] != "oh-columbus-downtown" || cart["totals"].(map[string]any)["subtotal_cents"].(float64) <= 0 {
		t.Fatalf("reorder at the order's location, priced: %v", cart)
	}
	if s, m := laptop.do("GET", "/api/cart", ""); s != 200 || cartLines(m)["tenders-3"] != 2 {
		t.Fatalf("the cart kept: %d %v", s, m)
	}

	// The cart now holds items: a reorder does not throw them away unless told.
	if s, m := laptop.do("POST", "/api/orders/"+id+"/reorder", `{}`, member...); s != 409 || errCode(m) != "cart_open" {
		t.Fatalf("over an open cart: %d %v", s, m)
	}
	laptop.do("POST", "/api/cart/products", `{"product_id":"biscuits-12"}`)
	if s, m := laptop.do("POST", "/api/orders/"+id+"/reorder", `{"replace":true}`, member...); s != 201 || cartLines(m)["biscuits-12"] != 1 {
		t.Fatalf("replace: %d %v", s, m)
	}

	// At a campus location the 12 biscuits are not on the menu: reported, not added.
	s, m := laptop.do("POST", "/api/orders/"+id+"/reorder", `{"location_id":"in-bloomington","replace":true}`, member...)
	if s != 201 {
		t.Fatalf("at another location: %d %v", s, m)
	}
	nt, _ := m["not_transferred"].([]any)
	if len(nt) != 1 || nt[0].(map[string]any)["name"] != "12 Biscuits" || nt[0].(map[string]any)["reason"] == "" {
		t.Fatalf("not transferred: %v", m)
	}
	if cart := m["cart"].(map[string]any); cart["location_id"] != "in-bloomington" || cart["menu_id"] != "m-campus" || cartLines(m)["tenders-3"] != 2 {
		t.Fatalf("cart at the campus: %v", cart)
	}

	// Unknown location, malformed body.
	if s, m := laptop.do("POST", "/api/orders/"+id+"/reorder", `{"location_id":"nowhere","replace":true}`, member...); s != 404 || errCode(m) != "location_not_found" {
		t.Fatalf("unknown location: %d %v", s, m)
	}
	if s, m := laptop.do("POST", "/api/orders/"+id+"/reorder", `{"replace":"yes"}`, member...); s != 400 {
		t.Fatalf("replace not a boolean: %d %v", s, m)
	}
}

// A guest's order is theirs to reorder on the device that placed it; another guest is
// told it does not exist.
func TestGuestReorder(t *testing.T) {
	e := newOrdersApp(t, nil)
	c := &client{t: t, app: e.app}
	id := placeOrder(t, c, "reorder-guest-1", "")["id"].(string)
	if s, m := c.do("POST", "/api/orders/"+id+"/reorder", ""); s != 201 || cartLines(m)["tenders-3"] != 1 {
		t.Fatalf("guest reorder: %d %v", s, m)
	}
	other := &client{t: t, app: e.app}
	if s, m := other.do("POST", "/api/orders/"+id+"/reorder", ""); s != 404 || errCode(m) != "order_not_found" {
		t.Fatalf("another guest: %d %v", s, m)
	}
}

// At night, the location closed, the cart is still made for a later time (as starting
// a cart is), not refused with a server error.
func TestReorderWhileClosed(t *testing.T) {
	e := newOrdersApp(t, nil)
	c := &client{t: t, app: e.app}
	id := placeOrder(t, c, "reorder-closed-1", "")["id"].(string)
	e.clk.Set(time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)) // 3 AM in Ohio
	s, m := c.do("POST", "/api/orders/"+id+"/reorder", "")
	if s != 201 || cartLines(m)["tenders-3"] != 1 {
		t.Fatalf("reorder while closed: %d %v", s, m)
	}
}

// Two reorders at once leave the order's lines in the cart once, whichever wins.
func TestReordersAtOnce(t *testing.T) {
	e := newOrdersApp(t, nil)
	c := &client{t: t, app: e.app}
	id := placeBiscuitsAndTenders(t, c, "reorder-race-1", "m_1")
	var wg sync.WaitGroup
	statuses := make([]int, 4)
	for i := range statuses {
		tab := &client{t: t, app: e.app, cookie: c.cookie} // the same visitor in another tab
		wg.Go(func() {
			s, m := tab.do("POST", "/api/orders/"+id+"/reorder", "", "X-Test-Member", "m_1")
			if s != 201 && errCode(m) != "cart_open" && errCode(m) != "cart_busy" {
				t.Errorf("reorder %d: %d %v", i, s, m)
			}
			statuses[i] = s
		})
	}
	wg.Wait()
	_, m := c.do("GET", "/api/cart", "")
	if got := cartLines(m); got["biscuits-12"] != 1 || got["tenders-3"] != 2 || len(got) != 2 {
		t.Fatalf("after reorders at once %v: %v", statuses, m)
	}
}
