package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// guest is a browser: it keeps its cookies and the CSRF token of its last page.
type guest struct {
	t       testing.TB
	s       *Server
	cookies map[string]string
	csrf    string
}

// bot gets a built-in bot-check token for action, as the page's script does.
func (g *guest) bot(action string) string {
	g.t.Helper()
	return g.ok("POST", "/api/botcheck/token", `{"action":"`+action+`"}`, 200)["token"].(string)
}

func newGuest(t testing.TB, s *Server) *guest {
	g := &guest{t: t, s: s, cookies: map[string]string{}}
	g.page("/")
	return g
}

func (g *guest) send(method, path, body string, hdr ...string) (int, map[string]any, string) {
	g.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if g.csrf != "" {
		req.Header.Set("X-CSRF-Token", g.csrf)
	}
	var ck []string
	for k, v := range g.cookies {
		ck = append(ck, k+"="+v)
	}
	req.Header.Set("Cookie", strings.Join(ck, "; "))
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := g.s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		g.t.Fatal(err)
	}
	for _, c := range res.Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(g.cookies, c.Name)
		} else {
			g.cookies[c.Name] = c.Value
		}
	}
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m, string(raw)
}

func (g *guest) page(path string, hdr ...string) string {
	_, _, body := g.send("GET", path, "", hdr...)
	if m := bootRe.FindStringSubmatch(body); m != nil {
		var b struct {
			CSRF string `json:"csrf"`
		}
		_ = json.Unmarshal([]byte(m[1]), &b)
		g.csrf = b.CSRF
	}
	return body
}

func (g *guest) ok(method, path, body string, want int, hdr ...string) map[string]any {
	g.t.Helper()
	s, m, raw := g.send(method, path, body, hdr...)
	if s != want {
		g.t.Fatalf("%s %s: %d, want %d: %s", method, path, s, want, raw)
	}
	return m
}

// A guest finds a location by address, orders for delivery at a chosen time, pays
// part by gift card and the rest by card, and reads the confirmation.
func TestGuestCheckoutEndToEnd(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	m := g.ok("GET", "/api/locations?q=Columbus,%20OH&limit=3", "", 200)
	first := m["locations"].([]any)[0].(map[string]any)
	if first["address"].(map[string]any)["city"] != "Columbus" {
		t.Fatalf("nearest to Columbus: %v", first["name"])
	}
	// The field named is the query parameter the guest sent (q), never an internal name.
	if s, m, _ := g.send("GET", "/api/locations?q=zzzz%20nowhere", ""); s != 400 || m["error"].(map[string]any)["code"] != "address_not_found" ||
		len(m["error"].(map[string]any)["fields"].(map[string]any)) != 1 || m["error"].(map[string]any)["fields"].(map[string]any)["q"] == nil {
		t.Fatalf("unknown address: %d %v", s, m)
	}
	id, menu := first["id"].(string), first["menu_id"].(string)
	g.ok("POST", "/api/cart", `{"menu_id":"`+menu+`","location_id":"`+id+`"}`, 201)
	boot := bootstrapOf(t, g.page("/"))
	if !boot.Session.HasCart {
		t.Fatal("the bootstrap says the visitor has a cart")
	}
	g.ok("POST", "/api/cart/products", `{"product_id":"family-8","modifiers":[{"id":"flv-original"},{"id":"pcs-mixed"},{"id":"fside-mac","quantity":2}]}`, 201)
	if s, m, _ := g.send("PUT", "/api/cart/handoff", `{"mode":"delivery","address":{"street":"1 Main St","city":"Cleveland","state":"OH","zip":"44114"}}`); s != 422 || m["error"].(map[string]any)["code"] != "outside_delivery_area" {
		t.Fatalf("Cleveland from Columbus: %d %v", s, m)
	}
	m = g.ok("PUT", "/api/cart/handoff", `{"mode":"delivery","address":{"street":"20 High St","city":"Columbus","state":"OH","zip":"43215"}}`, 200)
	if m["cart"].(map[string]any)["totals"].(map[string]any)["fees_cents"].(float64) <= 0 {
		t.Fatal("delivery fee")
	}
	times := g.ok("GET", "/api/locations/"+id+"/times", "", 200)
	var slot string
	for _, d := range times["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			if slot == "" && sl.(map[string]any)["available"] == true {
				slot = sl.(map[string]any)["at"].(string)
			}
		}
	}
	g.ok("PUT", "/api/cart/time", `{"mode":"advance","at":"`+slot+`"}`, 200)

	if s, m, _ := g.send("POST", "/api/payments/cards", `{"number":"4242 4242 4242 4241","exp_month":12,"exp_year":2031,"cvv":"123","postal_code":"43215"}`); s != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["number"] == nil {
		t.Fatalf("Luhn failure: %d %v", s, m)
	}
	card := g.ok("POST", "/api/payments/cards", `{"number":"4242 4242 4242 4242","exp_month":12,"exp_year":2031,"cvv":"123","postal_code":"43215"}`, 201)["card"].(map[string]any)
	if card["brand"] != "visa" || card["last4"] != "4242" || strings.Contains(card["token"].(string), "4242424242424242") {
		t.Fatalf("token: %v", card)
	}
	body := `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@example.com","phone":"6145550100"},"payments":[` +
		`{"kind":"giftcard","number":"6006495555666677","pin":"2468","amount_cents":1000},{"kind":"card","processor":"hosted","token":"` + card["token"].(string) + `"}]}`
	if st, m, _ := g.send("POST", "/api/cart/submit", body, "Idempotency-Key", "checkout-attempt-1"); st != 403 || m["error"].(map[string]any)["code"] != "bot_check_failed" {
		t.Fatalf("submit without the bot check: %d %v", st, m)
	}
	// A delivery tip goes to the driver: the order says how much.
	if st, m, _ := g.send("POST", "/api/cart/submit", body, "Idempotency-Key", "checkout-attempt-0", "X-Bot-Check", g.bot("checkout")); st != 422 || m["error"].(map[string]any)["code"] != "tip_required" {
		t.Fatalf("delivery without a tip: %d %v", st, m)
	}
	g.ok("PUT", "/api/cart/tip", `{"percent":15}`, 200)
	o := g.ok("POST", "/api/cart/submit", body, 201, "Idempotency-Key", "checkout-attempt-1", "X-Bot-Check", g.bot("checkout"))["order"].(map[string]any)
	again := g.ok("POST", "/api/cart/submit", body, 201, "Idempotency-Key", "checkout-attempt-1", "X-Bot-Check", g.bot("checkout"))["order"].(map[string]any)
	if o["id"] != again["id"] {
		t.Fatal("the same key made two orders")
	}
	pays := o["payments"].([]any)
	if pays[1].(map[string]any)["label"] != "Visa •••• 4242" {
		t.Fatalf("payments: %v", pays)
	}
	conf := g.ok("GET", "/api/orders/"+o["id"].(string), "", 200)["order"].(map[string]any)
	if conf["ready_at"] != slot {
		t.Fatalf("ready at %v, want %v", conf["ready_at"], slot)
	}
	if boot := bootstrapOf(t, g.page("/order/confirm/"+o["id"].(string))); boot.Session.HasCart {
		t.Fatal("the cart is gone after the order")
	}
	if _, m, _ := g.send("GET", "/api/app-data?location_id="+id, ""); m["location"].(map[string]any)["id"] != id || m["cart"] != nil {
		t.Fatalf("app data: %v", m)
	}
	// Nothing the edge keeps holds the card number, the security code's field or the gift card's PIN.
	ctx := context.Background()
	keys, err := s.Store.Client.Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		v, _ := s.Store.Client.Dump(ctx, k).Result()
		for _, secret := range []string{"4242424242424242", "4242 4242 4242 4242", `"pin":"2468"`, `"cvv"`} {
			if strings.Contains(k, secret) || strings.Contains(v, secret) {
				t.Errorf("Redis key %s holds %q", k, secret)
			}
		}
	}
}

// The processor checks a card's fields, not the document: every problem comes back
// at once as card_invalid with a message per field, the code the card fields and
// checkout use to show them on the card form (an expiry month of 13 included).
func TestTokenizeCardFieldRules(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	st, m, _ := g.send("POST", "/api/payments/cards", `{"number":"4242 4242 4242 4242","exp_month":13,"exp_year":2031,"cvv":"12","postal_code":"4321"}`)
	e, _ := m["error"].(map[string]any)
	if st != 400 || e["code"] != "card_invalid" {
		t.Fatalf("bad card: %d %v", st, m)
	}
	fields, _ := e["fields"].(map[string]any)
	for _, f := range []string{"exp_month", "cvv", "postal_code"} {
		if msg, _ := fields[f].(string); msg == "" {
			t.Errorf("no message for %s: %v", f, fields)
		}
	}
	if _, ok := fields["number"]; ok {
		t.Errorf("a good number was refused: %v", fields)
	}
}
