package payments

import (
	"strings"

	"github.com/henhouse/platform/edge/internal/fault"
)

// The faults every processor answers alike (README.md, "Errors"), so that a guest reads
// the same words whichever processor a location takes cards through.

// ErrTokenUnknown is a token that is malformed or another processor's: Invalid (400)
// "card_not_found".
func ErrTokenUnknown() error { return errTokenUnknown() }

// ErrAuthorizationUnknown is an authorization the processor does not know: NotFound
// "authorization_not_found".
func ErrAuthorizationUnknown() error { return errAuthUnknown() }

// ErrConflict is an idempotency key used again for another token or amount: Conflict
// "payment_conflict".
func ErrConflict() error {
	return fault.New(fault.Conflict, "payment_conflict",
		"Your order changed while we were taking payment. Please check it and try again.")
}

// ErrVoided is a capture of an authorization that was voided: Conflict "payment_voided".
func ErrVoided() error {
	return fault.New(fault.Conflict, "payment_"+StatusVoided, "This payment was cancelled and can't be taken.")
}

// ErrCaptured is a void of an authorization that was captured: Conflict
// "payment_captured" (giving the money back takes a refund).
func ErrCaptured() error {
	return fault.New(fault.Conflict, "payment_"+StatusCaptured, "This payment was already taken and can't be cancelled.")
}

// Label is how an order names the card it was paid with: "Visa •••• 4242". A brand the
// built-in processors do not know (a real processor's "diners", "jcb") is written as
// the processor names it, capitalized.
func Label(brand Brand, last4 string) string {
	name, ok := brandNames[brand]
	switch {
	case !ok && brand == "":
		name = "Card"
	case !ok:
		name = strings.ToUpper(string(brand[:1])) + string(brand[1:])
	}
	return name + " •••• " + last4
}

var brandNames = map[Brand]string{Amex: "Amex", Discover: "Discover", MasterCard: "MasterCard", Visa: "Visa"}

// Parsed is a card that passed Validate as a processor's API takes it: the number's
// digits and the expiry month and four-digit year.
func (c Card) Parsed() (number string, month, year int) {
	m, y, _ := expiry(c.ExpMonth, c.ExpYear, map[string]string{})
	return digits(c.Number), m, y
}
