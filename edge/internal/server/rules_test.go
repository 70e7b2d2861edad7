package server

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// The rules of api/openapi.yaml, driven against the real edge. For every operation
// with a JSON body the document's own values make a body it takes: each required
// field from its examples, enum, minimum or minLength. That body must not be refused
// as 400 invalid on a field (any other answer is fine: a business rule, a conflict,
// an unknown resource). Then each constrained field is broken at its boundary, one
// at a time (one character short or over, one below or above the range, off its
// step, off its pattern, enum or format), and the edge must answer 400 invalid naming
// that field, with the field's x-message when the document gives one. The field
// names come from the document, never from this test.
func TestEveryRuleOfTheDocumentIsHeld(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	g.page("/")
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"two-piece","quantity":1}`, 201)

	// Operations whose valid body the document alone can't make, each with why. The
	// field they are refused on is the one the reason names.
	cannotDrive := map[string]string{
		"PUT /api/cart/tip":             "takes one of two fields; which tips a cart offers is the cart's data",
		"PUT /api/cart/group":           "takes one of two fields: a new deadline, or closing the group now",
		"POST /api/giftcards/purchases": "a send date is today to 90 days ahead, and a fixed example falls out of that window",
		"POST /api/catering/estimate":   "the headcount range and the occasions are each menu's data",
		"POST /api/user/password":       "the current password is the member's own, which the document can't know",
		"POST /api/beacons":             "a beacon's modules and events are checked against the running page's modules",
	}

	doc := apiContract(t).Doc()
	paths := doc.Paths.InMatchingOrder()
	sort.Strings(paths)
	var failures []string
	broken := 0
	for _, path := range paths {
		item := doc.Paths.Value(path)
		for _, method := range []string{"DELETE", "PATCH", "POST", "PUT"} {
			op := item.GetOperation(method)
			if op == nil || op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			media := op.RequestBody.Value.Content.Get("application/json")
			if media == nil || media.Schema == nil || media.Schema.Value == nil {
				continue
			}
			target := "/api" + pathParam.ReplaceAllString(path, "x")
			name := method + " " + target
			hdr := requiredHeaders(g, op)
			body, ok := valid(media.Schema.Value).(map[string]any)
			if !ok {
				continue
			}

			for _, b := range boundaries(media.Schema.Value, "") {
				broken++
				sent := withValue(body, media.Schema.Value, b.field, b.value)
				st, m, raw := g.send(method, target, sent, hdr...)
				e, _ := m["error"].(map[string]any)
				fields, _ := e["fields"].(map[string]any)
				switch {
				case st != 400 || e["code"] != "invalid" || fields[b.field] == nil:
					failures = append(failures, fmt.Sprintf("%s, %s %s: %d %.200s", name, b.field, b.what, st, raw))
				case b.message != "" && fields[b.field] != b.message:
					failures = append(failures, fmt.Sprintf("%s, %s %s: says %q, the document's x-message is %q", name, b.field, b.what, fields[b.field], b.message))
				}
			}

			if why, skip := cannotDrive[name]; skip {
				t.Logf("%s: valid body not driven: %s", name, why)
				continue
			}
			raw, _ := json.Marshal(body)
			st, m, answer := g.send(method, target, string(raw), hdr...)
			if e, _ := m["error"].(map[string]any); st == 400 && e["code"] == "invalid" && e["fields"] != nil {
				failures = append(failures, fmt.Sprintf("%s: the document's own body %s was refused: %.200s", name, raw, answer))
			}
		}
	}
	if broken < 40 {
		t.Fatalf("only %d boundary-invalid bodies derived from the document", broken)
	}
	if len(failures) > 0 {
		t.Errorf("%d requests not answered as the document says (%d boundaries):\n  %s", len(failures), broken, strings.Join(failures, "\n  "))
	}
}

var botAction = regexp.MustCompile("bot check \\(action `([a-z_]+)`\\)")

// requiredHeaders are the headers an operation requires: a bot-check token for the action
// its description names, and any other required header (an idempotency key).
func requiredHeaders(g *guest, op *openapi3.Operation) []string {
	var hdr []string
	for _, p := range op.Parameters {
		if p.Value == nil || p.Value.In != "header" || !p.Value.Required && p.Value.Name != "X-Bot-Check" {
			continue
		}
		if p.Value.Name == "X-Bot-Check" {
			if m := botAction.FindStringSubmatch(strings.Join(strings.Fields(op.Description), " ")); m != nil {
				hdr = append(hdr, p.Value.Name, g.bot(m[1]))
			}
			continue
		}
		hdr = append(hdr, p.Value.Name, fmt.Sprintf("rules-%d", len(hdr)+10000000))
	}
	return hdr
}

// valid is a value the schema takes, from the document's own values.
func valid(s *openapi3.Schema) any {
	switch {
	case len(s.Examples) > 0:
		return s.Examples[0]
	case s.Example != nil:
		return s.Example
	case len(s.Enum) > 0:
		return s.Enum[0]
	case s.Type.Includes("object"):
		m := map[string]any{}
		for _, name := range s.Required {
			if p := s.Properties[name]; p != nil && p.Value != nil {
				m[name] = valid(p.Value)
			}
		}
		return m
	case s.Type.Includes("string") && s.Format == "email":
		return "sam@example.com"
	case s.Type.Includes("string"):
		return strings.Repeat("x", max(int(s.MinLength), 1))
	case s.Type.Includes("integer"), s.Type.Includes("number"):
		n := 1.0
		if s.Min != nil {
			n = *s.Min
		}
		if s.MultipleOf != nil {
			n = math.Ceil(n / *s.MultipleOf) * *s.MultipleOf
		}
		return n
	case s.Type.Includes("boolean"):
		return true
	case s.Type.Includes("array"):
		out := []any{}
		if s.Items != nil && s.Items.Value != nil {
			for range s.MinItems {
				out = append(out, valid(s.Items.Value))
			}
		}
		return out
	}
	return "x"
}

type boundary struct {
	field, what string
	value       any
	message     string // the field's x-message
}

// boundaries are the values just outside each rule of each field of s (and of the
// fields of its objects), named by their path as the edge names them (address.zip).
func boundaries(s *openapi3.Schema, prefix string) []boundary {
	var out []boundary
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
		field := prefix + name
		// The words of a rule: the property's x-message, one text or one per keyword.
		words := func(keyword string) string {
			switch m := p.Extensions["x-message"].(type) {
			case string:
				return m
			case map[string]any:
				w, _ := m[keyword].(string)
				return w
			}
			return ""
		}
		add := func(keyword, what string, v any) { out = append(out, boundary{field, what, v, words(keyword)}) }
		if p.Type.Includes("object") {
			out = append(out, boundaries(p, field+".")...)
			continue
		}
		if p.MinLength > 1 {
			add("minLength", "one character short", strings.Repeat("x", int(p.MinLength)-1))
		}
		if p.MaxLength != nil {
			add("maxLength", "one character over", strings.Repeat("x", int(*p.MaxLength)+1))
		}
		if p.Min != nil {
			add("minimum", "below its minimum", *p.Min-1)
		}
		if p.Max != nil {
			add("maximum", "above its maximum", *p.Max+1)
		}
		if p.MultipleOf != nil {
			add("multipleOf", "off its step", valid(p).(float64)+1)
		}
		if p.Pattern != "" {
			re := regexp.MustCompile(p.Pattern)
			for _, v := range []string{"#", "0", "x", " "} {
				if !re.MatchString(v) {
					add("pattern", "off its pattern", v)
					break
				}
			}
		}
		if len(p.Enum) > 0 {
			if p.Type.Includes("string") {
				add("enum", "not in its enum", "not-one-of-them")
			} else {
				add("enum", "not in its enum", 987654)
			}
		}
		switch p.Format {
		case "email":
			add("format", "not an email", "name.example.com")
		case "date", "date-time":
			add("format", "not a date", "2030-02-30")
		}
	}
	return out
}

// withValue is body, as JSON, with the field at path (a.b) set to v; a parent object
// the body lacks is made from its schema's own values.
func withValue(body map[string]any, s *openapi3.Schema, path string, v any) string {
	var set func(m map[string]any, s *openapi3.Schema, parts []string) map[string]any
	set = func(m map[string]any, s *openapi3.Schema, parts []string) map[string]any {
		out := make(map[string]any, len(m)+1)
		for k, x := range m {
			out[k] = x
		}
		if len(parts) == 1 {
			out[parts[0]] = v
			return out
		}
		child := s.Properties[parts[0]].Value
		inner, ok := out[parts[0]].(map[string]any)
		if !ok {
			inner, _ = valid(child).(map[string]any)
		}
		out[parts[0]] = set(inner, child, parts[1:])
		return out
	}
	raw, _ := json.Marshal(set(body, s, strings.Split(path, ".")))
	return string(raw)
}
