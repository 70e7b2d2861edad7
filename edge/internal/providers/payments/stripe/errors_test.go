package stripe_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	stripego "github.com/stripe/stripe-go/v82"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/payments"
	"github.com/henhouse/platform/edge/internal/providers/payments/stripe"
)

// Stripe's answers that stripe-mock never gives (declines, a bank asking the guest to
// confirm, an intent already captured) come from a server answering as Stripe
// documents them; the requests the adapter makes are read back from it.

type call struct {
	method, path, idem string
	form               map[string]string
}

type fakeStripe struct {
	mu     sync.Mutex
	calls  []call
	answer func(c call) (int, string)
}

func (f *fakeStripe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	c := call{method: r.Method, path: r.URL.Path, idem: r.Header.Get("Idempotency-Key"), form: map[string]string{}}
	for k := range r.Form {
		c.form[k] = r.Form.Get(k)
	}
	f.mu.Lock()
	f.calls = append(f.calls, c)
	f.mu.Unlock()
	status, body := f.answer(c)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

const cardJSON = `{"id":"pm_card_visa","object":"payment_method","type":"card","customer":%s,"card":{"brand":"visa","last4":"4242","exp_month":8,"exp_year":2030}}`

func intentJSON(status string, extra string) string {
	return fmt.Sprintf(`{"id":"pi_held","object":"payment_intent","amount":2599,"status":%q,"metadata":{"idempotency_key":"order-1-0-0"}%s}`, status, extra)
}

func errJSON(typ, code, decline string, extra string) string {
	return fmt.Sprintf(`{"error":{"type":%q,"code":%q,"decline_code":%q,"message":"Stripe's words"%s}}`, typ, code, decline, extra)
}

func onFake(t *testing.T, answer func(c call) (int, string)) (*stripe.Processor, *fakeStripe) {
	t.Helper()
	f := &fakeStripe{answer: answer}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	p, err := stripe.New(stripe.Config{ID: "second", SecretKey: "sk_test_x", APIURL: srv.URL, MaxNetworkRetries: stripego.Int64(0)})
	if err != nil {
		t.Fatal(err)
	}
	return p, f
}

// createIntent answers the PaymentIntent create with status and body; the card is a
// Visa without a customer.
func createIntent(status int, body string) func(c call) (int, string) {
	return func(c call) (int, string) {
		if strings.HasPrefix(c.path, "/v1/payment_methods/") {
			return 200, fmt.Sprintf(cardJSON, "null")
		}
		return status, body
	}
}

func TestAuthorizeHoldsWithAManualCaptureIntentUnderADerivedKey(t *testing.T) {
	p, f := onFake(t, createIntent(200, intentJSON("requires_capture", "")))
	a, err := p.Authorize(context.Background(), "pm_card_visa", 2599, "order-1-0-0")
	if err != nil || a.ID != "pi_held" || a.Status != payments.StatusAuthorized || a.TokenID != "pm_card_visa" {
		t.Fatalf("Authorize = %+v, %v", a, err)
	}
	c := f.calls[len(f.calls)-1]
	want := map[string]string{"amount": "2599", "currency": "usd", "capture_method": "manual", "confirm": "true",
		"payment_method": "pm_card_visa", "payment_method_types[0]": "card", "metadata[idempotency_key]": "order-1-0-0"}
	for k, v := range want {
		if c.form[k] != v {
			t.Errorf("%s = %q, want %q", k, c.form[k], v)
		}
	}
	if c.path != "/v1/payment_intents" || c.idem != "henhouse-authorize-order-1-0-0" {
		t.Errorf("%s with Idempotency-Key %q", c.path, c.idem)
	}
	if _, ok := c.form["customer"]; ok {
		t.Error("a card of no customer was charged with one")
	}
	// A retried submit sends Stripe the same key, which Stripe answers with the first
	// intent (stripe-mock cannot show that: it ignores the key).
	if _, err := p.Authorize(context.Background(), "pm_card_visa", 2599, "order-1-0-0"); err != nil {
		t.Fatal(err)
	}
	if again := f.calls[len(f.calls)-1]; again.idem != c.idem || again.path != c.path {
		t.Errorf("the retry sent %s with key %q", again.path, again.idem)
	}
	// Another submit's key is another key.
	if _, err := p.Authorize(context.Background(), "pm_card_visa", 2599, "order-1-1-0"); err != nil {
		t.Fatal(err)
	}
	if other := f.calls[len(f.calls)-1]; other.idem == c.idem {
		t.Errorf("another attempt reused key %q", other.idem)
	}
}

func TestASavedCardIsChargedWithItsCustomer(t *testing.T) {
	p, f := onFake(t, func(c call) (int, string) {
		if strings.HasPrefix(c.path, "/v1/payment_methods/") {
			return 200, fmt.Sprintf(cardJSON, `"cus_saved"`)
		}
		return 200, intentJSON("requires_capture", "")
	})
	if _, err := p.Authorize(context.Background(), "pm_card_visa", 2599, "k-1"); err != nil {
		t.Fatal(err)
	}
	if got := f.calls[len(f.calls)-1].form["customer"]; got != "cus_saved" {
		t.Errorf("customer = %q", got)
	}
}

func TestStripeErrorsAreFaults(t *testing.T) {
	cases := []struct {
		name         string
		status       int
		body         string
		kind         fault.Kind
		code, field  string
		messageHas   string
		wantCanceled bool
	}{
		{"declined", 402, errJSON("card_error", "card_declined", "generic_decline", ""), fault.Rule, "card_declined", "", "Your card was declined", false},
		{"insufficient funds", 402, errJSON("card_error", "card_declined", "insufficient_funds", ""), fault.Rule, "card_declined", "", "insufficient funds", false},
		{"expired", 402, errJSON("card_error", "expired_card", "", ""), fault.Rule, "card_expired", "", "expired", false},
		{"security code", 402, errJSON("card_error", "incorrect_cvc", "", ""), fault.Rule, "card_declined", "cvv", "security code", false},
		{"processing error", 402, errJSON("card_error", "processing_error", "", ""), fault.Unavailable, "processor_error", "", "try again", false},
		{"invalid request", 400, errJSON("invalid_request_error", "parameter_invalid_integer", "", ""), fault.Invalid, "card_invalid", "", "Enter your card again", false},
		{"key reused", 400, errJSON("idempotency_error", "", "", ""), fault.Conflict, "payment_conflict", "", "Your order changed", false},
		{"key refused", 401, errJSON("invalid_request_error", "", "", ""), fault.Unavailable, "processor_error", "", "try again", false},
		{"rate limited", 429, errJSON("invalid_request_error", "rate_limit", "", ""), fault.Unavailable, "processor_error", "", "try again", false},
		{"stripe failing", 500, errJSON("api_error", "", "", ""), fault.Unavailable, "processor_error", "", "try again", false},
		{"card gone", 404, errJSON("invalid_request_error", "resource_missing", "", ""), fault.Invalid, "card_not_found", "", "expired", false},
		{"bank wants the guest", 200, intentJSON("requires_action", ""), fault.Rule, "card_declined", "", "Your bank wants to confirm", true},
		{"declined in the intent", 200, intentJSON("requires_payment_method", `,"last_payment_error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds"}`), fault.Rule, "card_declined", "", "insufficient funds", true},
		{"still processing", 200, intentJSON("processing", ""), fault.Rule, "card_declined", "", "Your card was declined", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, f := onFake(t, func(c call) (int, string) {
				switch {
				case strings.HasPrefix(c.path, "/v1/payment_methods/"):
					return 200, fmt.Sprintf(cardJSON, "null")
				case strings.HasSuffix(c.path, "/cancel"):
					return 200, intentJSON("canceled", "")
				}
				return tc.status, tc.body
			})
			_, err := p.Authorize(context.Background(), "pm_card_visa", 2599, "order-1-0-0")
			fe, ok := fault.As(err)
			if !ok {
				t.Fatalf("%v: not a fault", err)
			}
			if fe.Kind != tc.kind || fe.Code != tc.code || !strings.Contains(fe.Message, tc.messageHas) || strings.Contains(fe.Message, "Stripe's words") {
				t.Errorf("%+v, want kind %d %s saying %q", fe, tc.kind, tc.code, tc.messageHas)
			}
			if tc.field != "" && fe.Fields[tc.field] == "" {
				t.Errorf("no message at %s: %+v", tc.field, fe.Fields)
			}
			canceled := false
			for _, c := range f.calls {
				canceled = canceled || c.path == "/v1/payment_intents/pi_held/cancel"
			}
			if canceled != tc.wantCanceled {
				t.Errorf("intent cancelled: %v, want %v", canceled, tc.wantCanceled)
			}
		})
	}
}

func TestStripeUnreachableIsUnavailable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	p, err := stripe.New(stripe.Config{ID: "second", SecretKey: "sk_test_x", APIURL: srv.URL, MaxNetworkRetries: stripego.Int64(0)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Authorize(context.Background(), "pm_card_visa", 100, "k")
	if !fault.Is(err, fault.Unavailable) {
		t.Errorf("%v, want Unavailable", err)
	}
}

// Capture and cancel are safe to repeat: Stripe refuses the second as an intent in an
// unexpected state, which is the state wanted.
func TestCaptureAndCancelMapTheIntentsState(t *testing.T) {
	unexpected := func(status string) string {
		return errJSON("invalid_request_error", "payment_intent_unexpected_state", "", `,"payment_intent":`+intentJSON(status, ""))
	}
	cases := []struct {
		name string
		body string
		op   func(p *stripe.Processor) error
		want string // "" for no error, else the fault code
		path string
		idem string
	}{
		{"capture captured", unexpected("succeeded"), func(p *stripe.Processor) error { return p.Capture(context.Background(), "pi_held") }, "", "/v1/payment_intents/pi_held/capture", "henhouse-capture-pi_held"},
		{"capture cancelled", unexpected("canceled"), func(p *stripe.Processor) error { return p.Capture(context.Background(), "pi_held") }, "payment_voided", "", ""},
		{"cancel cancelled", unexpected("canceled"), func(p *stripe.Processor) error { return p.Void(context.Background(), "pi_held") }, "", "/v1/payment_intents/pi_held/cancel", "henhouse-cancel-pi_held"},
		{"cancel captured", unexpected("succeeded"), func(p *stripe.Processor) error { return p.Void(context.Background(), "pi_held") }, "payment_captured", "", ""},
		{"capture unknown", errJSON("invalid_request_error", "resource_missing", "", ""), func(p *stripe.Processor) error { return p.Capture(context.Background(), "pi_held") }, "authorization_not_found", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, f := onFake(t, func(call) (int, string) { return 400, tc.body })
			err := tc.op(p)
			switch fe, _ := fault.As(err); {
			case tc.want == "" && err != nil:
				t.Errorf("%v, want none", err)
			case tc.want != "" && (fe == nil || fe.Code != tc.want):
				t.Errorf("%v, want %s", err, tc.want)
			}
			if tc.path != "" && (f.calls[0].path != tc.path || f.calls[0].idem != tc.idem) {
				t.Errorf("%s with key %q", f.calls[0].path, f.calls[0].idem)
			}
		})
	}
}

// Find reads what Authorize wrote into the intent's metadata, and only a hold counts.
func TestFindSearchesByTheKey(t *testing.T) {
	list := func(items ...string) string {
		return `{"object":"search_result","data":[` + strings.Join(items, ",") + `],"has_more":false}`
	}
	p, f := onFake(t, func(c call) (int, string) {
		return 200, list(
			`{"id":"pi_other","object":"payment_intent","status":"requires_capture","amount":5,"metadata":{"idempotency_key":"someone-else"}}`,
			`{"id":"pi_declined","object":"payment_intent","status":"requires_payment_method","amount":2599,"metadata":{"idempotency_key":"order-1-0-0"}}`,
			intentJSON("requires_capture", ""))
	})
	a, ok, err := p.Find(context.Background(), "order-1-0-0")
	if err != nil || !ok || a.ID != "pi_held" || a.Status != payments.StatusAuthorized {
		t.Fatalf("Find = %+v %v %v", a, ok, err)
	}
	if q := f.calls[0].form["query"]; q != "metadata['idempotency_key']:'order-1-0-0'" || f.calls[0].path != "/v1/payment_intents/search" {
		t.Errorf("%s query %q", f.calls[0].path, q)
	}
}

func TestNewRefusesAMissingOrPublishableKey(t *testing.T) {
	for _, key := range []string{"", "  ", "pk_test_123"} {
		if _, err := stripe.New(stripe.Config{ID: "second", SecretKey: key}); err == nil || !strings.Contains(err.Error(), "STRIPE_SECRET_KEY") {
			t.Errorf("key %q: %v", key, err)
		}
	}
}
