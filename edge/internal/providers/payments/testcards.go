package payments

import "github.com/henhouse/platform/edge/internal/fault"

// Test card numbers. The built-in processors treat every card as a test card: any
// valid number is approved, except these, which fail at Authorize the way a real
// processor's test mode fails them (the numbers are the ones processors publish for
// testing, so QA scripts work against either). Use any future expiry date, any ZIP
// code and a security code of the right length.
//
//	4242 4242 4242 4242    Visa          approved
//	4000 0566 5566 5556    Visa debit    approved
//	5555 5555 5555 4444    MasterCard    approved
//	2223 0031 2200 3222    MasterCard    approved (2-series)
//	3782 822463 10005      Amex          approved
//	6011 1111 1111 1117    Discover      approved
//	4000 0000 0000 0002    Visa          declined: card_declined
//	4000 0000 0000 9995    Visa          declined: insufficient_funds
//	4000 0000 0000 0069    Visa          declined: card_expired
//	4000 0000 0000 0127    Visa          declined: cvv_incorrect
//	4000 0000 0000 0119    Visa          processor_error (Unavailable; try again)
//
// Also kept out at Tokenize: 3530 1113 3330 0000 (JCB) and
// 6200 0000 0000 0005 (UnionPay) are valid cards of networks we don't accept.
var testOutcomes = map[string]string{
	"4000000000000002": outcomeDeclined,
	"4000000000009995": outcomeInsufficient,
	"4000000000000069": outcomeExpired,
	"4000000000000127": outcomeCVV,
	"4000000000000119": outcomeError,
}

const (
	outcomeDeclined     = "card_declined"
	outcomeInsufficient = "insufficient_funds"
	outcomeExpired      = "card_expired"
	outcomeCVV          = "cvv_incorrect"
	outcomeError        = "processor_error"
)

// outcomeFault turns a stored test outcome into the fault Authorize returns.
func outcomeFault(outcome string) error {
	switch outcome {
	case outcomeDeclined:
		return fault.New(fault.Rule, "card_declined", "Your card was declined. Try another card.")
	case outcomeInsufficient:
		return fault.New(fault.Rule, "card_declined", "Your card was declined for insufficient funds. Try another card.")
	case outcomeExpired:
		return fault.New(fault.Rule, "card_expired", "Your card has expired. Try another card.")
	case outcomeCVV:
		return fault.New(fault.Rule, "card_declined", "Your card's security code is incorrect. Check it or try another card.").
			Field(FieldCVV, "The security code is incorrect.")
	case outcomeError:
		return fault.New(fault.Unavailable, "processor_error", "We couldn't reach the card processor. Please try again.")
	}
	return nil
}
