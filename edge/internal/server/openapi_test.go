package server

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/henhouse/platform/edge/internal/api/openapi/openapitest"
)

// The contract of /api is api/openapi.yaml. Every server built by newTestServerWith
// checks each /api answer it gives against it (checkAPIAnswers), so a handler that
// sends a field, a status or a null the document does not describe fails the test
// that made the call, and the front end's generated types stay true.

var contractDoc = sync.OnceValues(openapitest.New)

func apiContract(t *testing.T) *openapitest.Validator {
	t.Helper()
	v, err := contractDoc()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// checkAPIAnswers wraps the server's request handler, which every App.Test call
// goes through, so that each /api answer is validated after it is written.
func checkAPIAnswers(t *testing.T, s *Server) {
	t.Helper()
	v := apiContract(t)
	srv := s.App.Server()
	next := srv.Handler
	srv.Handler = func(ctx *fasthttp.RequestCtx) {
		next(ctx)
		if err := checkAnswer(v, ctx); err != nil {
			t.Errorf("api contract: %v", err)
		}
	}
}

func checkAnswer(v *openapitest.Validator, ctx *fasthttp.RequestCtx) error {
	method := string(ctx.Method())
	if !strings.HasPrefix(string(ctx.Path()), openapitest.Base+"/") || method == "HEAD" || method == "OPTIONS" {
		return nil
	}
	body := ctx.Response.Body()
	if len(ctx.Response.Header.ContentEncoding()) > 0 {
		var err error
		if body, err = ctx.Response.BodyUncompressed(); err != nil {
			return err
		}
	}
	a := openapitest.Answer{
		Method: method, Target: string(ctx.RequestURI()),
		RequestHeader: http.Header{}, RequestBody: slices.Clone(ctx.Request.Body()),
		Status: ctx.Response.StatusCode(), Header: http.Header{}, Body: slices.Clone(body),
	}
	for k, val := range ctx.Request.Header.All() {
		a.RequestHeader.Add(string(k), string(val))
	}
	for k, val := range ctx.Response.Header.All() {
		a.Header.Add(string(k), string(val))
	}
	err := v.Check(a)
	if errors.Is(err, openapitest.ErrNoOperation) && a.Status >= 400 {
		// No such endpoint: the answer is still an error in the shared shape.
		return v.CheckError(a.Status, a.Body)
	}
	return err
}

// Every /api route of the edge (with the developer endpoints, which exist outside
// production, and the CMS webhook, which exists with Storyblok content) has an
// operation in api/openapi.yaml, and every operation a route.
func TestAPIRoutesMatchTheOpenAPIDocument(t *testing.T) {
	s := newDevServer(t)
	sb := newStoryblokServer(t, newFakeStoryblok(t))
	routes := map[string]bool{}
	for _, r := range append(s.App.GetRoutes(true), sb.App.GetRoutes(true)...) {
		if !strings.HasPrefix(r.Path, openapitest.Base+"/") || r.Method == "HEAD" || r.Method == "OPTIONS" || r.Method == "CONNECT" || r.Method == "TRACE" {
			continue
		}
		path := paramRE.ReplaceAllString(r.Path, "{$1}")
		path = strings.Replace(path, "*", "{slug}", 1)
		routes[r.Method+" "+path] = true
	}
	ops := map[string]bool{}
	for _, op := range apiContract(t).Operations() {
		ops[op] = true
		if !routes[op] {
			t.Errorf("api/openapi.yaml has %s, which the edge does not serve", op)
		}
	}
	for r := range routes {
		if !ops[r] {
			t.Errorf("%s has no operation in api/openapi.yaml", r)
		}
	}
	if len(routes) < 75 {
		t.Fatalf("only %d API routes found", len(routes))
	}
}

// The document is served as JSON, to anyone, without a session or a CSRF token.
func TestOpenAPIDocumentIsServed(t *testing.T) {
	s := newTestServer(t)
	resp, body := get(t, s, "/api/openapi.json")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("openapi.json: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "public") {
		t.Fatalf("openapi.json should be cacheable: %q", cc)
	}
	if !strings.Contains(body, `"openapi":"3.1.0"`) || !strings.Contains(body, `"operationId":"getCart"`) {
		t.Fatalf("openapi.json is not the document: %.200s", body)
	}
}

// TestMain runs the package's tests, then, when all of them ran, fails if an
// operation of api/openapi.yaml never got a successful answer in any of them: an
// operation that no test calls is one whose description nothing checks.
func TestMain(m *testing.M) {
	code := m.Run()
	// HH_RECORD_ERRORS=file writes every error answer the tests saw as
	// "operationId status code count" lines: the evidence for the codes each
	// operation's responses list in api/openapi.yaml.
	if out := os.Getenv("HH_RECORD_ERRORS"); out != "" {
		if err := recordErrorCodes(out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	if code == 0 && flag.Lookup("test.run").Value.String() == "" && !testing.Short() {
		if missing := unansweredOperations(); len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: no test got a successful answer from these operations of api/openapi.yaml, "+
				"so nothing checks their description (call them in TestEveryOperationIsChecked):\n  %s\n", strings.Join(missing, "\n  "))
			code = 1
		}
	}
	os.Exit(code)
}

func recordErrorCodes(out string) error {
	v, err := contractDoc()
	if err != nil {
		return err
	}
	var lines []string
	for k, n := range v.ErrorCodes() {
		lines = append(lines, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(lines)
	return os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}

func unansweredOperations() []string {
	v, err := contractDoc()
	if err != nil {
		return []string{err.Error()}
	}
	ok := map[string]bool{}
	for k := range v.Answered() {
		id, status, _ := strings.Cut(k, " ")
		if status[0] == '2' || status[0] == '3' {
			ok[id] = true
		}
	}
	var missing []string
	for path, item := range v.Doc().Paths.Map() {
		for method, op := range item.Operations() {
			if !ok[op.OperationID] {
				missing = append(missing, op.OperationID+" ("+method+" "+openapitest.Base+path+")")
			}
		}
	}
	sort.Strings(missing)
	return missing
}

// The calls no other test makes, so that every operation's answer is checked against
// the document at least once (the checking itself is checkAPIAnswers').
func TestEveryOperationIsChecked(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)

	// Browsing.
	g.ok("GET", "/api/locations/states", "", 200)
	g.ok("GET", "/api/locations/oh-dayton", "", 200)
	g.ok("GET", "/api/locations/by-menu/m-standard?location_id=oh-dayton", "", 200)
	g.ok("GET", "/api/menus/m-standard?location_id=oh-dayton", "", 200)
	g.ok("GET", "/api/menus/m-standard/search?q=biscuit&exclude=fish", "", 200)
	g.ok("GET", "/api/menus/m-standard/categories/sides", "", 200)
	g.ok("GET", "/api/menus/m-standard/categories/breakfast?location_id=oh-dayton", "", 200)
	if up := g.ok("GET", "/api/menus/m-standard/products/two-piece", "", 200)["upsells"].([]any); len(up) == 0 {
		t.Fatal("two-piece has upsells")
	}
	g.ok("GET", "/api/nutrition", "", 200)
	g.ok("GET", "/api/nutrition?menu_id=m-standard", "", 200)
	g.ok("GET", "/api/nutrition?menu_id=no-such-menu", "", 404)
	g.ok("GET", "/api/catering", "", 200)
	g.ok("GET", "/api/catering?menu_id=m-standard", "", 200)
	g.ok("GET", "/api/catering/search?q=tray&occasion=game-day&headcount=30", "", 200)
	g.ok("POST", "/api/catering/estimate", `{"headcount":25,"occasion":"game-day"}`, 200)
	g.ok("POST", "/api/catering/estimate", `{"headcount":25,"occasion":"","appetite":"hearty","menu_id":"m-standard"}`, 200)
	g.ok("GET", "/api/content/pages", "", 200)
	g.ok("GET", "/api/content/popups", "", 200)
	// Every page, so that each block the content holds is checked.
	for _, slug := range g.ok("GET", "/api/content/slugs", "", 200)["slugs"].([]any) {
		g.ok("GET", "/api/content/pages/"+slug.(string), "", 200)
	}
	g.ok("GET", "/api/contact/topics", "", 200)
	g.ok("GET", "/api/careers/cities/dayton/jobs", "", 200)

	// Every change of a cart, then another menu, then gone.
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	cart := g.ok("POST", "/api/cart/products", `{"product_id":"two-piece","quantity":2,"modifiers":[{"id":"flv-spicy"},{"id":"pcs-mixed"}]}`, 201)["cart"].(map[string]any)
	line := cart["products"].([]any)[0].(map[string]any)["id"].(string)
	g.ok("PUT", "/api/cart/products/"+line, `{"quantity":3,"special_instructions":"extra crispy"}`, 200)
	g.ok("POST", "/api/cart/products", `{"product_id":"biscuit"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"tender-tray-small","quantity":2}`, 201) // catering
	g.ok("POST", "/api/cart/products", `{"product_id":"combo-2pc"}`, 201)                      // defaults, nested ones too
	g.ok("POST", "/api/cart/products", `{"product_id":"combo-3pc","modifiers":[{"id":"flv-spicy"},{"id":"pcs-dark"},{"id":"side-mac"},{"id":"bread-toast"},{"id":"size-large"},{"id":"drk-cola"},{"id":"ice-none","parent_id":"drk-cola"}]}`, 201)
	// The cart's times leave out those too soon for the tray's notice, which refuses ASAP.
	if times := g.ok("GET", "/api/cart/times", "", 200); times["asap_available"] != false || times["notice"] == nil {
		t.Fatalf("the times of a cart with catering: %v", times)
	}
	g.ok("PUT", "/api/cart/time", `{"mode":"asap"}`, 422)
	g.ok("PUT", "/api/cart/coupon", `{"code":"SAVE10"}`, 200)
	g.ok("DELETE", "/api/cart/coupon", "", 200)
	g.ok("PUT", "/api/cart/tip", `{"percent":18}`, 200)
	g.ok("PUT", "/api/cart/tip", `{"amount_cents":250}`, 200)
	g.ok("PUT", "/api/cart/tax-exemption", `{"id":"TX-123456"}`, 200)
	g.ok("PUT", "/api/cart/utensils", `{"utensils":true}`, 200)
	g.ok("PUT", "/api/cart/custom-fields", `{"fields":{"table":"12"}}`, 200)
	// What stands in the way (the catering tray's notice has no time chosen yet), and how
	// this cart may be paid.
	if v := g.ok("POST", "/api/cart/validate", "", 200); len(v["blockers"].([]any)) == 0 {
		t.Fatalf("a cart with no time chosen validates with no blocker: %v", v["blockers"])
	}
	if o := g.ok("GET", "/api/cart/payment-options", "", 200); o["pay_in_store"] == nil || o["card"] == nil {
		t.Fatalf("payment options: %v", o)
	}
	moved := g.ok("POST", "/api/cart/transfer", `{"menu_id":"m-texas"}`, 200)["cart"].(map[string]any)
	line = moved["products"].([]any)[0].(map[string]any)["id"].(string)
	g.ok("DELETE", "/api/cart/products/"+line, "", 200)
	g.ok("DELETE", "/api/cart", "", 204)
	// Undo brings it back; a cart that can no longer come back is refused.
	if back := g.ok("POST", "/api/cart/restore", `{"cart_id":"`+moved["id"].(string)+`"}`, 200)["cart"].(map[string]any); back["id"] != moved["id"] {
		t.Fatalf("restored %v, cleared %v", back["id"], moved["id"])
	}
	g.ok("DELETE", "/api/cart", "", 204)
	g.ok("POST", "/api/cart/restore", `{"cart_id":"c_gone"}`, 410)
	g.ok("POST", "/api/cart/restore", `{}`, 400)
	g.ok("POST", "/api/giftcards/balance", `{"number":"6006491234567890","pin":"1234"}`, 200, "X-Bot-Check", g.bot("giftcard"))

	// The generic send, as JSON and as plain text.
	if inner := g.ok("POST", "/api/send", `{"method":"GET","path":"/locations?state=OH"}`, 200); inner["status"] != 200.0 {
		t.Fatalf("send: %v", inner)
	}
	if st, m, raw := g.send("POST", "/api/send", `{"path":"/cart"}`, "Content-Type", "text/plain"); st != 200 || m["status"] != 200.0 {
		t.Fatalf("send as text: %d %s", st, raw)
	}

	// A member asks for a second sign-in code once the wait is over; support adds
	// points and signs the member out everywhere.
	id := g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))["user"].(map[string]any)["id"].(string)
	g.ok("POST", "/api/dev/points", `{"member_id":"`+id+`","points":50,"reason":"Goodwill"}`, 200)
	g.ok("POST", "/api/auth/logout", "", 204)
	ch := g.ok("POST", "/api/auth/signin", `{"email":"ada@example.com","password":"chicken123"}`, 200, "X-Bot-Check", g.bot("login"))["challenge"].(map[string]any)["id"].(string)
	ctx := context.Background()
	keys, err := s.Store.Client.Keys(ctx, "*"+ch+"*").Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("the challenge's key: %v %v", keys, err)
	}
	s.Store.Client.HSet(ctx, keys[0], "last", time.Now().Add(-time.Hour).Unix())
	g.ok("POST", "/api/auth/code/resend", `{"challenge_id":"`+ch+`"}`, 200)
	g.ok("POST", "/api/dev/force-sign-out", `{"member_id":"`+id+`"}`, 204)
}

// A method an existing /api path does not take is 405 with the methods it does take
// in Allow (those of the document that the edge serves); an unknown path, and a
// development endpoint outside development, stay 404.
func TestMethodNotAllowed(t *testing.T) {
	g := newGuest(t, newTestServer(t))
	st, m, hdr := g.sendFull("PATCH", "/api/cart", `{}`)
	if st != 405 || m["error"].(map[string]any)["code"] != "method_not_allowed" {
		t.Fatalf("PATCH /api/cart: %d %v", st, m)
	}
	if allow := strings.Join(hdr["Allow"], ","); allow != "DELETE, GET, HEAD, POST" {
		t.Fatalf("Allow: %q", allow)
	}
	st, _, hdr = g.sendFull("DELETE", "/api/cart/products/l1/x", "")
	if st != 404 || len(hdr["Allow"]) != 0 {
		t.Fatalf("an unknown path: %d %v", st, hdr["Allow"])
	}
	if st, _, hdr := g.sendFull("POST", "/api/dev/outbox", ""); st != 404 || len(hdr["Allow"]) != 0 {
		t.Fatalf("a development endpoint in production: %d %v", st, hdr["Allow"])
	}
	// A path with a parameter: the document's methods for it, whatever the value.
	if st, _, hdr := g.sendFull("POST", "/api/locations/oh-dayton", "{}"); st != 405 || strings.Join(hdr["Allow"], ",") != "GET, HEAD" {
		t.Fatalf("POST /api/locations/{id}: %d %v", st, hdr["Allow"])
	}
}
