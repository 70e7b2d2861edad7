package ordering_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

func TestCheckAddress(t *testing.T) {
	fields := map[string]string{}
	a := ordering.CheckAddress(ordering.Address{Street: "  20 High St ", Unit: " Apt 2 ", City: " Columbus", State: "oh ", ZIP: " 43215-1234 "}, fields)
	if len(fields) != 0 || a != (ordering.Address{Street: "20 High St", Unit: "Apt 2", City: "Columbus", State: "OH", ZIP: "43215-1234"}) {
		t.Fatalf("a good address is trimmed and its state upper-cased: %+v %v", a, fields)
	}

	for _, c := range []struct {
		name string
		in   ordering.Address
		want map[string]string
	}{
		{"empty", ordering.Address{Unit: "  "}, map[string]string{
			"address.street": "Enter a street address", "address.city": "Enter a city",
			"address.state": "Enter a state", "address.zip": "Enter a ZIP code",
		}},
		{"too long", ordering.Address{Street: strings.Repeat("é", 101), Unit: strings.Repeat("u", 31), City: strings.Repeat("c", 51), State: "Ohio", ZIP: "43215-12345"}, map[string]string{
			"address.street": "A street address can be at most 100 characters",
			"address.unit":   "The apartment or suite can be at most 30 characters",
			"address.city":   "A city can be at most 50 characters",
			"address.state":  "A state can be at most 2 characters",
			"address.zip":    "Enter a 5-digit ZIP code",
		}},
		{"bad ZIP", ordering.Address{Street: "1 Main St", City: "Columbus", State: "OH", ZIP: "4321"}, map[string]string{"address.zip": "Enter a 5-digit ZIP code"}},
		{"ZIP+4 without the hyphen", ordering.Address{Street: "1 Main St", City: "Columbus", State: "OH", ZIP: "43215 1234"}, map[string]string{"address.zip": "Enter a 5-digit ZIP code"}},
		{"letters in the ZIP", ordering.Address{Street: "1 Main St", City: "Columbus", State: "OH", ZIP: "4321a"}, map[string]string{"address.zip": "Enter a 5-digit ZIP code"}},
		{"characters, not bytes", ordering.Address{Street: strings.Repeat("é", 100), City: "Columbus", State: "OH", ZIP: "43215"}, map[string]string{}},
	} {
		got := map[string]string{}
		ordering.CheckAddress(c.in, got)
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", c.name, k, got[k], v)
			}
		}
	}
}

type locator func(q string) (float64, float64, error)

func (f locator) Locate(_ context.Context, q string) (float64, float64, error) { return f(q) }

func TestLocateAddress(t *testing.T) {
	ctx := context.Background()
	a := ordering.Address{Street: "20 High St", Unit: "Apt 2", City: "Columbus", State: "OH", ZIP: "43215"}
	var asked string
	lat, lng, err := ordering.LocateAddress(ctx, locator(func(q string) (float64, float64, error) { asked = q; return 39.96, -83.0, nil }), a)
	if err != nil || lat != 39.96 || lng != -83.0 || asked != "20 High St, Columbus, OH 43215" {
		t.Fatalf("placed %v,%v %v from %q", lat, lng, err, asked)
	}

	unknown := locator(func(string) (float64, float64, error) {
		return 0, 0, fault.New(fault.Invalid, "address_not_found", "We couldn't find that address. Try a city and state or a ZIP code.").Field("address", "x")
	})
	_, _, err = ordering.LocateAddress(ctx, unknown, a)
	fe, ok := fault.As(err)
	if !ok || fe.Kind != fault.Rule || fe.Code != "address_not_found" || fe.Fields["address.street"] != "We couldn't find this address" ||
		len(fe.Fields) != 1 || !strings.HasPrefix(fe.Message, "We couldn't find that address.") {
		t.Fatalf("unknown address: %+v", fe)
	}

	_, _, err = ordering.LocateAddress(ctx, nil, a)
	if fe, ok := fault.As(err); !ok || fe.Kind != fault.Unavailable || fe.Code != "delivery_unavailable" {
		t.Fatalf("no geocoder: %v", err)
	}

	down := errors.New("connection refused")
	if _, _, err := ordering.LocateAddress(ctx, locator(func(string) (float64, float64, error) { return 0, 0, down }), a); !errors.Is(err, down) {
		t.Fatalf("other errors pass through: %v", err)
	}
}
