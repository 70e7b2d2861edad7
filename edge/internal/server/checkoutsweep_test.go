package server

import (
	"testing"
	"time"
)

func TestCheckoutLockTTLFromEnv(t *testing.T) {
	t.Setenv("CHECKOUT_LOCK_TTL", "")
	if c, err := ConfigFromEnv(); err != nil || c.CheckoutLockTTL != 30*time.Second {
		t.Fatalf("default: %v %v", c.CheckoutLockTTL, err)
	}
	t.Setenv("CHECKOUT_LOCK_TTL", "2s")
	if c, err := ConfigFromEnv(); err != nil || c.CheckoutLockTTL != 2*time.Second {
		t.Fatalf("2s: %v %v", c.CheckoutLockTTL, err)
	}
	for _, v := range []string{"30", "500ms", "11m", "-1s", "soon"} {
		t.Setenv("CHECKOUT_LOCK_TTL", v)
		if _, err := ConfigFromEnv(); err == nil {
			t.Errorf("%q accepted", v)
		}
	}
}
