package server

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// sendFull is send that also answers the response's headers.
func (g *guest) sendFull(method, path, body string, hdr ...string) (int, map[string]any, map[string][]string) {
	g.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", g.csrf)
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
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m, res.Header
}

// firstSlot is the first time a location offers for an advance order.
func firstSlot(g *guest, location string) string {
	g.t.Helper()
	for _, d := range g.ok("GET", "/api/locations/"+location+"/times", "", 200)["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			if sl.(map[string]any)["available"] == true {
				return sl.(map[string]any)["at"].(string)
			}
		}
	}
	g.t.Fatal("no slot")
	return ""
}

// An Idempotency-Key answers only the request it was first sent with: the same
// request again is the first answer with Idempotent-Replayed: true; another request
// with the key (another customer, another cart) is 422 idempotency_key_reused, and
// the new cart stays to be ordered.
func TestIdempotencyKeyAnswersOnlyItsRequest(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	fill := func() string {
		if st, _, raw := g.send("DELETE", "/api/cart", ""); st != 204 && st != 404 {
			t.Fatalf("abandon: %d %s", st, raw)
		}
		g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
		g.ok("POST", "/api/cart/products", `{"product_id":"two-piece"}`, 201)
		g.ok("PUT", "/api/cart/time", `{"mode":"advance","at":"`+firstSlot(g, "oh-dayton")+`"}`, 200)
		return g.ok("GET", "/api/cart", "", 200)["cart"].(map[string]any)["id"].(string)
	}
	fill()
	body := func(first string) string {
		return `{"customer":{"first_name":"` + first + `","last_name":"King","email":"ada@example.com","phone":"6145550100"},"payments":[{"kind":"card","processor":"hosted","token":"` +
			g.cardToken("4242 4242 4242 4242") + `"}]}`
	}
	ada := body("Ada")
	key := []string{"Idempotency-Key", "checkout-bound-1"}
	st, m, h := g.sendFull("POST", "/api/cart/submit", ada, append(key, "X-Bot-Check", g.bot("checkout"))...)
	if st != 201 || len(h["Idempotent-Replayed"]) != 0 {
		t.Fatalf("first: %d %v %v", st, m, h)
	}
	order := m["order"].(map[string]any)["id"]
	st, m, h = g.sendFull("POST", "/api/cart/submit", ada, append(key, "X-Bot-Check", g.bot("checkout"))...)
	if st != 201 || m["order"].(map[string]any)["id"] != order || strings.Join(h["Idempotent-Replayed"], ",") != "true" {
		t.Fatalf("replay: %d %v %v", st, m, h)
	}
	st, m, _ = g.sendFull("POST", "/api/cart/submit", body("Grace"), append(key, "X-Bot-Check", g.bot("checkout"))...)
	if e, _ := m["error"].(map[string]any); st != 422 || e["code"] != "idempotency_key_reused" {
		t.Fatalf("another customer: %d %v", st, m)
	}
	cart := fill()
	st, m, _ = g.sendFull("POST", "/api/cart/submit", ada, append(key, "X-Bot-Check", g.bot("checkout"))...)
	if e, _ := m["error"].(map[string]any); st != 422 || e["code"] != "idempotency_key_reused" {
		t.Fatalf("another cart: %d %v", st, m)
	}
	if now := g.ok("GET", "/api/cart", "", 200)["cart"].(map[string]any); now["id"] != cart {
		t.Fatalf("the new cart is kept: %v", now)
	}

	// A gift-card purchase likewise.
	gift := giftPurchaseBody(g.cardToken("4111 1111 1111 1111"), "sam@example.com")
	gkey := []string{"Idempotency-Key", "gift-bound-1"}
	p := g.ok("POST", "/api/giftcards/purchases", gift, 201, append(gkey, "X-Bot-Check", g.bot("giftcard_buy"))...)["purchase"].(map[string]any)
	st, m, h = g.sendFull("POST", "/api/giftcards/purchases", gift, append(gkey, "X-Bot-Check", g.bot("giftcard_buy"))...)
	if st != 201 || m["purchase"].(map[string]any)["id"] != p["id"] || strings.Join(h["Idempotent-Replayed"], ",") != "true" {
		t.Fatalf("gift replay: %d %v %v", st, m, h)
	}
	other := giftPurchaseBody(g.cardToken("4111 1111 1111 1111"), "someone.else@example.com")
	st, m, _ = g.sendFull("POST", "/api/giftcards/purchases", other, append(gkey, "X-Bot-Check", g.bot("giftcard_buy"))...)
	if e, _ := m["error"].(map[string]any); st != 422 || e["code"] != "idempotency_key_reused" {
		t.Fatalf("another gift card: %d %v", st, m)
	}
}
