package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/payments/stripe/stripemock"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func stripeEnv(t *testing.T, vars map[string]string) (Config, error) {
	t.Helper()
	for _, k := range append([]string{"CARD_PROCESSOR_SECOND"}, stripeVars...) {
		t.Setenv(k, vars[k])
	}
	return ConfigFromEnv()
}

func TestCardProcessorConfig(t *testing.T) {
	t.Setenv("APP_ENV", "prod")
	c, err := stripeEnv(t, nil)
	if err != nil || c.Cards.Second != ProcessorBuiltin {
		t.Fatalf("default: %+v %v", c.Cards, err)
	}
	c, err = stripeEnv(t, map[string]string{"CARD_PROCESSOR_SECOND": "Stripe", "STRIPE_SECRET_KEY": " sk_test_abc ", "STRIPE_PUBLISHABLE_KEY": "pk_test_abc", "STRIPE_API_URL": "https://api.stripe.com/"})
	if err != nil || c.Cards != (CardsConfig{Second: "stripe", StripeSecretKey: "sk_test_abc", StripePublishableKey: "pk_test_abc", StripeAPIURL: "https://api.stripe.com"}) {
		t.Fatalf("stripe: %+v %v", c.Cards, err)
	}
	bad := []struct {
		vars  map[string]string
		names string
	}{
		{map[string]string{"CARD_PROCESSOR_SECOND": "stripe"}, "STRIPE_SECRET_KEY"},
		{map[string]string{"CARD_PROCESSOR_SECOND": "stripe", "STRIPE_SECRET_KEY": "pk_test_abc"}, "STRIPE_SECRET_KEY"},
		{map[string]string{"CARD_PROCESSOR_SECOND": "stripe", "STRIPE_SECRET_KEY": "sk_test_abc", "STRIPE_PUBLISHABLE_KEY": "sk_test_abc"}, "STRIPE_PUBLISHABLE_KEY"},
		{map[string]string{"CARD_PROCESSOR_SECOND": "stripe", "STRIPE_SECRET_KEY": "sk_test_abc", "STRIPE_API_URL": "http://127.0.0.1:12111"}, "STRIPE_API_URL"}, // prod: https only
		{map[string]string{"CARD_PROCESSOR_SECOND": "stripe", "STRIPE_SECRET_KEY": "sk_test_abc", "STRIPE_API_URL": "api.stripe.com"}, "STRIPE_API_URL"},
		{map[string]string{"STRIPE_SECRET_KEY": "sk_test_abc"}, "CARD_PROCESSOR_SECOND"},
		{map[string]string{"CARD_PROCESSOR_SECOND": "adyen"}, "CARD_PROCESSOR_SECOND"},
	}
	for _, b := range bad {
		_, err := stripeEnv(t, b.vars)
		if err == nil || !strings.Contains(err.Error(), b.names) || strings.Contains(err.Error(), "abc") {
			t.Errorf("%v: %v, want an error naming %s and not showing the key", b.vars, err, b.names)
		}
	}
	t.Setenv("APP_ENV", "test")
	if c, err := stripeEnv(t, map[string]string{"CARD_PROCESSOR_SECOND": "stripe", "STRIPE_SECRET_KEY": "sk_test_abc", "STRIPE_API_URL": "http://127.0.0.1:12111"}); err != nil || c.Cards.StripeAPIURL != "http://127.0.0.1:12111" {
		t.Errorf("stripe-mock outside prod: %+v %v", c.Cards, err)
	}
}

// The frame shows Stripe's Card Element for the processor on Stripe when a publishable
// key is set, with Stripe.js and Stripe's frames allowed from js.stripe.com alone;
// the built-in fields everywhere else, with no Stripe origin in their policy.
func TestHostedFieldsChooseStripeWhenConfigured(t *testing.T) {
	serve := func(t *testing.T, cards CardsConfig) *Server {
		s := newTestServerWith(t, func(c *Config) { c.Cards = cards })
		dir := filepath.Join(s.cfg.BuildDir, "payments", "2.8.0")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "frame.js"), []byte("/* frame */"), 0o644); err != nil {
			t.Fatal(err)
		}
		return s
	}
	stripeCards := CardsConfig{Second: ProcessorStripe, StripeSecretKey: "sk_test_x", StripePublishableKey: "pk_test_frame", StripeAPIURL: "http://127.0.0.1:1"}
	cases := []struct {
		name      string
		cards     CardsConfig
		processor string
		stripe    bool
	}{
		{"stripe location", stripeCards, "second", true},
		{"built-in location beside stripe", stripeCards, "hosted", false},
		{"stripe without a publishable key", CardsConfig{Second: ProcessorStripe, StripeSecretKey: "sk_test_x", StripeAPIURL: "http://127.0.0.1:1"}, "second", false},
		{"built-in second", CardsConfig{Second: ProcessorBuiltin}, "second", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := serve(t, tc.cards)
			resp, body := request(t, s, "GET", "/payments/2.8.0/fields?processor="+tc.processor+"&channel=abc", nil)
			if resp.StatusCode != 200 {
				t.Fatalf("%d %s", resp.StatusCode, body)
			}
			csp := resp.Header.Get("Content-Security-Policy")
			hasScript := strings.Contains(body, `<script src="https://js.stripe.com/v3" defer></script>`)
			hasKey := strings.Contains(body, `<meta name="stripe-key" content="pk_test_frame">`)
			if tc.stripe {
				if !hasScript || !hasKey || strings.Index(body, "js.stripe.com/v3") > strings.Index(body, "frame.js") {
					t.Errorf("no Stripe.js before frame.js, or no key: %s", body)
				}
				if !strings.Contains(csp, "script-src 'self' https://js.stripe.com;") || !strings.Contains(csp, "frame-src https://js.stripe.com;") {
					t.Errorf("policy %q", csp)
				}
				if strings.Count(csp, "stripe.com") != 2 || strings.Contains(csp, "*") {
					t.Errorf("policy %q allows more than js.stripe.com", csp)
				}
			} else if hasScript || hasKey || strings.Contains(csp, "stripe") || strings.Contains(body, "sk_test") {
				t.Errorf("Stripe in the built-in fields: %s / %q", body, csp)
			}
			if strings.Contains(body, "sk_test") {
				t.Error("the secret key is in the page")
			}
		})
	}
}

// The ordering provider's card payments reach Stripe (on stripe-mock): the token the
// frame hands the page is a PaymentMethod id, authorized, labelled from Stripe's card
// and captured or voided; the built-in processor keeps "hosted".
func TestCardAdapterOnStripe(t *testing.T) {
	url := stripemock.Start(t)
	reg, err := cardProcessors(CardsConfig{Second: ProcessorStripe, StripeSecretKey: stripemock.Key, StripeAPIURL: url}, storetest.Embedded(t))
	if err != nil {
		t.Fatal(err)
	}
	if ids := strings.Join(reg.IDs(), ","); ids != "hosted,second" {
		t.Fatalf("processors %s", ids)
	}
	a := cardAdapter{reg}
	ctx := context.Background()
	ref, label, err := a.Authorize(ctx, "second", "pm_card_visa", 2599, "order-1-0-0")
	if err != nil || !strings.HasPrefix(ref, "pi_") || label != "Visa •••• 4242" {
		t.Fatalf("Authorize = %q %q %v", ref, label, err)
	}
	if err := a.Capture(ctx, "second", ref); err != nil {
		t.Errorf("Capture: %v", err)
	}
	if err := a.Void(ctx, "second", ref); err != nil {
		t.Errorf("Void: %v", err)
	}
	// A built-in token is not Stripe's.
	_, _, err = a.Authorize(ctx, "second", "tok_00112233445566778899aabbccddeeff", 2599, "order-2-0-0")
	if f, ok := fault.As(err); !ok || f.Code != "card_not_found" {
		t.Errorf("a built-in token at Stripe: %v", err)
	}
}

// A guest pays an order at a location on Stripe (stripe-mock) with the PaymentMethod
// id the card frame hands the page, and cancels it: the order names the card as Stripe
// describes it and keeps the PaymentIntent as its reference.
func TestCheckoutPaysThroughStripe(t *testing.T) {
	url := stripemock.Start(t)
	s := newTestServerWith(t, func(c *Config) {
		c.Cards = CardsConfig{Second: ProcessorStripe, StripeSecretKey: stripemock.Key, StripeAPIURL: url}
	})
	g := newGuest(t, s)
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`, 201)
	g.ok("POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`, 201)
	slot := ""
	for _, d := range g.ok("GET", "/api/locations/oh-columbus-downtown/times", "", 200)["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			if slot == "" && sl.(map[string]any)["available"] == true {
				slot = sl.(map[string]any)["at"].(string)
			}
		}
	}
	g.ok("PUT", "/api/cart/time", `{"mode":"advance","at":"`+slot+`"}`, 200)
	body := `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@example.com","phone":"6145550100"},` +
		`"payments":[{"kind":"card","processor":"second","token":"pm_1PgcA2B7WZ01zgkW"}]}`
	o := g.ok("POST", "/api/cart/submit", body, 201, "Idempotency-Key", "stripe-checkout-1", "X-Bot-Check", g.bot("checkout"))["order"].(map[string]any)
	pay := o["payments"].([]any)[0].(map[string]any)
	if pay["label"] != "Visa •••• 4242" || !strings.HasPrefix(fmt.Sprint(pay["reference"]), "pi_") {
		t.Fatalf("payment %v", pay)
	}
	cancelled := g.ok("POST", "/api/orders/"+o["id"].(string)+"/cancel", "", 200)["order"].(map[string]any)
	if cancelled["status"] != "cancelled" {
		t.Fatalf("cancel: %v", cancelled["status"])
	}
}
