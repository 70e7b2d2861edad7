package payments_test

import (
	"context"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/payments"
	"github.com/henhouse/platform/edge/internal/providers/payments/paymentstest"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// The built-in processors pass the contract every card processor passes, every check
// of it: Redis keeps what they did.
func TestBuiltinProcessorsKeepTheContract(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		for _, p := range []*payments.RedisProcessor{payments.NewHosted(st), payments.NewSecond(st)} {
			t.Run(p.ID(), func(t *testing.T) {
				paymentstest.Run(t, p, paymentstest.Options{
					Token: func(t *testing.T) string {
						tok, err := p.Tokenize(context.Background(), payments.Card{Number: "4242 4242 4242 4242", ExpMonth: "12", ExpYear: "2040", CVV: "123", PostalCode: "43215"})
						if err != nil {
							t.Fatal(err)
						}
						return tok.ID
					},
					// Well formed, never issued.
					UnknownToken:         map[string]string{payments.HostedID: "tok_", payments.SecondID: "pm_"}[p.ID()] + "00112233445566778899aabbccddeeff",
					UnknownAuthorization: map[string]string{payments.HostedID: "auth_", payments.SecondID: "pi_"}[p.ID()] + "00112233445566778899aabbccddeeff",
				})
			})
		}
	})
}
