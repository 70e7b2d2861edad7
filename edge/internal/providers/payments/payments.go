// Package payments takes card payments: a card is validated and turned into a token
// by a Processor, the order is authorized against the token when it is placed, and the
// authorization is captured or voided later.
//
// The card number and the security code (CVV) never leave Tokenize: they are not
// stored, logged or returned. Card's String, GoString, LogValue and MarshalJSON show
// only the brand and last four digits. A token keeps the brand, last four digits,
// expiry month and year, and the processor.
//
// The built-in processors ("hosted" and "second", see NewHosted and NewSecond) keep
// tokens and authorizations in Redis and behave like a card processor's test mode:
// the test card numbers in README.md are declined the way a real processor declines
// them. Adapters for real processors implement the same interface.
package payments

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"
)

// Card is what the guest typed in the card fields. It is only ever held in memory.
type Card struct {
	Number     string `json:"number"`
	ExpMonth   string `json:"exp_month"`
	ExpYear    string `json:"exp_year"`
	CVV        string `json:"cvv"`
	PostalCode string `json:"postal_code"`
	Name       string `json:"name,omitempty"`
}

// masked describes the card without its number or security code.
func (c Card) masked() string {
	d := digits(c.Number)
	last4 := ""
	if len(d) >= 4 {
		last4 = d[len(d)-4:]
	}
	b := DetectBrand(d)
	if b == "" {
		b = "card"
	}
	return string(b) + " ending " + last4
}

// String shows the brand and last four digits only.
func (c Card) String() string { return "Card{" + c.masked() + "}" }

// GoString shows the brand and last four digits only, for %#v.
func (c Card) GoString() string { return c.String() }

// LogValue keeps the number and security code out of slog output.
func (c Card) LogValue() slog.Value { return slog.StringValue(c.masked()) }

// MarshalJSON keeps the number and security code out of any JSON written from a Card.
func (c Card) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]string{"card": c.masked()})
}

// Brand is a card network.
type Brand string

// The brands accepted.
const (
	Amex       Brand = "amex"
	Discover   Brand = "discover"
	MasterCard Brand = "mastercard"
	Visa       Brand = "visa"
)

// Token stands for a card at one processor.
type Token struct {
	ID        string    `json:"id"`
	Processor string    `json:"processor"`
	Brand     Brand     `json:"brand"`
	Last4     string    `json:"last4"`
	ExpMonth  int       `json:"expMonth"`
	ExpYear   int       `json:"expYear"`
	CreatedAt time.Time `json:"createdAt"`
}

// Authorization statuses.
const (
	StatusAuthorized = "authorized"
	StatusVoided     = "voided"
	StatusCaptured   = "captured"
)

// Authorization is money held on a card for an order.
type Authorization struct {
	ID          string `json:"id"`
	Processor   string `json:"processor"`
	TokenID     string `json:"tokenId"`
	AmountCents int64  `json:"amountCents"`
	Status      string `json:"status"`
}

// Processor tokenizes cards and moves money.
type Processor interface {
	// ID names the processor ("hosted", "second").
	ID() string
	// Tokenize validates c (see Validate) and returns a token for it.
	Tokenize(ctx context.Context, c Card) (Token, error)
	// Lookup returns a token that is still valid.
	Lookup(ctx context.Context, tokenID string) (Token, error)
	// Authorize holds amountCents on the token's card. Calls with the same
	// idempotencyKey return the same authorization.
	Authorize(ctx context.Context, tokenID string, amountCents int64, idempotencyKey string) (Authorization, error)
	// Find returns the authorization an idempotency key made, if any, without
	// authorizing.
	Find(ctx context.Context, idempotencyKey string) (Authorization, bool, error)
	// Capture takes the money held; capturing twice is not an error.
	Capture(ctx context.Context, authID string) error
	// Void releases the money held; voiding twice is not an error.
	Void(ctx context.Context, authID string) error
}

// Keeper is implemented by processors whose tokens expire unless kept.
type Keeper interface {
	// Keep makes a token permanent, for a card the guest saves to their account.
	Keep(ctx context.Context, tokenID string) error
	// Forget deletes a token, for a saved card the guest removes.
	Forget(ctx context.Context, tokenID string) error
}

// digits strips the spaces and dashes guests type in card numbers.
func digits(s string) string {
	s = strings.TrimSpace(s)
	if !strings.ContainsAny(s, " -\t") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r != ' ' && r != '-' && r != '\t' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
