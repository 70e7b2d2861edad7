package ordering

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/fault"
)

// Clean trims s and records a field message in fields when s is required but empty,
// or longer than max characters. label names the value in the message ("a city").
func Clean(s string, max int, field, label string, fields map[string]string, required bool) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "" && required:
		fields[field] = "Enter " + label
	case utf8.RuneCountInString(s) > max:
		fields[field] = fmt.Sprintf("%s can be at most %d characters", strings.ToUpper(label[:1])+label[1:], max)
	}
	return s
}

// CheckAddress applies the rules of a delivery address, wherever a guest types one
// (the cart's delivery handoff, the search for locations that deliver): every part
// trimmed, street, city, state and ZIP required, lengths capped, the state upper-cased
// and the ZIP five digits (ZIP+4 allowed). Problems are added to fields under
// "address.<part>"; the cleaned address is returned either way.
func CheckAddress(a Address, fields map[string]string) Address {
	a.Street = Clean(a.Street, 100, "address.street", "a street address", fields, true)
	a.Unit = Clean(a.Unit, 30, "address.unit", "the apartment or suite", fields, false)
	a.City = Clean(a.City, 50, "address.city", "a city", fields, true)
	a.State = strings.ToUpper(Clean(a.State, 2, "address.state", "a state", fields, true))
	a.ZIP = Clean(a.ZIP, 10, "address.zip", "a ZIP code", fields, true)
	if a.ZIP != "" && !validZIP(a.ZIP) {
		fields["address.zip"] = "Enter a 5-digit ZIP code"
	}
	return a
}

// validZIP accepts "40202" and "40202-1234".
func validZIP(s string) bool {
	if len(s) != 5 && len(s) != 10 {
		return false
	}
	for i, r := range s {
		if i == 5 {
			if r != '-' {
				return false
			}
			continue
		}
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// LocateAddress places a checked delivery address with g. Streets are placed by their
// ZIP code or city, so the unit plays no part. An address g cannot place is a Rule
// fault "address_not_found" with its message on address.street, the field the guest
// corrects; no geocoder means delivery is unavailable.
func LocateAddress(ctx context.Context, g Geocoder, a Address) (lat, lng float64, err error) {
	if g == nil {
		return 0, 0, fault.New(fault.Unavailable, "delivery_unavailable", "Delivery isn't available right now.")
	}
	lat, lng, err = g.Locate(ctx, fmt.Sprintf("%s, %s, %s %s", a.Street, a.City, a.State, a.ZIP))
	if fe, ok := fault.As(err); ok && fe.Code == "address_not_found" {
		return 0, 0, fault.New(fault.Rule, "address_not_found", "%s", fe.Message).Field("address.street", "We couldn't find this address")
	}
	return lat, lng, err
}
