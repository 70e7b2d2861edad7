package server

import (
	"encoding/json"
	"strings"
	"testing"
)

// fuzzEndpoints are the JSON bodies the edge decodes without a bot check in front.
var fuzzEndpoints = []struct{ method, path, seed string }{
	{"POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`},
	{"POST", "/api/cart/products", `{"product_id":"two-piece","quantity":2,"modifiers":[{"id":"flv-spicy"},{"id":"pcs-mixed"}],"special_instructions":"extra crispy"}`},
	{"PUT", "/api/cart/handoff", `{"mode":"delivery","address":{"street":"1 Main St","city":"Dayton","state":"OH","zip":"45402"}}`},
	{"PUT", "/api/cart/time", `{"mode":"later","at":"2026-11-25T18:00:00Z"}`},
	{"PUT", "/api/cart/tip", `{"percent":18}`},
	{"PUT", "/api/cart/coupon", `{"code":"SAVE10"}`},
	{"PUT", "/api/cart/custom-fields", `{"fields":{"table":"12"}}`},
	{"POST", "/api/cart/transfer", `{"menu_id":"m-texas"}`},
	{"POST", "/api/catering/estimate", `{"guests":20}`},
	{"POST", "/api/payments/cards", `{"processor":"hosted","number":"4111111111111111","exp_month":12,"exp_year":2030,"cvv":"123","zip":"45402"}`},
	{"POST", "/api/send", `{"method":"GET","path":"/locations?state=OH"}`},
	{"POST", "/api/auth/code", `{"challenge_id":"x","code":"123456"}`},
	{"POST", "/api/auth/reset", `{"email":"ada@example.com","code":"123456","password":"chicken123"}`},
	{"POST", "/api/app/handover/exchange", `{"code":"x"}`},
	{"POST", "/api/botcheck/token", `{"action":"login"}`},
}

// FuzzAPIBodies sends any body to each endpoint that decodes JSON: the edge answers
// below 500, and every error in the {error:{code,message}} shape.
//
//	go test -fuzz=FuzzAPIBodies ./edge/internal/server
func FuzzAPIBodies(f *testing.F) {
	s := newTestServerWith(f, func(*Config) {})
	g := newGuest(f, s)
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	for i, e := range fuzzEndpoints {
		f.Add(uint8(i), e.seed)
		f.Add(uint8(i), strings.Replace(e.seed, `"`, `\u0000"`, 2))
		f.Add(uint8(i), `{}`)
	}
	f.Add(uint8(0), `[`)
	f.Add(uint8(1), `{"quantity":1e400}`)
	f.Fuzz(func(t *testing.T, which uint8, body string) {
		e := fuzzEndpoints[int(which)%len(fuzzEndpoints)]
		g.t = t
		st, m, raw := g.send(e.method, e.path, body)
		if st >= 500 {
			t.Fatalf("%s %s %q: %d %s", e.method, e.path, body, st, raw)
		}
		if st >= 400 {
			var shape struct {
				Error struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if json.Unmarshal([]byte(raw), &shape) != nil || shape.Error.Code == "" || shape.Error.Message == "" {
				t.Fatalf("%s %s %q: %d not in the error shape: %s", e.method, e.path, body, st, raw)
			}
		}
		_ = m
	})
}
