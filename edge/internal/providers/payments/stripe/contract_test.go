package stripe_test

import (
	"context"
	"testing"

	stripego "github.com/stripe/stripe-go/v82"

	"github.com/henhouse/platform/edge/internal/providers/payments"
	"github.com/henhouse/platform/edge/internal/providers/payments/paymentstest"
	"github.com/henhouse/platform/edge/internal/providers/payments/stripe"
	"github.com/henhouse/platform/edge/internal/providers/payments/stripe/stripemock"
)

// onMock is the processor on a stripe-mock of its own.
func onMock(t *testing.T) *stripe.Processor {
	t.Helper()
	url := stripemock.Start(t)
	p, err := stripe.New(stripe.Config{ID: "second", SecretKey: stripemock.Key, APIURL: url, MaxNetworkRetries: stripego.Int64(0)})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Stripe passes the contract of every card processor, on stripe-mock: the checks
// that need Stripe to remember are skipped, saying why.
func TestStripeKeepsTheContractOnStripeMock(t *testing.T) {
	p := onMock(t)
	const stateless = "stripe-mock keeps no state: "
	paymentstest.Run(t, p, paymentstest.Options{
		// A test PaymentMethod Stripe publishes, as Stripe.js hands the card frame one.
		Token:       func(*testing.T) string { return "pm_card_visa" },
		SkipReplay:  stateless + "it ignores Idempotency-Key and answers a new PaymentIntent id each time (Stripe answers the first again)",
		SkipState:   stateless + "a captured or cancelled PaymentIntent reads back as its fixture",
		SkipUnknown: stateless + "it answers a retrieve of any id",
	})
}

// The card frame's token is a PaymentMethod id made by Stripe.js; the adapter takes it
// as it is and reads the card from Stripe.
func TestAPaymentMethodIDFromTheFrameIsAToken(t *testing.T) {
	p := onMock(t)
	ctx := context.Background()
	for _, id := range []string{"pm_1PgcA2B7WZ01zgkWlHVgdEGJ", "pm_card_mastercard", "card_1PgcA2B7WZ01zgkW"} {
		tok, err := p.Lookup(ctx, id)
		if err != nil {
			t.Fatalf("Lookup(%s): %v", id, err)
		}
		if tok.ID != id || tok.Processor != "second" || tok.Brand != payments.Visa || tok.Last4 != "4242" || tok.ExpMonth != 8 || tok.ExpYear != 2030 {
			t.Errorf("Lookup(%s) = %+v", id, tok)
		}
		a, err := p.Authorize(ctx, id, 1099, "frame-"+id)
		if err != nil || a.TokenID != id || a.Status != payments.StatusAuthorized {
			t.Errorf("Authorize(%s) = %+v, %v", id, a, err)
		}
	}
}

// Without a publishable key the built-in card fields post the card to the edge, and
// Tokenize makes the PaymentMethod at Stripe; a card the fields would refuse never
// leaves the edge.
func TestTokenizeMakesAPaymentMethod(t *testing.T) {
	p := onMock(t)
	ctx := context.Background()
	tok, err := p.Tokenize(ctx, payments.Card{Number: "4242 4242 4242 4242", ExpMonth: "12", ExpYear: "40", CVV: "123", PostalCode: "43215"})
	if err != nil {
		t.Fatal(err)
	}
	if tok.Processor != "second" || tok.Last4 != "4242" || tok.ID == "" {
		t.Errorf("token %+v", tok)
	}
	if err := p.Keep(ctx, tok.ID); err != nil {
		t.Errorf("Keep: %v", err)
	}
	if err := p.Forget(ctx, tok.ID); err != nil {
		t.Errorf("Forget: %v", err)
	}
	_, err = p.Tokenize(ctx, payments.Card{Number: "4242 4242 4242 4241", ExpMonth: "12", ExpYear: "40", CVV: "123", PostalCode: "43215"})
	if err == nil {
		t.Fatal("a number failing its check digit was sent to Stripe")
	}
}
