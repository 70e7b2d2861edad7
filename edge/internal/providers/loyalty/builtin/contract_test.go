package builtin

import (
	"time"

	"testing"

	"github.com/henhouse/platform/edge/internal/providers/loyalty/loyaltytest"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// The built-in provider keeps the contract every loyalty adapter keeps, on the
// embedded Redis.
func TestContract(t *testing.T) {
	loyaltytest.Run(t, func(t *testing.T) any {
		return newEnv(t, storetest.Embedded(t)).p
	}, loyaltytest.Options{LocationID: "loc-1", PlacedAt: noon, Now: func() time.Time { return noon }})
}
