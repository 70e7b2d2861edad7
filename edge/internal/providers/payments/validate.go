package payments

import (
	"strconv"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
)

// Field names in card_invalid errors, as the card form names its inputs.
const (
	FieldNumber     = "number"
	FieldExpMonth   = "exp_month"
	FieldExpYear    = "exp_year"
	FieldCVV        = "cvv"
	FieldPostalCode = "postal_code"
)

// Messages shown to guests.
const (
	msgCheckCard     = "Check your card details."
	msgNumberMissing = "Enter your card number."
	msgNumberDigits  = "A card number has only digits."
	msgNumberLength  = "Check your card number: it has too few or too many digits."
	msgNumberInvalid = "Check your card number: it isn't a valid card number."
	msgUnsupported   = "We accept Amex, Discover, MasterCard and Visa."
	msgMonth         = "Enter the expiry month as a number from 1 to 12."
	msgYear          = "Enter the expiry year, like 29 or 2029."
	msgExpired       = "This card has expired."
	msgTooFar        = "Check the expiry year: it is too far ahead."
	msgCVV3          = "Enter the 3-digit security code from the back of your card."
	msgCVV4          = "Enter the 4-digit security code from the front of your card."
	msgCVV           = "Enter the 3- or 4-digit security code from your card."
	msgPostal        = "Enter the 5-digit ZIP code of your billing address."
)

// maxYearsAhead is how far in the future an expiry year may be.
const maxYearsAhead = 20

// DetectBrand tells the network from the card number's first digits (spaces and dashes
// are ignored); "" when it is none of Amex, Discover, MasterCard and Visa or there are
// too few digits to tell.
func DetectBrand(number string) Brand {
	d := digits(number)
	if d == "" || !allDigits(d) {
		return ""
	}
	p := func(n int) int { // the first n digits as a number, or -1
		if len(d) < n {
			return -1
		}
		v, _ := strconv.Atoi(d[:n])
		return v
	}
	switch {
	case d[0] == '4':
		return Visa
	case p(2) == 34 || p(2) == 37:
		return Amex
	case p(2) >= 51 && p(2) <= 55, p(4) >= 2221 && p(4) <= 2720:
		return MasterCard
	case p(4) == 6011, p(3) >= 644 && p(3) <= 649, p(2) == 65, p(6) >= 622126 && p(6) <= 622925:
		return Discover
	}
	return ""
}

// lengths are the card number lengths each brand issues.
var lengths = map[Brand][]int{
	Visa:       {13, 16, 19},
	MasterCard: {16},
	Amex:       {15},
	Discover:   {16, 17, 18, 19},
}

// Validate checks a card the way the card form does (the card-validator rules): the
// number (digits, accepted brand, length, Luhn check digit), the expiry (month 1–12,
// year as YY or YYYY, not before the current month, at most 20 years ahead), the
// security code (4 digits for Amex, 3 otherwise) and the billing ZIP code (5 digits,
// ZIP+4 allowed). Problems come back together as one *fault.Error, Invalid,
// "card_invalid", with a message per field.
func Validate(c Card, now time.Time) (Brand, error) {
	fields := map[string]string{}
	brand := validateNumber(digits(c.Number), fields)
	validateExpiry(c.ExpMonth, c.ExpYear, now, fields)
	validateCVV(strings.TrimSpace(c.CVV), brand, fields)
	if !validPostal(strings.TrimSpace(c.PostalCode)) {
		fields[FieldPostalCode] = msgPostal
	}
	if len(fields) == 0 {
		return brand, nil
	}
	msg := msgCheckCard
	if len(fields) == 1 {
		for _, m := range fields {
			msg = m
		}
	}
	return brand, &fault.Error{Kind: fault.Invalid, Code: "card_invalid", Message: msg, Fields: fields}
}

func validateNumber(d string, fields map[string]string) Brand {
	switch {
	case d == "":
		fields[FieldNumber] = msgNumberMissing
		return ""
	case !allDigits(d):
		fields[FieldNumber] = msgNumberDigits
		return ""
	}
	brand := DetectBrand(d)
	if brand == "" {
		// A number that looks like a real card of another network (JCB, UnionPay,
		// Diners Club, Maestro…) gets the list of networks we take.
		if len(d) >= 12 && len(d) <= 19 && luhn(d) {
			fields[FieldNumber] = msgUnsupported
		} else {
			fields[FieldNumber] = msgNumberInvalid
		}
		return ""
	}
	okLen := false
	for _, n := range lengths[brand] {
		okLen = okLen || len(d) == n
	}
	switch {
	case !okLen:
		fields[FieldNumber] = msgNumberLength
	case !luhn(d):
		fields[FieldNumber] = msgNumberInvalid
	}
	return brand
}

// expiry parses the month and year; ok is false when either is malformed (and a
// field message has been set).
func expiry(month, year string, fields map[string]string) (m, y int, ok bool) {
	month, year = strings.TrimSpace(month), strings.TrimSpace(year)
	m, err := strconv.Atoi(month)
	if err != nil || !allDigits(month) || len(month) > 2 || m < 1 || m > 12 {
		fields[FieldExpMonth] = msgMonth
	}
	y, err = strconv.Atoi(year)
	switch {
	case err != nil || !allDigits(year) || (len(year) != 2 && len(year) != 4):
		fields[FieldExpYear] = msgYear
	case len(year) == 2:
		y += 2000
	}
	_, bm := fields[FieldExpMonth]
	_, by := fields[FieldExpYear]
	return m, y, !bm && !by
}

func validateExpiry(month, year string, now time.Time, fields map[string]string) {
	m, y, _ := expiry(month, year, fields)
	_, badMonth := fields[FieldExpMonth]
	if _, badYear := fields[FieldExpYear]; badYear {
		return
	}
	// A card is good through the last day of its expiry month.
	switch {
	case y < now.Year():
		fields[FieldExpYear] = msgExpired
	case y > now.Year()+maxYearsAhead:
		fields[FieldExpYear] = msgTooFar
	case !badMonth && y == now.Year() && m < int(now.Month()):
		fields[FieldExpMonth] = msgExpired
	}
}

func validateCVV(cvv string, brand Brand, fields map[string]string) {
	want, msg := 3, msgCVV3
	switch brand {
	case Amex:
		want, msg = 4, msgCVV4
	case "":
		if allDigits(cvv) && (len(cvv) == 3 || len(cvv) == 4) {
			return
		}
		fields[FieldCVV] = msgCVV
		return
	}
	if len(cvv) != want || !allDigits(cvv) {
		fields[FieldCVV] = msg
	}
}

func validPostal(z string) bool {
	switch len(z) {
	case 5:
		return allDigits(z)
	case 9:
		return allDigits(z)
	case 10:
		return allDigits(z[:5]) && z[5] == '-' && allDigits(z[6:])
	}
	return false
}

// luhn reports whether the last digit of d is its Luhn check digit.
func luhn(d string) bool {
	sum := 0
	double := false
	for i := len(d) - 1; i >= 0; i-- {
		n := int(d[i] - '0')
		if double {
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
		double = !double
	}
	return sum%10 == 0
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// cardExpired reports whether a card expiring month/year is past at now.
func cardExpired(month, year int, now time.Time) bool {
	return year < now.Year() || (year == now.Year() && month < int(now.Month()))
}
