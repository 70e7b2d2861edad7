package builtin

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// A cancelled order reads as cancelled: a pay-in-store payment was never taken, so
// nothing is given back and nothing is owed; money taken online is given back.
func TestACancelledOrderSaysWhatBecameOfItsPayments(t *testing.T) {
	e := newEnv(t, storetest.Embedded(t))
	v := ordering.Viewer{Owner: "v"}
	o := place(t, e, "v", "words-0001")
	if o.StatusMessage != "Your order is placed. The kitchen starts on it soon." ||
		o.Payments[0].Outcome != ordering.PaymentDue || o.Payments[0].OutcomeLabel != "Pay when you collect it" {
		t.Fatalf("placed, pay in store: %q %+v", o.StatusMessage, o.Payments)
	}
	got, err := e.p.CancelOrder(ctx, o.ID, v)
	if err != nil {
		t.Fatal(err)
	}
	if got.StatusMessage != "This order was cancelled. Nothing was charged, so there's nothing to pay." ||
		got.Payments[0].Outcome != ordering.PaymentNotCharged || got.Payments[0].OutcomeLabel != "Nothing to pay" {
		t.Fatalf("cancelled, pay in store: %q %+v", got.StatusMessage, got.Payments)
	}
	// Read again, it says the same.
	if again, _ := e.p.Order(ctx, o.ID, v); again.StatusMessage != got.StatusMessage || again.Payments[0].Outcome != ordering.PaymentNotCharged {
		t.Fatalf("read again: %q %+v", again.StatusMessage, again.Payments)
	}

	card := place(t, e, "w", "words-0002", ordering.PaymentInput{Kind: "card", Processor: "hosted", Token: "tok_ok"})
	if card.Payments[0].Outcome != ordering.PaymentPaid || card.Payments[0].OutcomeLabel != "Paid" {
		t.Fatalf("placed, card: %+v", card.Payments)
	}
	got, err = e.p.CancelOrder(ctx, card.ID, ordering.Viewer{Owner: "w"})
	if err != nil {
		t.Fatal(err)
	}
	if got.StatusMessage != "This order was cancelled. Every payment was given back." ||
		got.Payments[0].Outcome != ordering.PaymentGivenBack || got.Payments[0].OutcomeLabel != "Given back" {
		t.Fatalf("cancelled, card: %q %+v", got.StatusMessage, got.Payments)
	}
}
