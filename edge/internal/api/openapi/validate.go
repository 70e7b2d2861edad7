package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v3"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/henhouse/platform/edge/internal/httpx"
)

// Requests is the /api middleware that holds every request to api/openapi.yaml
// before a handler sees it: the JSON body against the operation's request schema
// (required fields, null, types, empty required text, enums, unknown fields, the
// combinations a schema rules out) and each declared query parameter against its
// schema. What the document refuses is answered 400 invalid, naming each field and
// what is wrong with it in words a guest can read; nothing of the request is echoed.
// So the document states what a request may hold, and the edge takes exactly that.
//
// Schemas are compiled once, here (the document is embedded: it cannot change while
// the edge runs); a request costs a route lookup and, when it has a body or a query,
// one decode and one validation. The handler still decodes the body itself (strictly,
// httpx.Decode): a body that is not JSON at all is left to it, so that its answer
// (400 or 415) stays the one it gives.
func Requests() fiber.Handler {
	v, err := newValidator()
	if err != nil {
		panic(err)
	}
	return v.handle
}

// Prefix is the path every operation of the document lives under (its server URL).
const Prefix = "/api"

type validator struct {
	// byMethod lists the operations of each method, the most literal paths first.
	byMethod map[string][]*operation
	// messages maps a schema's location to its x-message: the words a guest reads
	// when a value breaks a rule of that schema (a pattern, a length, a range, an enum
	// or a format), the same words the form's own check would show. An x-message is
	// one text for every rule, or a text per keyword ({minLength: …, maxLength: …});
	// here it is always per keyword, "" standing for every one.
	messages map[string]map[string]string
	// worded holds every x-message, to tell a guest's words from the plain ones.
	worded map[string]bool
}

type operation struct {
	path     string   // the document's path ("/cart/products/{lineId}")
	segments []string // "{…}" for a path parameter
	literals int
	body     *jsonschema.Schema
	// bodyRequired: an empty body is refused.
	bodyRequired bool
	query        []queryParam
}

type queryParam struct {
	name     string
	required bool
	kind     string // the schema's type: string, integer, number, boolean, array
	schema   *jsonschema.Schema
}

func newValidator() (*validator, error) {
	raw, err := JSON()
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	const base = "urn:henhouse:openapi"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// format (email, date-time) is a rule of the document, not a remark.
	c.AssertFormat()
	if err := c.AddResource(base, doc); err != nil {
		return nil, err
	}
	root, _ := doc.(map[string]any)
	paths, _ := root["paths"].(map[string]any)
	v := &validator{byMethod: map[string][]*operation{}, messages: map[string]map[string]string{}, worded: map[string]bool{}}
	collectMessages(base+"#", doc, v.messages)
	for _, byKeyword := range v.messages {
		for _, m := range byKeyword {
			v.worded[m] = true
		}
	}
	for path, item := range paths {
		item, _ := item.(map[string]any)
		for method, op := range item {
			op, ok := op.(map[string]any)
			if !ok || method == "parameters" {
				continue
			}
			o := &operation{path: path, segments: strings.Split(strings.Trim(path, "/"), "/")}
			for _, s := range o.segments {
				if !strings.HasPrefix(s, "{") {
					o.literals++
				}
			}
			ptr := "#/paths/" + escape(path) + "/" + method
			if rb := resolve(root, op["requestBody"]); rb != nil {
				if content, _ := rb["content"].(map[string]any); content["application/json"] != nil {
					if o.body, err = c.Compile(base + ptr + "/requestBody/content/application~1json/schema"); err != nil {
						return nil, fmt.Errorf("openapi: %s %s: %w", method, path, err)
					}
					o.bodyRequired, _ = rb["required"].(bool)
				}
			}
			params := map[string]any{}
			for where, list := range map[string]any{"#/paths/" + escape(path) + "/parameters": item["parameters"], ptr + "/parameters": op["parameters"]} {
				list, _ := list.([]any)
				for i, p := range list {
					at := fmt.Sprintf("%s/%d", where, i)
					if m, _ := p.(map[string]any); m["$ref"] != nil {
						at = "#" + strings.TrimPrefix(m["$ref"].(string), "#")
					}
					pm := resolve(root, p)
					if pm == nil || pm["in"] != "query" || pm["schema"] == nil {
						continue
					}
					params[pm["name"].(string)] = [2]any{at, pm}
				}
			}
			for name, p := range params {
				at, pm := p.([2]any)[0].(string), p.([2]any)[1].(map[string]any)
				s, err := c.Compile(base + at + "/schema")
				if err != nil {
					return nil, fmt.Errorf("openapi: %s %s: %s: %w", method, path, name, err)
				}
				schema, _ := pm["schema"].(map[string]any)
				t, _ := schema["type"].(string)
				req, _ := pm["required"].(bool)
				o.query = append(o.query, queryParam{name: name, required: req, kind: t, schema: s})
			}
			sort.Slice(o.query, func(i, j int) bool { return o.query[i].name < o.query[j].name })
			m := strings.ToUpper(method)
			v.byMethod[m] = append(v.byMethod[m], o)
		}
	}
	for _, ops := range v.byMethod {
		sort.SliceStable(ops, func(i, j int) bool { return ops[i].literals > ops[j].literals })
	}
	return v, nil
}

// collectMessages records the x-message of every schema of the document under its
// location (base#/json/pointer), as the validator names a failing schema.
func collectMessages(at string, v any, out map[string]map[string]string) {
	switch v := v.(type) {
	case map[string]any:
		switch m := v["x-message"].(type) {
		case string:
			out[at] = map[string]string{"": m}
		case map[string]any:
			out[at] = map[string]string{}
			for k, text := range m {
				out[at][k], _ = text.(string)
			}
		}
		for k, child := range v {
			collectMessages(at+"/"+escape(k), child, out)
		}
	case []any:
		for i, child := range v {
			collectMessages(fmt.Sprintf("%s/%d", at, i), child, out)
		}
	}
}

// escape makes a path a JSON pointer token.
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// resolve follows a local $ref ("#/components/…") of the document.
func resolve(root map[string]any, v any) map[string]any {
	m, _ := v.(map[string]any)
	ref, _ := m["$ref"].(string)
	if ref == "" {
		return m
	}
	var cur any = root
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		next, _ := cur.(map[string]any)
		cur = next[tok]
	}
	out, _ := cur.(map[string]any)
	return out
}

// find is the operation of a method and a path below Prefix, or nil.
func (v *validator) find(method, path string) *operation {
	ops := v.byMethod[method]
	if len(ops) == 0 {
		return nil
	}
	path = strings.Trim(path, "/")
	n := strings.Count(path, "/") + 1
next:
	for _, o := range ops {
		if len(o.segments) != n {
			continue
		}
		rest := path
		for _, s := range o.segments {
			seg, tail, _ := strings.Cut(rest, "/")
			rest = tail
			if seg == "" || (s[0] != '{' && s != seg) {
				continue next
			}
		}
		return o
	}
	return nil
}

// shared is the compiled document for Allow (Requests compiles its own at mount time,
// so that a broken document fails the edge's start, not a request).
var shared = sync.OnceValues(newValidator)

// Allow lists the methods the document has for a path below Prefix ("/api/cart"),
// HEAD with every GET, in alphabetical order; nil when no operation has the path. It
// is the Allow header of a 405: a request whose method the path does not take is
// told which ones it does, rather than that the path does not exist. served says
// whether the edge routes a method of the document's path ("/api/outbox" with the
// /api prefix): an operation the edge does not serve here (a development endpoint in
// production) is not offered, so a path none of whose operations is served stays 404.
func Allow(path string, served func(method, docPath string) bool) []string {
	rest, ok := strings.CutPrefix(path, Prefix+"/")
	if !ok {
		return nil
	}
	v, err := shared()
	if err != nil {
		return nil
	}
	var out []string
	for method := range v.byMethod {
		if o := v.find(method, rest); o != nil && served(method, Prefix+o.path) {
			out = append(out, method)
			if method == fiber.MethodGet {
				out = append(out, fiber.MethodHead)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (v *validator) handle(c fiber.Ctx) error {
	path, ok := strings.CutPrefix(c.Path(), Prefix+"/")
	if !ok {
		return c.Next()
	}
	o := v.find(c.Method(), path)
	if o == nil {
		return c.Next()
	}
	fields := map[string]string{}
	if len(o.query) > 0 {
		v.checkQuery(o, c, fields)
	}
	if o.body != nil {
		body := c.Body()
		if len(bytes.TrimSpace(body)) == 0 {
			if o.bodyRequired {
				return httpx.Invalid("The request body is empty.", map[string]string{"body": "is required"})
			}
		} else if value, err := jsonschema.UnmarshalJSON(bytes.NewReader(body)); err == nil {
			if err := o.body.Validate(value); err != nil {
				v.describe(err, fields)
			}
		}
	}
	if len(fields) > 0 {
		return httpx.Invalid(v.summary(fields), fields)
	}
	return c.Next()
}

// summary is the message of a refusal. A form with one field wrong says what the
// guest should do about it, in the field's own words (its x-message, as a sentence);
// a form with several, each in its own words, asks to check them, as a form's own
// check does; anything else (a client's mistake) is summed up.
func (v *validator) summary(fields map[string]string) string {
	for _, msg := range fields {
		if !v.worded[msg] {
			return "Some of what was sent is missing or not valid."
		}
		if len(fields) == 1 {
			if !strings.HasSuffix(msg, ".") {
				msg += "."
			}
			return msg
		}
	}
	return "Check the highlighted fields."
}

func (v *validator) checkQuery(o *operation, c fiber.Ctx, fields map[string]string) {
	q := c.Request().URI().QueryArgs()
	for _, p := range o.query {
		if !q.Has(p.name) {
			if p.required {
				fields[p.name] = "is required"
			}
			continue
		}
		raw := string(q.Peek(p.name))
		var value any = raw
		switch p.kind {
		case "integer", "number":
			// A number as JSON writes it (not NaN, Inf or hex, which ParseFloat takes).
			n, err := jsonschema.UnmarshalJSON(strings.NewReader(raw))
			if _, ok := n.(json.Number); err != nil || !ok {
				fields[p.name] = "must be " + typeNames([]string{p.kind})
				continue
			}
			value = n
		case "boolean":
			b, err := strconv.ParseBool(raw)
			if err != nil {
				fields[p.name] = "must be true or false"
				continue
			}
			value = b
		case "string":
		default:
			continue // lists and objects are read by their handler
		}
		if err := p.schema.Validate(value); err != nil {
			sub := map[string]string{}
			v.describe(err, sub)
			for _, msg := range sub {
				fields[p.name] = msg
			}
		}
	}
}

// describe adds one message per failing field of a validation error: the field's
// path (a.b.0.c; "body" for the whole body) and what is wrong, from the schema's
// own terms, never from the value sent. A value that breaks a rule of a schema with
// an x-message gets that message; a field left out, of the wrong type or unknown is
// a client's mistake, not a guest's, and keeps the plain words.
func (v *validator) describe(err error, fields map[string]string) {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		fields["body"] = "is not valid"
		return
	}
	v.walk(ve, fields)
}

func (v *validator) walk(ve *jsonschema.ValidationError, fields map[string]string) {
	at := func(extra ...string) string {
		parts := append(append([]string{}, ve.InstanceLocation...), extra...)
		// A key the guest chose (an unknown field, an entry of a map) is named only
		// when it is a plain name: the answer never carries arbitrary text sent.
		for i, p := range parts {
			if !plainName(p) {
				parts = parts[:i]
				break
			}
		}
		if len(parts) == 0 {
			return "body"
		}
		return strings.Join(parts, ".")
	}
	set := func(field, msg string) {
		if _, ok := fields[field]; !ok {
			fields[field] = msg
		}
	}
	switch k := ve.ErrorKind.(type) {
	case *kind.Required:
		for _, name := range k.Missing {
			set(at(name), "is required")
		}
		return
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			set(at(name), "is not a field we know")
		}
		return
	case *kind.FalseSchema, *kind.Not:
		if m := v.worded1(ve); m != "" {
			set(at(), m)
			return
		}
		set(at(), "is not allowed here")
		return
	case *kind.OneOf, *kind.AnyOf:
		// Each alternative fails for its own reasons: name the field, not them all.
		set(at(), "is not one of the accepted forms")
		return
	}
	if len(ve.Causes) > 0 {
		for _, cause := range ve.Causes {
			v.walk(cause, fields)
		}
		return
	}
	if _, isType := ve.ErrorKind.(*kind.Type); !isType {
		if m := v.worded1(ve); m != "" {
			set(at(), m)
			return
		}
	}
	set(at(), message(ve.ErrorKind))
}

// worded1 is the x-message of the schema and keyword that refused a value, or "".
func (v *validator) worded1(ve *jsonschema.ValidationError) string {
	byKeyword := v.messages[ve.SchemaURL]
	if kw := ve.ErrorKind.KeywordPath(); len(kw) > 0 {
		if m, ok := byKeyword[kw[0]]; ok {
			return m
		}
	}
	return byKeyword[""]
}

func plainName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	// A name starts with a letter; digits alone are an array's index, of at most two
	// digits: a key of more (a card number, a PIN or a security code sent as a key) is
	// never quoted back.
	if c := s[0]; c >= '0' && c <= '9' {
		if len(s) > 2 {
			return false
		}
		for _, r := range s {
			if r < '0' || r > '9' {
				return false
			}
		}
		return true
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func message(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		return "must be " + typeNames(k.Want)
	case *kind.MinLength:
		if k.Want <= 1 {
			return "can't be empty"
		}
		return fmt.Sprintf("must be at least %d characters", k.Want)
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %d characters", k.Want)
	case *kind.Enum:
		return "must be one of: " + joinValues(k.Want)
	case *kind.Const:
		return "must be " + joinValues([]any{k.Want})
	case *kind.Minimum:
		return "must be at least " + rat(k.Want)
	case *kind.Maximum:
		return "must be at most " + rat(k.Want)
	case *kind.ExclusiveMinimum:
		return "must be more than " + rat(k.Want)
	case *kind.ExclusiveMaximum:
		return "must be less than " + rat(k.Want)
	case *kind.MinProperties:
		if k.Want <= 1 {
			return "can't be empty"
		}
		return fmt.Sprintf("needs at least %d entries", k.Want)
	case *kind.MaxProperties:
		if k.Want == 1 {
			return "takes one field only"
		}
		return fmt.Sprintf("can have at most %d entries", k.Want)
	case *kind.MinItems:
		if k.Want <= 1 {
			return "can't be empty"
		}
		return fmt.Sprintf("needs at least %d items", k.Want)
	case *kind.MaxItems:
		return fmt.Sprintf("can have at most %d items", k.Want)
	case *kind.Pattern, *kind.Format:
		return "is not in the expected format"
	case *kind.UniqueItems:
		return "has the same item twice"
	}
	return "is not valid"
}

func typeNames(want []string) string {
	names := make([]string, 0, len(want))
	for _, t := range want {
		switch t {
		case "string":
			names = append(names, "text")
		case "integer":
			names = append(names, "a whole number")
		case "number":
			names = append(names, "a number")
		case "boolean":
			names = append(names, "true or false")
		case "array":
			names = append(names, "a list")
		case "object":
			names = append(names, "an object")
		}
	}
	if len(names) == 0 {
		return "left out"
	}
	return strings.Join(names, " or ")
}

func joinValues(vs []any) string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		if v == nil {
			continue
		}
		out = append(out, fmt.Sprint(v))
	}
	return strings.Join(out, ", ")
}

func rat(r *big.Rat) string {
	if r == nil {
		return "the limit"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'f', -1, 64)
}
