package ordering_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

type client struct {
	t      *testing.T
	app    *fiber.App
	cookie string
	// set holds the cookies the last answer set, by name.
	set map[string]string
	// header is the last answer's headers.
	header http.Header
}

func newApp(t *testing.T, st *store.Store) *fiber.App {
	t.Helper()
	now := time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)
	p, err := builtin.New(context.Background(), builtin.Config{Store: st, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil), BodyLimit: 64 * 1024})
	api := app.Group("/api")
	api.Use(session.New())
	orderingapi.Mount(api, everyRole(p))
	return app
}

// everyRole is the API's configuration on the built-in provider, which fills every
// role.
func everyRole(p *builtin.Provider) orderingapi.Config {
	return orderingapi.Config{Locations: p, Menus: p, Carts: p, Checkout: p, Orders: p, GiftCards: p}
}

func (c *client) do(method, path, body string, hdr ...string) (int, map[string]any) {
	c.t.Helper()
	if c.cookie == "" && method != "GET" {
		// A browser has its visitor cookie from a page before it changes anything; a
		// change without one gets no visitor.
		c.do("GET", "/api/cart", "")
	}
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.cookie != "" {
		req.Header.Set("Cookie", c.cookie)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.app.Test(req)
	if err != nil {
		c.t.Fatal(err)
	}
	c.set = map[string]string{}
	c.header = res.Header
	for _, ck := range res.Cookies() {
		c.set[ck.Name] = ck.Value
		if ck.Name == "hh_sid" {
			c.cookie = "hh_sid=" + ck.Value
		}
	}
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &out); err != nil {
			c.t.Fatalf("%s %s: not JSON (%d): %s", method, path, res.StatusCode, raw)
		}
	}
	return res.StatusCode, out
}

func errCode(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func TestCartFlowOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &client{t: t, app: newApp(t, st)}
		if s, m := c.do("GET", "/api/cart", ""); s != 200 || m["cart"] != nil {
			t.Fatalf("no cart yet: %d %v", s, m)
		}
		if s, m := c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`); s != 201 || m["cart"].(map[string]any)["location_id"] != "oh-dayton" {
			t.Fatalf("create: %d %v", s, m)
		}
		s, m := c.do("POST", "/api/cart/products", `{"product_id":"tenders-3","quantity":2,"modifiers":[{"id":"flv-spicy"}]}`)
		if s != 201 {
			t.Fatalf("add: %d %v", s, m)
		}
		cart := m["cart"].(map[string]any)
		if cart["item_count"].(float64) != 2 || cart["totals"].(map[string]any)["subtotal_cents"].(float64) != 1298 {
			t.Fatalf("cart: %v", cart)
		}
		// A second visitor does not see it.
		other := &client{t: t, app: c.app}
		if _, m := other.do("GET", "/api/cart", ""); m["cart"] != nil {
			t.Fatal("cart leaked to another visitor")
		}
		s, m = c.do("POST", "/api/cart/products", `{"product_id":"tenders-3","modifiers":[]}`)
		if s != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["groups.flavor"] != "Flavor: choose 1" {
			t.Fatalf("missing flavor: %d %v", s, m)
		}
		for _, bad := range []string{`{"product_id":"tenders-3","qty":1}`, `{"product_id":"tenders-3","quantity":"two"}`, `{"product_id":"tenders-3","quantity":1e300}`, `{"product_id":"tenders-3","quantity":99999999999999999999}`, `{`, `[]`, `{"product_id":"x"} {}`} {
			if s, m := c.do("POST", "/api/cart/products", bad); s != 400 || errCode(m) != "invalid" {
				t.Fatalf("%s: %d %v", bad, s, m)
			}
		}
		s, m = c.do("PUT", "/api/cart/handoff", `{"mode":"curbside","vehicle":{"make":"Ford","model":"F-150","color":"Red"}}`)
		if s != 200 || m["cart"].(map[string]any)["handoff"].(map[string]any)["mode"] != "curbside" {
			t.Fatalf("handoff: %d %v", s, m)
		}
		if s, m := c.do("PUT", "/api/cart/tip", `{"percent":20}`); s != 200 {
			t.Fatalf("tip: %d %v", s, m)
		}
		body := `{"customer":{"first_name":"Sam","last_name":"Lee","email":"sam@example.com","phone":"937-555-0101"},"payments":[{"kind":"instore"}]}`
		if s, m := c.do("POST", "/api/cart/submit", body); s != 400 || errCode(m) != "invalid" {
			t.Fatalf("no idempotency key: %d %v", s, m)
		}
		s1, m1 := c.do("POST", "/api/cart/submit", body, "Idempotency-Key", "click-123456")
		s2, m2 := c.do("POST", "/api/cart/submit", body, "Idempotency-Key", "click-123456")
		if s1 != 201 || s2 != 201 {
			t.Fatalf("submit: %d %v / %d %v", s1, m1, s2, m2)
		}
		id := m1["order"].(map[string]any)["id"].(string)
		if m2["order"].(map[string]any)["id"] != id {
			t.Fatal("a double click made two orders")
		}
		s, m = c.do("GET", "/api/orders/"+id, "")
		if s != 200 || m["order"].(map[string]any)["status"] != "placed" || m["order"].(map[string]any)["ready_at"] == "" {
			t.Fatalf("confirmation: %d %v", s, m)
		}
		if s, m := c.do("GET", "/api/orders/o_nope", ""); s != 404 || errCode(m) != "order_not_found" {
			t.Fatalf("unknown order: %d %v", s, m)
		}
		if _, m := c.do("GET", "/api/cart", ""); m["cart"] != nil {
			t.Fatal("cart remains after the order")
		}
		c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`)
		if s, _ := c.do("DELETE", "/api/cart", ""); s != 204 {
			t.Fatalf("abandon: %d", s)
		}
		if _, m := c.do("GET", "/api/cart", ""); m["cart"] != nil {
			t.Fatal("abandoned cart remains")
		}
	})
}

func TestTransferOverHTTP(t *testing.T) {
	c := &client{t: t, app: newApp(t, storetest.Embedded(t))}
	c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`)
	c.do("POST", "/api/cart/products", `{"product_id":"biscuits-12"}`)
	c.do("POST", "/api/cart/products", `{"product_id":"cookie","modifiers":[{"id":"pack-1"}]}`)
	s, m := c.do("POST", "/api/cart/transfer", `{"menu_id":"m-campus"}`)
	if s != 200 {
		t.Fatalf("%d %v", s, m)
	}
	nt := m["not_transferred"].([]any)
	if len(nt) != 1 || nt[0].(map[string]any)["name"] != "12 Biscuits" || m["cart"].(map[string]any)["menu_id"] != "m-campus" {
		t.Fatalf("transfer: %v", m)
	}
}

func TestLocationsAndMenus(t *testing.T) {
	c := &client{t: t, app: newApp(t, storetest.Embedded(t))}
	s, m := c.do("GET", "/api/locations?lat=36.16&lng=-86.78&limit=2", "")
	ls := m["locations"].([]any)
	if s != 200 || len(ls) != 2 || ls[0].(map[string]any)["id"] != "tn-nashville" || ls[0].(map[string]any)["distance_miles"] == nil {
		t.Fatalf("nearby: %d %v", s, m)
	}
	for _, q := range []string{"lat=abc&lng=1", "lat=1", "lat=NaN&lng=1", "lat=95&lng=0", "limit=0", "limit=1000"} {
		if s, m := c.do("GET", "/api/locations?"+q, ""); s != 400 {
			t.Fatalf("%s: %d %v", q, s, m)
		}
	}
	_, m = c.do("GET", "/api/locations", "")
	if n := len(m["locations"].([]any)); n < 40 {
		t.Fatalf("all: %d", n)
	}
	_, m = c.do("GET", "/api/locations?state=oh&city=columbus", "")
	if n := len(m["locations"].([]any)); n != 2 {
		t.Fatalf("browse Columbus OH: %d", n)
	}
	_, m = c.do("GET", "/api/locations/states", "")
	if n := len(m["states"].([]any)); n < 6 {
		t.Fatalf("states: %d", n)
	}
	s, m = c.do("GET", "/api/locations/by-menu/m-standard?location_id=oh-akron", "")
	if s != 200 || m["location"].(map[string]any)["id"] != "oh-akron" {
		t.Fatalf("reload by menu: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/locations/by-menu/m-none", ""); s != 404 || errCode(m) != "menu_not_found" {
		t.Fatalf("unknown menu: %d %v", s, m)
	}
	s, m = c.do("GET", "/api/menus/m-standard/products/combo-2pc", "")
	if s != 200 || len(m["upsells"].([]any)) == 0 || len(m["product"].(map[string]any)["modifier_groups"].([]any)) != 6 {
		t.Fatalf("product: %d %v", s, m)
	}
	s, m = c.do("GET", "/api/menus/m-standard/search?q=scratch&exclude=dairy", "")
	if s != 200 || len(m["products"].([]any)) == 0 {
		t.Fatalf("search: %d %v", s, m)
	}
	if s, _ := c.do("GET", "/api/menus/m-standard/search?exclude=bacon", ""); s != 400 {
		t.Fatal("unknown marker")
	}
	s, m = c.do("POST", "/api/catering/estimate", `{"headcount":40,"occasion":"office-lunch"}`)
	if s != 200 || m["estimate"].(map[string]any)["total_cents"].(float64) <= 0 {
		t.Fatalf("estimate: %d %v", s, m)
	}
	s, m = c.do("GET", "/api/locations/oh-columbus-downtown/times", "")
	if s != 200 || m["asap_available"] != true || m["earliest"] != "2026-11-25T17:25:00Z" {
		t.Fatalf("times: %d %v", s, m)
	}
	_ = http.StatusOK
}

// Every endpoint that changes one part of the cart: a good body changes it, a bad body
// is a 400 with the error shape, and without a cart the answer is 404.
func TestCartChangesOverHTTP(t *testing.T) {
	st := storetest.Embedded(t)
	c := &client{t: t, app: newApp(t, st)}
	if s, m := c.do("PUT", "/api/cart/tip", `{"percent":15}`); s != 404 || errCode(m) != "cart_not_found" {
		t.Fatalf("no cart: %d %v", s, m)
	}
	c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
	_, m := c.do("POST", "/api/cart/products", `{"product_id":"tenders-3","quantity":1,"modifiers":[{"id":"flv-spicy"}]}`)
	line := m["cart"].(map[string]any)["products"].([]any)[0].(map[string]any)["id"].(string)
	cases := []struct {
		method, path, body string
		want               int
		check              func(cart map[string]any) bool
	}{
		{"PUT", "/api/cart/products/" + line, `{"product_id":"tenders-3","quantity":3,"modifiers":[{"id":"flv-spicy"}]}`, 200,
			func(c map[string]any) bool { return c["item_count"].(float64) == 3 }},
		{"PUT", "/api/cart/products/" + line, `{"quantity":"three"}`, 400, nil},
		{"PUT", "/api/cart/time", `{"mode":"asap"}`, 200, func(c map[string]any) bool { return c["time"].(map[string]any)["mode"] == "asap" }},
		{"PUT", "/api/cart/time", `{"mode":7}`, 400, nil},
		{"PUT", "/api/cart/coupon", `{"code":"WELCOME5"}`, 200, func(c map[string]any) bool { return len(c["discounts"].([]any)) == 1 }},
		{"DELETE", "/api/cart/coupon", ``, 200, func(c map[string]any) bool { return len(c["discounts"].([]any)) == 0 }},
		{"PUT", "/api/cart/coupon", `{"cod":"X"}`, 400, nil},
		{"PUT", "/api/cart/tip", `{"percent":18}`, 200, func(c map[string]any) bool { return c["totals"].(map[string]any)["tip_cents"].(float64) > 0 }},
		{"PUT", "/api/cart/utensils", `{}`, 400, nil},
		{"PUT", "/api/cart/utensils", `{"utensils":true}`, 200, func(c map[string]any) bool { return c["utensils"] == true }},
		{"PUT", "/api/cart/custom-fields", `{"fields":{"table":"12"}}`, 200, func(c map[string]any) bool {
			return c["custom_fields"].(map[string]any)["table"] == "12"
		}},
		{"PUT", "/api/cart/tax-exemption", `{"id":5}`, 400, nil},
		{"DELETE", "/api/cart/products/" + line, ``, 200, func(c map[string]any) bool { return c["item_count"].(float64) == 0 }},
	}
	for _, tc := range cases {
		s, m := c.do(tc.method, tc.path, tc.body)
		if s != tc.want {
			t.Fatalf("%s %s %s: %d %v", tc.method, tc.path, tc.body, s, m)
		}
		if tc.check != nil && !tc.check(m["cart"].(map[string]any)) {
			t.Fatalf("%s %s %s: cart %v", tc.method, tc.path, tc.body, m["cart"])
		}
		if tc.want == 400 && errCode(m) == "" {
			t.Fatalf("%s %s: no error code: %v", tc.method, tc.path, m)
		}
	}
}

// Without a geocoder, suggestions and the delivery search say address lookups are
// unavailable (503), while what needs no geocoder still answers.
func TestLocationSearchesWithoutAGeocoder(t *testing.T) {
	c := &client{t: t, app: newApp(t, storetest.Embedded(t))}
	if s, m := c.do("GET", "/api/places?q=louisville", ""); s != 503 || errCode(m) != "geocoder_unavailable" {
		t.Fatalf("suggestions: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/places?q=l", ""); s != 200 || len(m["places"].([]any)) != 0 {
		t.Fatalf("a one-letter query: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/places?q=", ""); s != 200 || len(m["places"].([]any)) != 0 {
		t.Fatalf("a cleared box: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/places", ""); s != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["q"] != "required" {
		t.Fatalf("no q at all: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/places?q="+strings.Repeat("a", 201), ""); s != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["q"] == nil {
		t.Fatalf("too long: %d %v", s, m)
	}
	address := `{"address":{"street":"1 Vine St","city":"Cincinnati","state":"OH","zip":"45202"}}`
	if s, m := c.do("POST", "/api/locations/delivery", address); s != 503 || errCode(m) != "delivery_unavailable" {
		t.Fatalf("delivery search: %d %v", s, m)
	}
	if s, m := c.do("POST", "/api/locations/delivery", `{"address":{"street":"1 Vine St"}}`); s != 400 || errCode(m) != "invalid" {
		t.Fatalf("the address rules come first: %d %v", s, m)
	}
	if s, m := c.do("POST", "/api/locations/delivery", `{"street":"1 Vine St"}`); s != 400 || errCode(m) != "invalid" {
		t.Fatalf("an unknown field: %d %v", s, m)
	}
}
