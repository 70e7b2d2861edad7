package server

import (
	"bufio"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// placeAtDayton fills g's cart at Dayton for the first free slot, with the handoff
// given (none: pickup), and submits it with the payments given.
func placeAtDayton(t *testing.T, g *guest, key, handoff, payments string) map[string]any {
	t.Helper()
	// A new cart, whatever an earlier step left in the bag (the guest starts over).
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton","replace":true}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`, 201)
	if handoff != "" {
		g.ok("PUT", "/api/cart/handoff", handoff, 200)
	}
	slot := ""
	for _, d := range g.ok("GET", "/api/locations/oh-dayton/times", "", 200)["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			if slot == "" && sl.(map[string]any)["available"] == true {
				slot = sl.(map[string]any)["at"].(string)
			}
		}
	}
	g.ok("PUT", "/api/cart/time", `{"mode":"advance","at":"`+slot+`"}`, 200)
	body := `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@acme.example","phone":"5135550100"},"payments":[` + payments + `]}`
	return g.ok("POST", "/api/cart/submit", body, 201, "Idempotency-Key", key, "X-Bot-Check", g.bot("checkout"))["order"].(map[string]any)
}

// An order through the edge: the visitor reads it, says they're here, follows it as
// events and cancels it; another visitor cannot see it at all.
func TestOrderLifecycleThroughTheEdge(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	if m := g.ok("GET", "/api/orders/recent", "", 200); m["order"] != nil {
		t.Fatalf("no order yet: %v", m)
	}
	o := placeAtDayton(t, g, "edge-order-1", `{"mode":"curbside","vehicle":{"make":"Ford","model":"F-150","color":"Red"}}`, `{"kind":"instore"}`)
	id := o["id"].(string)
	if o["status"] != "placed" || o["cancellable"] != true {
		t.Fatalf("placed: %v", o)
	}
	if m := g.ok("GET", "/api/orders/recent", "", 200); m["order"].(map[string]any)["id"] != id {
		t.Fatalf("recent: %v", m)
	}
	g.ok("GET", "/api/orders/"+id, "", 200)
	arrived := g.ok("POST", "/api/orders/"+id+"/arrived", "", 200)["order"].(map[string]any)["arrived_at"]
	if arrived == nil {
		t.Fatal("arrived_at not set")
	}

	other := newGuest(t, s)
	for _, call := range [][2]string{{"GET", "/api/orders/" + id}, {"GET", "/api/orders/" + id + "/events"}, {"POST", "/api/orders/" + id + "/cancel"}, {"POST", "/api/orders/" + id + "/arrived"}} {
		if st, m, _ := other.send(call[0], call[1], ""); st != 404 || m["error"].(map[string]any)["code"] != "order_not_found" {
			t.Errorf("%s %s by another visitor: %d %v", call[0], call[1], st, m)
		}
	}

	cancelled := g.ok("POST", "/api/orders/"+id+"/cancel", "", 200)["order"].(map[string]any)
	if cancelled["status"] != "cancelled" || cancelled["arrived_at"] != arrived {
		t.Fatalf("cancelled: %v", cancelled)
	}
	if st, m, _ := g.send("POST", "/api/orders/"+id+"/cancel", ""); st != 409 || m["error"].(map[string]any)["code"] != "order_not_cancellable" {
		t.Fatalf("cancel twice: %d %v", st, m)
	}
	if st, m, _ := g.send("POST", "/api/orders/"+id+"/arrived", ""); st != 409 || m["error"].(map[string]any)["code"] != "order_closed" {
		t.Fatalf("arrived when cancelled: %d %v", st, m)
	}

	// The stream of a cancelled order is its one event; its data is an OrderResponse.
	st, _, raw := g.send("GET", "/api/orders/"+id+"/events", "", "Accept", "text/event-stream")
	if st != 200 {
		t.Fatalf("events: %d %s", st, raw)
	}
	var events []string
	sc := bufio.NewScanner(strings.NewReader(raw))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			events = append(events, data)
		}
	}
	if len(events) != 1 || !strings.HasPrefix(raw, "event: order\n") {
		t.Fatalf("events: %q", raw)
	}
	if err := apiContract(t).CheckSchema("OrderResponse", []byte(events[0])); err != nil {
		t.Fatalf("event data: %v", err)
	}
}

// A member keeps a gift card and pays with it, and sees the house accounts their
// email may charge.
func TestMemberGiftCardsAndHouseAccounts(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", strings.Replace(signUpBody, "ada@example.com", "ada@acme.example", 1), 201, "X-Bot-Check", g.bot("signup"))
	// Not before the email address is confirmed: checkout offers no house account,
	// and charging one is refused.
	if accounts := g.ok("GET", "/api/user/house-accounts", "", 200)["house_accounts"].([]any); len(accounts) != 0 {
		t.Fatalf("house accounts of an unconfirmed email: %v", accounts)
	}
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`, 201)
	// The first free slot of the first day.
	if days := g.ok("GET", "/api/locations/oh-dayton/times", "", 200)["days"].([]any); len(days) > 0 {
		for _, sl := range days[0].(map[string]any)["slots"].([]any) {
			if sl.(map[string]any)["available"] == true {
				g.ok("PUT", "/api/cart/time", `{"mode":"advance","at":"`+sl.(map[string]any)["at"].(string)+`"}`, 200)
				break
			}
		}
	}
	body := `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@acme.example","phone":"5135550100"},"payments":[{"kind":"house","account_id":"ha-acme","po_number":"PO-8"}]}`
	if st, m, _ := g.send("POST", "/api/cart/submit", body, "Idempotency-Key", "edge-order-unconfirmed", "X-Bot-Check", g.bot("checkout")); st != 403 || m["error"].(map[string]any)["code"] != "house_account_not_allowed" {
		t.Fatalf("an unconfirmed email charged the house account: %d %v", st, m)
	}
	g.ok("POST", "/api/auth/confirm", `{"code":"`+g.latestCode("ada@acme.example")+`"}`, 200)
	accounts := g.ok("GET", "/api/user/house-accounts", "", 200)["house_accounts"].([]any)
	if len(accounts) != 1 || accounts[0].(map[string]any)["id"] != "ha-acme" || accounts[0].(map[string]any)["available_cents"] != 200000.0 {
		t.Fatalf("house accounts: %v", accounts)
	}
	gift := g.ok("POST", "/api/giftcards/balance", `{"number":"6006491111222233","pin":"4321"}`, 200, "X-Bot-Check", g.bot("giftcard"))["gift_card"].(map[string]any)
	saved := g.ok("POST", "/api/user/giftcards", `{"token":"`+gift["token"].(string)+`","nickname":"Work"}`, 201)["gift_cards"].([]any)
	card := saved[0].(map[string]any)
	// An hour later the saved card still pays.
	s.Store.Mini().FastForward(2 * time.Hour)
	o := placeAtDayton(t, g, "edge-order-2", "", fmt.Sprintf(`{"kind":"giftcard","token":%q,"amount_cents":300},{"kind":"house","account_id":"ha-acme","po_number":"PO-9"}`, card["token"]))
	if o["member_id"] == nil || o["payments"].([]any)[0].(map[string]any)["label"] != "Gift card •••• 2233" {
		t.Fatalf("order: %v", o)
	}
	list := g.ok("GET", "/api/user/giftcards", "", 200)["gift_cards"].([]any)
	if list[0].(map[string]any)["balance_cents"] != 1200.0 {
		t.Fatalf("the balance after paying 300: %v", list)
	}
	left := g.ok("GET", "/api/user/house-accounts", "", 200)["house_accounts"].([]any)[0].(map[string]any)["available_cents"].(float64)
	if left >= 200000 {
		t.Fatalf("the house account was not charged: %v", left)
	}
	// Cancelling gives both back.
	g.ok("POST", "/api/orders/"+o["id"].(string)+"/cancel", "", 200)
	if list := g.ok("GET", "/api/user/giftcards", "", 200)["gift_cards"].([]any); list[0].(map[string]any)["balance_cents"] != 1500.0 {
		t.Fatalf("gift card after the cancel: %v", list)
	}
	if a := g.ok("GET", "/api/user/house-accounts", "", 200)["house_accounts"].([]any)[0].(map[string]any)["available_cents"]; a != 200000.0 {
		t.Fatalf("house account after the cancel: %v", a)
	}
	if list := g.ok("DELETE", "/api/user/giftcards/"+card["id"].(string), "", 200)["gift_cards"].([]any); len(list) != 0 {
		t.Fatalf("removed: %v", list)
	}
}

// A card saved to the account keeps its token: it still pays after an unsaved token
// has expired.
func TestSavedCardStillPaysAnHourLater(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	c := &contract{g: g, entries: map[string]contractEntry{}}
	saved := c.token("", "4242 4242 4242 4242", "4", "2039")
	unsaved := c.token("", "5555 5555 5555 4444", "11", "2038")
	g.ok("POST", "/api/user/cards", fmt.Sprintf(`{"token":%q,"processor":"hosted","brand":"visa","last4":"4242","exp_month":4,"exp_year":2039}`, saved["token"]), 201)
	if st, m, _ := g.send("POST", "/api/user/cards", `{"token":"tok_0123456789abcdef0123456789abcdef","processor":"hosted","brand":"visa","last4":"4242","exp_month":4,"exp_year":2039}`); st != 410 || m["error"].(map[string]any)["code"] != "card_expired" {
		t.Fatalf("a token the processor does not have: %d %v", st, m)
	}
	if cards := g.ok("GET", "/api/user/cards", "", 200)["cards"].([]any); len(cards) != 1 {
		t.Fatalf("cards: %v", cards)
	}
	s.Store.Mini().FastForward(2 * time.Hour)
	pay := func(key, token string) (int, map[string]any) {
		body := `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@example.com","phone":"5135550100"},"payments":[{"kind":"card","processor":"hosted","token":"` + token + `"}]}`
		st, m, _ := g.send("POST", "/api/cart/submit", body, "Idempotency-Key", key, "X-Bot-Check", g.bot("checkout"))
		return st, m
	}
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
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
	if st, m := pay("saved-card-1", unsaved["token"].(string)); st != 410 || m["error"].(map[string]any)["code"] != "card_expired" {
		t.Fatalf("an unsaved token two hours on: %d %v", st, m)
	}
	if st, m := pay("saved-card-2", saved["token"].(string)); st != 201 || m["order"].(map[string]any)["payments"].([]any)[0].(map[string]any)["label"] != "Visa •••• 4242" {
		t.Fatalf("the saved card: %d %v", st, m)
	}
}

// /app/testcheckout is a test page: the 404 page in production unless TEST_CHECKOUT
// is on.
func TestTestCheckoutPage(t *testing.T) {
	for _, c := range []struct {
		env    string
		on     bool
		status int
	}{{"prod", false, 404}, {"prod", true, 200}, {"dev", true, 200}} {
		s := newTestServerWith(t, func(cfg *Config) { cfg.Environment, cfg.TestCheckout = c.env, c.on })
		resp, body := get(t, s, "/app/testcheckout")
		b := bootstrapOf(t, body)
		if resp.StatusCode != c.status {
			t.Errorf("%s, test checkout %v: %d", c.env, c.on, resp.StatusCode)
		}
		known := false
		for _, r := range b.Routes {
			known = known || r.ID == "app-testcheckout"
		}
		if known != c.on || (c.on && b.Route.ID != "app-testcheckout") || (!c.on && b.Route.ID != "not-found") {
			t.Errorf("%s, test checkout %v: route %s, in the table: %v", c.env, c.on, b.Route.ID, known)
		}
	}
}

func TestTestSettingsFromEnv(t *testing.T) {
	for _, c := range []struct {
		appEnv, testCheckout string
		want                 bool
	}{{"prod", "", false}, {"dev", "", true}, {"staging", "", true}, {"prod", "on", true}, {"dev", "off", false}} {
		t.Setenv("APP_ENV", c.appEnv)
		t.Setenv("TEST_CHECKOUT", c.testCheckout)
		if cfg, err := ConfigFromEnv(); err != nil || cfg.TestCheckout != c.want {
			t.Errorf("APP_ENV=%s TEST_CHECKOUT=%q: %v %v", c.appEnv, c.testCheckout, cfg.TestCheckout, err)
		}
	}
	t.Setenv("TEST_CHECKOUT", "yes")
	if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "TEST_CHECKOUT") {
		t.Errorf("TEST_CHECKOUT=yes: %v", err)
	}
	t.Setenv("TEST_CHECKOUT", "")

	t.Setenv("ORDER_CLOCK_SPEED", "")
	if cfg, err := ConfigFromEnv(); err != nil || cfg.OrderClockSpeed != 1 {
		t.Errorf("default clock speed: %v %v", cfg.OrderClockSpeed, err)
	}
	t.Setenv("ORDER_CLOCK_SPEED", "60")
	if cfg, err := ConfigFromEnv(); err != nil || cfg.OrderClockSpeed != 60 {
		t.Errorf("clock speed 60: %v %v", cfg.OrderClockSpeed, err)
	}
	for _, bad := range []string{"0", "-2", "fast", "NaN", "Inf"} {
		t.Setenv("ORDER_CLOCK_SPEED", bad)
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "ORDER_CLOCK_SPEED") {
			t.Errorf("ORDER_CLOCK_SPEED=%s: %v", bad, err)
		}
	}
	t.Setenv("ORDER_CLOCK_SPEED", "")

	if cfg, err := ConfigFromEnv(); err != nil || cfg.EventsMax != 1000 || cfg.EventsPerVisitor != 4 || cfg.EventsPerAddress != 32 {
		t.Errorf("default event stream caps: %d %d %d %v", cfg.EventsMax, cfg.EventsPerVisitor, cfg.EventsPerAddress, err)
	}
	t.Setenv("EVENTS_MAX", "20000")
	if cfg, err := ConfigFromEnv(); err != nil || cfg.EventsMax != 20000 {
		t.Errorf("EVENTS_MAX=20000: %d %v", cfg.EventsMax, err)
	}
	for _, key := range []string{"EVENTS_MAX", "EVENTS_PER_VISITOR", "EVENTS_PER_ADDRESS"} {
		for _, bad := range []string{"0", "-1", "many", "1000001"} {
			t.Setenv(key, bad)
			if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), key) {
				t.Errorf("%s=%s: %v", key, bad, err)
			}
		}
		t.Setenv(key, "")
	}

	t.Setenv("APP_ENV", "dev")
	t.Setenv("ORDER_CLOCK_START", "2026-11-25T12:00:00-05:00")
	if cfg, err := ConfigFromEnv(); err != nil || !cfg.OrderClockStart.Equal(time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)) {
		t.Errorf("clock start: %v %v", cfg.OrderClockStart, err)
	}
	t.Setenv("ORDER_CLOCK_START", "noon")
	if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "ORDER_CLOCK_START") {
		t.Errorf("ORDER_CLOCK_START=noon: %v", err)
	}
	t.Setenv("APP_ENV", "prod")
	t.Setenv("ORDER_CLOCK_START", "2026-11-25T12:00:00-05:00")
	if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "prod") {
		t.Errorf("ORDER_CLOCK_START in prod: %v", err)
	}
}

// readyCart gives the guest a cart at Dayton with a biscuit, for the first open slot.
func readyCart(t *testing.T, g *guest) {
	t.Helper()
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"biscuit"}`, 201)
	for _, d := range g.ok("GET", "/api/locations/oh-dayton/times", "", 200)["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			if sl.(map[string]any)["available"] == true {
				g.ok("PUT", "/api/cart/time", `{"mode":"advance","at":"`+sl.(map[string]any)["at"].(string)+`"}`, 200)
				return
			}
		}
	}
	t.Fatal("no open slot")
}

// A card token from the card fields pays one order: of two submits at once with it,
// one places its order and the other is told to enter the card again.
func TestCardTokenPaysOneOrder(t *testing.T) {
	s := newTestServer(t)
	a, b := newGuest(t, s), newGuest(t, s)
	readyCart(t, a)
	readyCart(t, b)
	tok := (&contract{g: a, entries: map[string]contractEntry{}}).token("", "4242 4242 4242 4242", "4", "2039")["token"].(string)
	body := `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@example.com","phone":"5135550100"},"payments":[{"kind":"card","processor":"hosted","token":"` + tok + `"}]}`
	type answer struct {
		st int
		m  map[string]any
	}
	answers := make([]answer, 2)
	var wg sync.WaitGroup
	for i, g := range []*guest{a, b} {
		hdr := []string{"Idempotency-Key", fmt.Sprintf("one-token-%d", i), "X-Bot-Check", g.bot("checkout")}
		wg.Go(func() {
			st, m, _ := g.send("POST", "/api/cart/submit", body, hdr...)
			answers[i] = answer{st, m}
		})
	}
	wg.Wait()
	placed, refused := 0, 0
	for _, x := range answers {
		switch {
		case x.st == 201:
			placed++
		case x.st == 422 && x.m["error"].(map[string]any)["code"] == "card_token_used" &&
			x.m["error"].(map[string]any)["message"] == "This card was already used for an order. Enter the card again.":
			refused++
		default:
			t.Fatalf("submit: %d %v", x.st, x.m)
		}
	}
	if placed != 1 || refused != 1 {
		t.Fatalf("%d orders placed and %d refused with one token", placed, refused)
	}
}

// A saved card is what its token records: a Visa ending 4242 sent as "Amex •••• 0005"
// is saved as the Visa.
func TestSavedCardIsWhatItsTokenRecords(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	tok := (&contract{g: g, entries: map[string]contractEntry{}}).token("", "4242 4242 4242 4242", "4", "2039")["token"].(string)
	cards := g.ok("POST", "/api/user/cards", fmt.Sprintf(`{"token":%q,"processor":"hosted","brand":"amex","last4":"0005","exp_month":1,"exp_year":2031}`, tok), 201)["cards"].([]any)
	c := cards[0].(map[string]any)
	if len(cards) != 1 || c["label"] != "Visa •••• 4242" || c["brand"] != "visa" || c["last4"] != "4242" || c["exp_month"] != 4.0 || c["exp_year"] != 2039.0 {
		t.Fatalf("saved: %v", cards)
	}
}
