package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// Requests the edge must refuse, derived from api/openapi.yaml: for every operation
// with a request body, an empty body, the body with each required field left out,
// each field null, empty when it can't be, and of the wrong type. Every answer is a 4xx in the
// error shape (checkAPIAnswers checks the shape against the document), and nothing
// is stored: the member's cart and account read the same afterwards. A signed-in
// member with an open cart asks, so that each operation reaches the code that would
// store what it was sent. Each typed query parameter (a number, a flag) is sent empty
// and as text, and is refused alike.
func TestRequestsTheContractRefuses(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	g.page("/")
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"two-piece","quantity":1}`, 201)

	state := func() string {
		var b strings.Builder
		for _, path := range []string{"/api/cart", "/api/user", "/api/user/addresses", "/api/user/cards", "/api/user/giftcards", "/api/user/favorites", "/api/subscriptions"} {
			st, _, raw := g.send("GET", path, "")
			fmt.Fprintf(&b, "%s %d %s\n", path, st, raw)
		}
		return b.String()
	}

	doc := apiContract(t).Doc()
	paths := doc.Paths.InMatchingOrder()
	sort.Strings(paths)
	var failures []string
	sent := 0
	for _, path := range paths {
		item := doc.Paths.Value(path)
		methods := make([]string, 0, 4)
		for m := range item.Operations() {
			methods = append(methods, m)
		}
		sort.Strings(methods)
		for _, method := range methods {
			op := item.GetOperation(method)
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			media := op.RequestBody.Value.Content.Get("application/json")
			if media == nil || media.Schema == nil || media.Schema.Value == nil {
				continue
			}
			target := "/api" + pathParam.ReplaceAllString(path, "x")
			for _, bad := range badBodies(media.Schema.Value, op.RequestBody.Value.Required) {
				before := state()
				st, m, raw := g.send(method, target, bad.body)
				sent++
				e, _ := m["error"].(map[string]any)
				switch {
				case st < 400 || st >= 500:
					failures = append(failures, fmt.Sprintf("%s %s, %s: %d %.160s", method, target, bad.what, st, raw))
				case e == nil || e["code"] == "" || e["message"] == "":
					failures = append(failures, fmt.Sprintf("%s %s, %s: %d not in the error shape: %.160s", method, target, bad.what, st, raw))
				}
				if after := state(); after != before {
					failures = append(failures, fmt.Sprintf("%s %s, %s: answered %d, and stored it:\n%s", method, target, bad.what, st, lineDiff(before, after)))
				}
			}
		}
	}
	// Each typed query parameter, empty and of the wrong type.
	for _, path := range paths {
		item := doc.Paths.Value(path)
		for method, op := range item.Operations() {
			for _, pr := range append(slices.Clone(item.Parameters), op.Parameters...) {
				p := pr.Value
				if p == nil || p.In != "query" || p.Schema == nil || p.Schema.Value == nil || p.Schema.Value.Type.Includes("string") || p.Schema.Value.Type.Includes("array") {
					continue
				}
				for _, bad := range []string{"", "text"} {
					target := "/api" + pathParam.ReplaceAllString(path, "x") + "?" + p.Name + "=" + bad
					before := state()
					st, m, raw := g.send(method, target, "")
					sent++
					if e, _ := m["error"].(map[string]any); st < 400 || st >= 500 || e == nil {
						failures = append(failures, fmt.Sprintf("%s %s: %d %.160s", method, target, st, raw))
					}
					if after := state(); after != before {
						failures = append(failures, fmt.Sprintf("%s %s: answered %d, and stored it:\n%s", method, target, st, lineDiff(before, after)))
					}
				}
			}
		}
	}
	if sent < 150 {
		t.Fatalf("only %d bad requests derived from the document", sent)
	}
	if len(failures) > 0 {
		t.Errorf("%d of %d bad requests were not refused cleanly:\n  %s", len(failures), sent, strings.Join(failures, "\n  "))
	}
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

type badBody struct{ what, body string }

// badBodies derives the bodies a schema refuses: none at all (when the body is
// required), then, from a body holding every required field, each required field
// left out, and each field null (unless the schema allows null), empty (text the
// schema says can't be) or of another type.
func badBodies(s *openapi3.Schema, required bool) []badBody {
	var out []badBody
	if required {
		out = append(out, badBody{"an empty body", ""})
	}
	if !s.Type.Is("object") || len(s.Properties) == 0 {
		return out
	}
	base := map[string]any{}
	for _, name := range s.Required {
		if p := s.Properties[name]; p != nil && p.Value != nil {
			base[name] = sample(p.Value)
		}
	}
	with := func(name string, v any, drop bool) string {
		m := make(map[string]any, len(base)+1)
		for k, x := range base {
			m[k] = x
		}
		if drop {
			delete(m, name)
		} else {
			m[name] = v
		}
		b, _ := json.Marshal(m)
		return string(b)
	}
	for _, name := range s.Required {
		out = append(out, badBody{"without " + name, with(name, nil, true)})
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := s.Properties[name].Value
		if p == nil {
			continue
		}
		if !allowsNull(p) {
			out = append(out, badBody{name + " null", with(name, nil, false)})
		}
		if p.Type.Includes("string") && p.MinLength > 0 {
			out = append(out, badBody{name + " empty", with(name, "", false)})
		}
		if wrong, ok := wrongType(p); ok {
			out = append(out, badBody{name + " of the wrong type", with(name, wrong, false)})
		}
	}
	return out
}

func allowsNull(s *openapi3.Schema) bool {
	if s.Nullable || s.Type.Includes("null") || s.Type == nil || len(s.Type.Slice()) == 0 {
		return true
	}
	for _, alt := range append(slices.Clone(s.OneOf), s.AnyOf...) {
		if alt.Value != nil && allowsNull(alt.Value) {
			return true
		}
	}
	return false
}

// sample is a value of the schema's type, as plausible as the schema says.
func sample(s *openapi3.Schema) any {
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch {
	case s.Type.Includes("string"):
		n := max(int(s.MinLength), 1)
		return strings.Repeat("x", n)
	case s.Type.Includes("integer"), s.Type.Includes("number"):
		if s.Min != nil {
			return *s.Min
		}
		return 1
	case s.Type.Includes("boolean"):
		return true
	case s.Type.Includes("array"):
		return []any{}
	case s.Type.Includes("object"):
		m := map[string]any{}
		for _, name := range s.Required {
			if p := s.Properties[name]; p != nil && p.Value != nil {
				m[name] = sample(p.Value)
			}
		}
		return m
	}
	return "x"
}

// wrongType is a value of a type the schema does not take.
func wrongType(s *openapi3.Schema) (any, bool) {
	for _, v := range []any{"text", 12345, true, []any{"x"}, map[string]any{"x": 1}} {
		var t string
		switch v.(type) {
		case string:
			t = "string"
		case int:
			t = "number"
		case bool:
			t = "boolean"
		case []any:
			t = "array"
		default:
			t = "object"
		}
		if s.Type == nil || s.Type.Includes(t) || (t == "number" && s.Type.Includes("integer")) {
			continue
		}
		return v, true
	}
	return nil, false
}

// lineDiff lists the lines of after that before does not have.
func lineDiff(before, after string) string {
	was := map[string]bool{}
	for _, l := range strings.Split(before, "\n") {
		was[l] = true
	}
	var out []string
	for _, l := range strings.Split(after, "\n") {
		if !was[l] {
			if len(l) > 400 {
				l = l[:400] + "…"
			}
			out = append(out, "    now: "+l)
		}
	}
	return strings.Join(out, "\n")
}

// POST /cart over an open cart that holds items is 409 cart_open and keeps that cart,
// unless the guest says to replace it; an open cart with nothing in it is replaced.
func TestStartingACartOverAnOpenOne(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	start := `{"menu_id":"m-standard","location_id":"oh-dayton"}`
	g.ok("POST", "/api/cart", start, 201)
	g.ok("POST", "/api/cart", start, 201)
	open := g.ok("POST", "/api/cart/products", `{"product_id":"two-piece"}`, 201)["cart"].(map[string]any)
	st, m, raw := g.send("POST", "/api/cart", start)
	if e, _ := m["error"].(map[string]any); st != 409 || e["code"] != "cart_open" {
		t.Fatalf("over a cart with items: %d %s", st, raw)
	}
	if kept := g.ok("GET", "/api/cart", "", 200)["cart"].(map[string]any); kept["id"] != open["id"] || len(kept["products"].([]any)) != 1 {
		t.Fatalf("the open cart is kept: %v", kept)
	}
	fresh := g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton","replace":true}`, 201)["cart"].(map[string]any)
	if fresh["id"] == open["id"] || len(fresh["products"].([]any)) != 0 {
		t.Fatalf("replaced: %v", fresh)
	}
}
