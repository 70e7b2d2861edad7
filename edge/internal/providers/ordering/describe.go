package ordering

import "slices"

// Payment outcomes (PaymentRecord.Outcome).
const (
	// PaymentPaid: the money was taken (a card hold, a gift card debit, house-account
	// spend), or a pay-in-store order was collected and so paid at the counter.
	PaymentPaid = "paid"
	// PaymentDue: pay in store, at the counter when the order is collected.
	PaymentDue = "due"
	// PaymentGivenBack: taken, then given back when the order was cancelled.
	PaymentGivenBack = "given_back"
	// PaymentNotCharged: pay in store on a cancelled order; nothing is owed.
	PaymentNotCharged = "not_charged"
)

var outcomeLabels = map[string]string{
	PaymentPaid:       "Paid",
	PaymentDue:        "Pay when you collect it",
	PaymentGivenBack:  "Given back",
	PaymentNotCharged: "Nothing to pay",
}

// paymentOutcome is what became of one payment of an order in status. Money taken
// online stays taken until a cancel gives it back; pay in store is owed until the
// order is collected, and never once it is cancelled.
func paymentOutcome(kind, status string) string {
	switch {
	case kind == PayInStore && status == OrderCancelled:
		return PaymentNotCharged
	case kind == PayInStore && status != OrderCompleted:
		return PaymentDue
	case status == OrderCancelled:
		return PaymentGivenBack
	}
	return PaymentPaid
}

// Describe words an order's state for the guest, from its status, handoff and
// payments: the status sentence and each payment's outcome. It is the one place these
// words are made (the confirmation, the order page and the order mails show them);
// a provider calls it on every order it answers. Payments are copied, not changed in
// place.
func Describe(o *Order) {
	o.Payments = slices.Clone(o.Payments)
	given, unpaid := false, false
	for i := range o.Payments {
		p := &o.Payments[i]
		p.Outcome = paymentOutcome(p.Kind, o.Status)
		p.OutcomeLabel = outcomeLabels[p.Outcome]
		given = given || p.Outcome == PaymentGivenBack
		unpaid = unpaid || p.Outcome == PaymentNotCharged
	}
	if o.Payments == nil {
		o.Payments = []PaymentRecord{}
	}
	o.StatusMessage = statusMessage(o, given, unpaid)
}

// statusMessage is the sentence for the order's status; for a cancelled order, what
// became of its payments: given back only when something was taken.
func statusMessage(o *Order, given, unpaid bool) string {
	delivery := o.Handoff.Mode == HandoffDelivery
	switch o.Status {
	case OrderPlaced:
		// An order wanted for a chosen time may wait hours, or days, for the kitchen:
		// KitchenStarts says when ("at 4:10 PM", "Mon 11:10 AM"), set before this runs.
		if o.KitchenStarts != "" {
			return "Your order is placed. The kitchen starts on it " + o.KitchenStarts + "."
		}
		return "Your order is placed. The kitchen starts on it soon."
	case OrderPreparing:
		return "Your order is being prepared."
	case OrderReady:
		switch {
		case delivery:
			return "Your order is ready and on its way."
		case o.Handoff.Mode == HandoffCurbside && o.ArrivedAt != nil:
			return "Your order is ready. Someone is bringing it out to you."
		case o.Handoff.Mode == HandoffCurbside:
			return "Your order is ready. Tap I'm here when you park."
		}
		return "Your order is ready at the counter."
	case OrderCompleted:
		if delivery {
			return "Your order was delivered. Enjoy!"
		}
		return "Your order was picked up. Enjoy!"
	case OrderCancelled:
		switch {
		case given && unpaid:
			return "This order was cancelled. What you paid was given back, and there's nothing to pay in store."
		case given:
			return "This order was cancelled. Every payment was given back."
		}
		return "This order was cancelled. Nothing was charged, so there's nothing to pay."
	}
	return ""
}
