package openapi

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"

	"github.com/henhouse/platform/edge/internal/httpx"
)

// app is an /api behind Requests whose every route answers 200 "reached".
func app() *fiber.App {
	a := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := a.Group(Prefix)
	api.Use(Requests())
	api.Use(func(c fiber.Ctx) error { return c.SendString("reached") })
	return a
}

type answer struct {
	status  int
	code    string
	message string
	fields  map[string]string
	raw     string
}

func call(t testing.TB, a *fiber.App, method, target, body string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	req.Header.Set("Content-Type", "application/json")
	res, err := a.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	var out struct {
		Error struct {
			Code    string            `json:"code"`
			Message string            `json:"message"`
			Fields  map[string]string `json:"fields"`
		} `json:"error"`
	}
	_ = json.Unmarshal(raw, &out)
	return answer{res.StatusCode, out.Error.Code, out.Error.Message, out.Error.Fields, string(raw)}
}

// What the document refuses is answered 400 invalid on the field, before a handler
// runs; what it takes reaches the handler.
func TestRequestsAreHeldToTheDocument(t *testing.T) {
	a := app()
	refused := []struct {
		method, target, body string
		field, msg           string
	}{
		{"PUT", "/api/cart/time", `{}`, "mode", "is required"},
		{"PUT", "/api/cart/time", `null`, "body", "must be an object"},
		{"PUT", "/api/cart/time", `{"mode":null}`, "mode", "must be text"},
		{"PUT", "/api/cart/time", `{"mode":""}`, "mode", "must be one of: asap, later, advance"},
		{"PUT", "/api/cart/time", `{"mode":"asap","at":"2030-01-01T12:00:00Z"}`, "at", "is not allowed here"},
		{"PUT", "/api/cart/time", `{"mode":"later"}`, "at", "is required"},
		{"PUT", "/api/cart/tax-exemption", `{}`, "id", "is required"},
		{"PUT", "/api/cart/tax-exemption", `{"id":null}`, "id", "must be text"},
		{"PUT", "/api/cart/tip", `{}`, "body", "can't be empty"},
		{"PUT", "/api/cart/tip", `{"percent":15,"amount_cents":100}`, "body", "takes one field only"},
		{"PUT", "/api/cart/tip", `{"percent":null}`, "percent", "must be a whole number"},
		{"PUT", "/api/cart/handoff", `{"mode":"pickup","vehicle":null}`, "vehicle", "must be an object"},
		{"PUT", "/api/cart/custom-fields", `{"fields":null}`, "fields", "must be an object"},
		{"PATCH", "/api/user", `{"last_name":null}`, "last_name", "must be text"},
		{"POST", "/api/cart", `{"menu_id":""}`, "menu_id", "can't be empty"},
		{"POST", "/api/cart", `{"menu_id":"m","extra":1}`, "extra", "is not a field we know"},
		{"GET", "/api/locations?limit=", "", "limit", "must be a whole number"},
		{"GET", "/api/locations?limit=abc", "", "limit", "must be a whole number"},
		{"GET", "/api/locations?limit=0", "", "limit", "must be at least 1"},
		{"GET", "/api/locations?limit=NaN", "", "limit", "must be a whole number"},
		{"GET", "/api/locations?limit=0x10", "", "limit", "must be a whole number"},
		{"GET", "/api/locations?lat=Infinity", "", "lat", "must be a number"},
		{"GET", "/api/locations?limit=2.5", "", "limit", "must be a whole number"},
		{"PUT", "/api/cart/time", "", "body", "is required"},
		{"GET", "/api/locations?limit=101", "", "limit", "must be at most 100"},
	}
	for _, c := range refused {
		got := call(t, a, c.method, c.target, c.body)
		if got.status != 400 || got.code != "invalid" || (c.field != "" && got.fields[c.field] != c.msg) {
			t.Errorf("%s %s %s: %d %s, want 400 invalid with %s %q", c.method, c.target, c.body, got.status, got.raw, c.field, c.msg)
		}
	}
	taken := []struct{ method, target, body string }{
		{"PUT", "/api/cart/time", `{"mode":"asap"}`},
		{"PUT", "/api/cart/time", `{"mode":"later","at":"2030-01-01T12:00:00Z"}`},
		{"PUT", "/api/cart/tax-exemption", `{"id":""}`}, // removes the exemption
		{"PUT", "/api/cart/tip", `{"percent":0}`},
		{"POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`},
		{"GET", "/api/locations?limit=5&q=Dayton", ""},
		{"GET", "/api/locations", ""},
		{"GET", "/api/cart", ""},
		{"DELETE", "/api/cart", ""},
		{"GET", "/api/no/such/route", ""},
		{"PUT", "/api/cart/time", `{not json`}, // the handler's own decoder answers it
	}
	for _, c := range taken {
		if got := call(t, a, c.method, c.target, c.body); got.status != 200 || got.raw != "reached" {
			t.Errorf("%s %s %s: %d %s, want it to reach the handler", c.method, c.target, c.body, got.status, got.raw)
		}
	}
}

// A value that breaks a rule of a field with an x-message gets the field's own words,
// and so does the answer's message when that field is the only one wrong (several
// such fields are asked to be checked). A field left
// out or of the wrong type is a client's mistake and keeps the plain words.
func TestAFieldSaysWhatTheGuestShouldDo(t *testing.T) {
	a := app()
	const exempt = "Enter the ID from your tax-exemption certificate: 6 to 20 letters, digits or dashes"
	for _, c := range []struct {
		method, target, body string
		field, msg, message  string
	}{
		{"PUT", "/api/cart/tax-exemption", `{"id":"EX-1"}`, "id", exempt, exempt + "."},
		{"PUT", "/api/cart/tax-exemption", `{"id":"EX 123456"}`, "id", exempt, exempt + "."},
		{"PUT", "/api/cart/tax-exemption", `{"id":null}`, "id", "must be text", "Some of what was sent is missing or not valid."},
		{"PUT", "/api/cart/tax-exemption", `{}`, "id", "is required", "Some of what was sent is missing or not valid."},
		{"PUT", "/api/cart/coupon", `{"code":""}`, "code", "Enter a coupon code", "Enter a coupon code."},
		{"POST", "/api/locations/delivery", `{"address":{"street":" ","city":"Dayton","state":"OH","zip":"45402"}}`, "address.street", "Enter a street address", "Enter a street address."},
		{"POST", "/api/locations/delivery", `{"address":{"street":"1 Main St","city":"Dayton","state":"Ohio","zip":"45402"}}`, "address.state", "A state can be at most 2 characters", "A state can be at most 2 characters."},
		{"POST", "/api/giftcards/balance", `{"number":"1234","pin":"12"}`, "number", "12 to 19 digits", "Check the highlighted fields."},
		{"POST", "/api/giftcards/balance", `{"number":"6006 4912 3456 7890","pin":"12a4"}`, "pin", "4 to 8 digits", "4 to 8 digits."},
		{"POST", "/api/auth/signup", `{"first_name":"Ada","last_name":"L","email":"ada@example.com","phone":"(013) 555-0100","password":"chicken123"}`, "phone", "Enter a 10-digit phone number", "Enter a 10-digit phone number."},
		{"POST", "/api/auth/signin", `{"email":"ada.example.com","password":""}`, "email", "Enter a valid email address", "Check the highlighted fields."},
		{"PUT", "/api/cart/handoff", `{"mode":"delivery","address":{"street":"1 Main St","city":"Dayton","state":"OH","zip":"4540"}}`, "address.zip", "Enter a 5-digit ZIP code", "Enter a 5-digit ZIP code."},
		{"POST", "/api/dev/points", `{"member_id":"m_1","points":0}`, "points", "Enter a number of points between -1,000,000 and 1,000,000, not 0", "Enter a number of points between -1,000,000 and 1,000,000, not 0."},
		{"POST", "/api/giftcards/purchases", `{"amount_cents":2550,"design":"classic","recipient_name":"Bo","recipient_email":"bo@example.com","sender_name":"Ada","send_on":"2030-01-01","buyer_email":"ada@example.com","payment":{"token":"tok_1"}}`, "amount_cents", "Choose an amount from $10 to $500 in whole dollars", "Choose an amount from $10 to $500 in whole dollars."},
	} {
		got := call(t, a, c.method, c.target, c.body)
		if got.status != 400 || got.code != "invalid" || got.fields[c.field] != c.msg || got.message != c.message {
			t.Errorf("%s %s %s: %d %s, want 400 invalid with %s %q and the message %q", c.method, c.target, c.body, got.status, got.raw, c.field, c.msg, c.message)
		}
	}
	for _, c := range []struct{ method, target, body string }{
		{"PUT", "/api/cart/tax-exemption", `{"id":" ex-123456 "}`}, // trimmed and upper-cased by the program
		{"PUT", "/api/cart/handoff", `{"mode":"delivery","address":{"street":"1 Main St","city":"Dayton","state":"OH","zip":"45402-1234"}}`},
		{"POST", "/api/giftcards/balance", `{"number":"6006-4912-3456-7890","pin":"1234"}`},
		{"POST", "/api/auth/signup", `{"first_name":"Ada","last_name":"L","email":"ada@example.com","phone":"+1 (513) 555-0100","password":"chicken123","birthday":""}`},
	} {
		if got := call(t, a, c.method, c.target, c.body); got.status != 200 || got.raw != "reached" {
			t.Errorf("%s %s %s: %d %s, want it to reach the handler", c.method, c.target, c.body, got.status, got.raw)
		}
	}
}

// The answer never echoes what was sent.
func TestRefusalsDoNotEchoTheRequest(t *testing.T) {
	a := app()
	secret := "s3cr3t-VALUE-<script>"
	for _, body := range []string{
		`{"mode":"` + secret + `"}`,
		`{"mode":"asap","at":"` + secret + `"}`,
		`{"mode":"asap","` + secret + `":1}`,
	} {
		got := call(t, a, "PUT", "/api/cart/time", body)
		if got.status != 400 || strings.Contains(got.raw, "s3cr3t") || strings.Contains(got.raw, "script") {
			t.Errorf("%s: %d %s", body, got.status, got.raw)
		}
	}
}

// A request costs little: the schemas are compiled once, at start.
func BenchmarkRequests(b *testing.B) {
	v, err := newValidator()
	if err != nil {
		b.Fatal(err)
	}
	a := fiber.New()
	a.Use(Prefix, v.handle)
	a.Use(func(c fiber.Ctx) error { return c.SendStatus(200) })
	h := a.Handler()
	for _, bc := range []struct{ name, method, target, body string }{
		{"body", "POST", "/api/cart/products", `{"product_id":"two-piece","quantity":2,"modifiers":[{"id":"flv-original"},{"id":"dip-ranch","quantity":2}],"special_instructions":"extra crispy"}`},
		{"query", "GET", "/api/locations?lat=39.75&lng=-84.19&limit=10", ""},
		{"plain", "GET", "/api/cart", ""},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var ctx = newCtx(bc.method, bc.target, bc.body)
			b.ReportAllocs()
			for b.Loop() {
				h(ctx)
				if ctx.Response.StatusCode() != 200 {
					b.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
				}
				ctx.Response.Reset()
			}
		})
	}
}

func newCtx(method, target, body string) *fasthttp.RequestCtx {
	ctx := &fasthttp.RequestCtx{}
	ctx.Request.Header.SetMethod(method)
	ctx.Request.SetRequestURI(target)
	ctx.Request.Header.SetContentType("application/json")
	ctx.Request.SetBodyString(body)
	return ctx
}
