package ordering

import (
	"testing"
	"time"
)

func TestDescribe(t *testing.T) {
	at := time.Now()
	card := PaymentRecord{Kind: PayCard, AmountCents: 500, Label: "Visa •••• 4242"}
	gift := PaymentRecord{Kind: PayGiftCard, AmountCents: 300, Label: "Gift card •••• 7890"}
	store := PaymentRecord{Kind: PayInStore, AmountCents: 200, Label: "Pay in store"}
	for _, c := range []struct {
		name     string
		o        Order
		sentence string
		outcomes []string
	}{
		{"placed, card", Order{Status: OrderPlaced, Payments: []PaymentRecord{card}},
			"Your order is placed. The kitchen starts on it soon.", []string{PaymentPaid}},
		{"preparing, pay in store", Order{Status: OrderPreparing, Payments: []PaymentRecord{store}},
			"Your order is being prepared.", []string{PaymentDue}},
		{"ready, pickup", Order{Status: OrderReady, Handoff: Handoff{Mode: HandoffPickup}, Payments: []PaymentRecord{store}},
			"Your order is ready at the counter.", []string{PaymentDue}},
		{"ready, curbside", Order{Status: OrderReady, Handoff: Handoff{Mode: HandoffCurbside}},
			"Your order is ready. Tap I'm here when you park.", nil},
		{"ready, curbside, here", Order{Status: OrderReady, Handoff: Handoff{Mode: HandoffCurbside}, ArrivedAt: &at},
			"Your order is ready. Someone is bringing it out to you.", nil},
		{"ready, delivery", Order{Status: OrderReady, Handoff: Handoff{Mode: HandoffDelivery}},
			"Your order is ready and on its way.", nil},
		{"picked up, paid in store", Order{Status: OrderCompleted, Payments: []PaymentRecord{store}},
			"Your order was picked up. Enjoy!", []string{PaymentPaid}},
		{"delivered", Order{Status: OrderCompleted, Handoff: Handoff{Mode: HandoffDelivery}, Payments: []PaymentRecord{card}},
			"Your order was delivered. Enjoy!", []string{PaymentPaid}},
		{"cancelled, pay in store", Order{Status: OrderCancelled, Payments: []PaymentRecord{store}},
			"This order was cancelled. Nothing was charged, so there's nothing to pay.", []string{PaymentNotCharged}},
		{"cancelled, card and gift card", Order{Status: OrderCancelled, Payments: []PaymentRecord{card, gift}},
			"This order was cancelled. Every payment was given back.", []string{PaymentGivenBack, PaymentGivenBack}},
		{"cancelled, gift card and pay in store", Order{Status: OrderCancelled, Payments: []PaymentRecord{gift, store}},
			"This order was cancelled. What you paid was given back, and there's nothing to pay in store.", []string{PaymentGivenBack, PaymentNotCharged}},
	} {
		kept := append([]PaymentRecord(nil), c.o.Payments...)
		o := c.o
		Describe(&o)
		if o.StatusMessage != c.sentence {
			t.Errorf("%s: %q, want %q", c.name, o.StatusMessage, c.sentence)
		}
		for i, want := range c.outcomes {
			if o.Payments[i].Outcome != want || o.Payments[i].OutcomeLabel != outcomeLabels[want] || o.Payments[i].OutcomeLabel == "" {
				t.Errorf("%s: payment %d is %q %q, want %q", c.name, i, o.Payments[i].Outcome, o.Payments[i].OutcomeLabel, want)
			}
		}
		for i := range kept {
			if c.o.Payments[i] != kept[i] {
				t.Errorf("%s: the order's own payments were changed", c.name)
			}
		}
	}
}
