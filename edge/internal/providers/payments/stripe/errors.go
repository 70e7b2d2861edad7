package stripe

import (
	"errors"
	"fmt"
	"net/http"

	stripego "github.com/stripe/stripe-go/v82"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/payments"
)

// Stripe's errors as the faults the built-in processors answer (payments README,
// "Errors"), with their codes, which the checkout shows at the card: a card Stripe
// declines is Rule with words a guest can act on, a request Stripe refuses is Invalid,
// and Stripe out of reach (or refusing our key) is Unavailable. Stripe's own message
// stays in the wrapped error, for the log.

func errDeclined() *fault.Error {
	return fault.New(fault.Rule, "card_declined", "Your card was declined. Try another card.")
}

// errAuthentication is a card whose bank wants the guest to confirm the payment: to the
// guest it is declined here (the checkout shows card_declined at the card), in words
// that say why.
func errAuthentication() *fault.Error {
	return fault.New(fault.Rule, "card_declined",
		"Your bank wants to confirm this payment, which it can't do here. Try another card.")
}

func errUnavailable() *fault.Error {
	return fault.New(fault.Unavailable, "processor_error", "We couldn't reach the card processor. Please try again.")
}

// declined is the fault of a card_error, by its code and decline code.
func declined(se *stripego.Error) *fault.Error {
	switch {
	case se.Code == stripego.ErrorCodeExpiredCard:
		return fault.New(fault.Rule, "card_expired", "Your card has expired. Try another card.")
	case se.Code == stripego.ErrorCodeIncorrectCVC || se.Code == stripego.ErrorCodeInvalidCVC:
		return fault.New(fault.Rule, "card_declined", "Your card's security code is incorrect. Check it or try another card.").
			Field(payments.FieldCVV, "The security code is incorrect.")
	case se.Code == stripego.ErrorCodeIncorrectNumber || se.Code == stripego.ErrorCodeInvalidNumber:
		return fault.New(fault.Rule, "card_declined", "Your card number is incorrect. Check it or try another card.").
			Field(payments.FieldNumber, "The card number is incorrect.")
	case se.Code == stripego.ErrorCodeIncorrectZip:
		return fault.New(fault.Rule, "card_declined", "Your billing ZIP code doesn't match your card. Check it or try another card.").
			Field(payments.FieldPostalCode, "The ZIP code doesn't match the card.")
	case se.Code == stripego.ErrorCodeAuthenticationRequired || se.DeclineCode == "authentication_required":
		return errAuthentication()
	case se.Code == stripego.ErrorCodeProcessingError:
		return errUnavailable()
	case se.DeclineCode == "insufficient_funds":
		return fault.New(fault.Rule, "card_declined", "Your card was declined for insufficient funds. Try another card.")
	}
	return errDeclined()
}

// fromStripe turns an error of a call to Stripe into a fault, keeping the error for
// the log; missing is the fault of an object Stripe does not have (the token, or the
// authorization, the call was about).
func fromStripe(op string, err error, missing func() error) error {
	var f error
	var se *stripego.Error
	switch {
	case !errors.As(err, &se):
		// No answer from Stripe: the network, a timeout, the request cancelled.
		f = fault.New(fault.Unavailable, "payments_unavailable", "We can't take card payments right now. Please try again.")
	case se.Type == stripego.ErrorTypeCard:
		f = declined(se)
	case se.Type == stripego.ErrorTypeIdempotency:
		f = payments.ErrConflict()
	case se.HTTPStatusCode == http.StatusUnauthorized || se.HTTPStatusCode == http.StatusForbidden ||
		se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500 || se.Type == stripego.ErrorTypeAPI:
		// Our key refused, Stripe's rate limit, or Stripe failing: nothing the guest
		// did, and a retry may well pass.
		f = errUnavailable()
	case se.Code == stripego.ErrorCodeResourceMissing:
		f = missing()
	default:
		f = fault.New(fault.Invalid, "card_invalid", "We couldn't take that card payment. Enter your card again.")
	}
	return fmt.Errorf("%w: stripe %s: %w", f, op, err)
}
