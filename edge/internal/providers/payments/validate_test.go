package payments

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
)

var now = time.Date(2026, time.March, 15, 12, 0, 0, 0, time.UTC)

// withCheckDigit completes prefix to n digits (zeros, then a Luhn check digit).
func withCheckDigit(prefix string, n int) string {
	s := prefix + strings.Repeat("0", n-len(prefix)-1)
	for d := 0; d <= 9; d++ {
		if c := s + strconv.Itoa(d); luhn(c) {
			return c
		}
	}
	panic("unreachable")
}

func card(number, cvv string) Card {
	return Card{Number: number, ExpMonth: "12", ExpYear: "2028", CVV: cvv, PostalCode: "43215", Name: "Pat Guest"}
}

func TestDetectBrand(t *testing.T) {
	tests := map[string]Brand{
		"4242424242424242": Visa, "4": Visa, "4111 1111": Visa,
		"34": Amex, "37": Amex, "35": "", "3": "",
		"51": MasterCard, "55": MasterCard, "50": "", "56": "",
		"2221": MasterCard, "2720": MasterCard, "2220": "", "2721": "", "222": "",
		"6011": Discover, "644": Discover, "649": Discover, "643": "", "65": Discover,
		"622126": Discover, "622925": Discover, "622125": "", "622926": "", "6221": "", "62": "",
		"3530111333300000": "", "6200000000000005": "", "36227206271667": "",
		"": "", "abcd": "", "4x": "",
	}
	for in, want := range tests {
		if got := DetectBrand(in); got != want {
			t.Errorf("DetectBrand(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidateNumbers(t *testing.T) {
	tests := []struct {
		number string
		brand  Brand
		msg    string // "" when valid
	}{
		{"4242424242424242", Visa, ""},
		{"4242 4242-4242 4242", Visa, ""},
		{" 4000056655665556 ", Visa, ""},
		{"4222222222222", Visa, ""},
		{withCheckDigit("4", 19), Visa, ""},
		{withCheckDigit("4", 15), Visa, msgNumberLength},
		{"4242424242424241", Visa, msgNumberInvalid},
		{"5555555555554444", MasterCard, ""},
		{"2223003122003222", MasterCard, ""},
		{withCheckDigit("2720", 16), MasterCard, ""},
		{withCheckDigit("51", 16), MasterCard, ""},
		{withCheckDigit("55", 19), MasterCard, msgNumberLength},
		{"5555555555554443", MasterCard, msgNumberInvalid},
		{"378282246310005", Amex, ""},
		{"371449635398431", Amex, ""},
		{withCheckDigit("34", 16), Amex, msgNumberLength},
		{"378282246310006", Amex, msgNumberInvalid},
		{"6011111111111117", Discover, ""},
		{"6011000990139424", Discover, ""},
		{withCheckDigit("644", 16), Discover, ""},
		{withCheckDigit("65", 19), Discover, ""},
		{withCheckDigit("622126", 16), Discover, ""},
		{withCheckDigit("622925", 17), Discover, ""},
		{withCheckDigit("6011", 15), Discover, msgNumberLength},
		{"6011111111111118", Discover, msgNumberInvalid},
		// Valid cards of other networks.
		{"3530111333300000", "", msgUnsupported},           // JCB
		{"6200000000000005", "", msgUnsupported},           // UnionPay
		{"36227206271667", "", msgUnsupported},             // Diners Club
		{withCheckDigit("622125", 16), "", msgUnsupported}, // UnionPay, outside Discover's range
		{withCheckDigit("2721", 16), "", msgUnsupported},   // not MasterCard
		{"1234", "", msgNumberInvalid},
		{"1234567812345678", "", msgNumberInvalid},
		{"", "", msgNumberMissing},
		{"   ", "", msgNumberMissing},
		{"4242-4242-abcd-4242", "", msgNumberDigits},
		{"４２４２４２４２４２４２４２４２", "", msgNumberDigits},
	}
	for _, tt := range tests {
		cvv := "123"
		if tt.brand == Amex {
			cvv = "1234"
		}
		brand, err := Validate(card(tt.number, cvv), now)
		if brand != tt.brand {
			t.Errorf("%q: brand %q, want %q", tt.number, brand, tt.brand)
		}
		if tt.msg == "" {
			if err != nil {
				t.Errorf("%q: %v", tt.number, err)
			}
			continue
		}
		fe := mustCardInvalid(t, err)
		if fe == nil {
			continue
		}
		if fe.Fields[FieldNumber] != tt.msg || len(fe.Fields) != 1 || fe.Message != tt.msg {
			t.Errorf("%q: %+v, want number: %q", tt.number, fe, tt.msg)
		}
	}
}

func mustCardInvalid(t *testing.T, err error) *fault.Error {
	t.Helper()
	fe, ok := fault.As(err)
	if !ok || fe.Kind != fault.Invalid || fe.Code != "card_invalid" {
		t.Errorf("err = %#v, want Invalid card_invalid", err)
		return nil
	}
	return fe
}

func TestValidateExpiry(t *testing.T) {
	tests := []struct {
		month, year string
		field, msg  string // "" when valid
	}{
		{"12", "2028", "", ""},
		{"3", "2026", "", ""}, // good through the end of this month
		{"03", "26", "", ""},
		{" 4 ", " 26 ", "", ""},
		{"1", "2046", "", ""},
		{"12", "46", "", ""},
		{"2", "2026", FieldExpMonth, msgExpired},
		{"12", "2025", FieldExpYear, msgExpired},
		{"12", "25", FieldExpYear, msgExpired},
		{"1", "2047", FieldExpYear, msgTooFar},
		{"0", "2028", FieldExpMonth, msgMonth},
		{"13", "2028", FieldExpMonth, msgMonth},
		{"", "2028", FieldExpMonth, msgMonth},
		{"ab", "2028", FieldExpMonth, msgMonth},
		{"-1", "2028", FieldExpMonth, msgMonth},
		{"012", "2028", FieldExpMonth, msgMonth},
		{"12", "", FieldExpYear, msgYear},
		{"12", "2", FieldExpYear, msgYear},
		{"12", "202", FieldExpYear, msgYear},
		{"12", "20288", FieldExpYear, msgYear},
		{"12", "+028", FieldExpYear, msgYear},
	}
	for _, tt := range tests {
		c := card("4242424242424242", "123")
		c.ExpMonth, c.ExpYear = tt.month, tt.year
		_, err := Validate(c, now)
		if tt.field == "" {
			if err != nil {
				t.Errorf("%q/%q: %v", tt.month, tt.year, err)
			}
			continue
		}
		if fe := mustCardInvalid(t, err); fe != nil && (fe.Fields[tt.field] != tt.msg || len(fe.Fields) != 1) {
			t.Errorf("%q/%q: fields %v, want %s: %q", tt.month, tt.year, fe.Fields, tt.field, tt.msg)
		}
	}
}

func TestValidateCVVAndPostalCode(t *testing.T) {
	tests := []struct {
		number, cvv, postal string
		field, msg          string
	}{
		{"378282246310005", "1234", "43215", "", ""},
		{"378282246310005", "123", "43215", FieldCVV, msgCVV4},
		{"378282246310005", "12345", "43215", FieldCVV, msgCVV4},
		{"4242424242424242", "123", "43215", "", ""},
		{"4242424242424242", " 123 ", "43215", "", ""},
		{"4242424242424242", "1234", "43215", FieldCVV, msgCVV3},
		{"4242424242424242", "12", "43215", FieldCVV, msgCVV3},
		{"4242424242424242", "12a", "43215", FieldCVV, msgCVV3},
		{"5555555555554444", "", "43215", FieldCVV, msgCVV3},
		{"6011111111111117", "9999", "43215", FieldCVV, msgCVV3},
		{"4242424242424242", "123", "43215-1234", "", ""},
		{"4242424242424242", "123", "432151234", "", ""},
		{"4242424242424242", "123", " 02134 ", "", ""},
		{"4242424242424242", "123", "", FieldPostalCode, msgPostal},
		{"4242424242424242", "123", "4321", FieldPostalCode, msgPostal},
		{"4242424242424242", "123", "ABCDE", FieldPostalCode, msgPostal},
		{"4242424242424242", "123", "43215-12", FieldPostalCode, msgPostal},
		{"4242424242424242", "123", "K1A 0B1", FieldPostalCode, msgPostal},
	}
	for _, tt := range tests {
		c := card(tt.number, tt.cvv)
		c.PostalCode = tt.postal
		_, err := Validate(c, now)
		if tt.field == "" {
			if err != nil {
				t.Errorf("%s/%q/%q: %v", tt.number, tt.cvv, tt.postal, err)
			}
			continue
		}
		if fe := mustCardInvalid(t, err); fe != nil && (fe.Fields[tt.field] != tt.msg || len(fe.Fields) != 1) {
			t.Errorf("%s/%q/%q: fields %v, want %s: %q", tt.number, tt.cvv, tt.postal, fe.Fields, tt.field, tt.msg)
		}
	}
}

func TestValidateSeveralFields(t *testing.T) {
	_, err := Validate(Card{Number: "4242424242424241", ExpMonth: "13", ExpYear: "2020", CVV: "1", PostalCode: "x"}, now)
	fe := mustCardInvalid(t, err)
	if fe == nil {
		return
	}
	if fe.Message != msgCheckCard {
		t.Errorf("message %q", fe.Message)
	}
	for _, f := range []string{FieldNumber, FieldExpMonth, FieldExpYear, FieldCVV, FieldPostalCode} {
		if fe.Fields[f] == "" {
			t.Errorf("no message for %s: %v", f, fe.Fields)
		}
	}
	// Nothing in the error repeats what was typed.
	if s := fmt.Sprintf("%v %+v", err, fe); strings.Contains(s, "4242424242424241") {
		t.Errorf("error shows the card number: %s", s)
	}
}

func TestCardNeverPrintsNumberOrCVV(t *testing.T) {
	c := Card{Number: "4242 4242 4242 4242", ExpMonth: "12", ExpYear: "2028", CVV: "987", PostalCode: "43215"}
	type request struct {
		Card  Card
		Order string
	}
	var buf bytes.Buffer
	// No time attribute: a timestamp's digits could contain the CVV by chance.
	noTime := &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}
	slog.New(slog.NewJSONHandler(&buf, noTime)).Info("pay", "card", c)
	slog.New(slog.NewTextHandler(&buf, noTime)).Info("pay", "card", c)
	j, _ := json.Marshal(request{Card: c, Order: "o1"})
	out := fmt.Sprintf("%v|%+v|%#v|%s|%v|%+v|%s|%s", c, c, c, c, request{c, "o1"}, &request{c, "o1"}, j, buf.String())
	for _, secret := range []string{"4242 4242 4242 4242", "424242424242", "987"} {
		if strings.Contains(out, secret) {
			t.Errorf("output contains %q: %s", secret, out)
		}
	}
	if !strings.Contains(out, "visa ending 4242") {
		t.Errorf("output does not describe the card: %s", out)
	}
	// The card form's JSON still decodes into a Card.
	var back Card
	if err := json.Unmarshal([]byte(`{"number":"4242424242424242","cvv":"987"}`), &back); err != nil || back.Number != "4242424242424242" || back.CVV != "987" {
		t.Errorf("decode: %+v %v", back.Number, err)
	}
}
