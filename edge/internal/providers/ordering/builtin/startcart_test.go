package builtin

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Starting a cart over an open cart that holds items is refused (409 cart_open)
// unless the guest chose to start over; an open cart with nothing in it is replaced.
func TestStartingOverAnOpenCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		first, err := e.p.StartCart(ctx, "v1", "m-standard", "oh-cincinnati", false)
		if err != nil {
			t.Fatal(err)
		}
		empty, err := e.p.StartCart(ctx, "v1", "m-standard", "oh-cincinnati", false)
		if err != nil || empty.ID == first.ID {
			t.Fatalf("an empty cart is replaced: %v %v", empty.ID, err)
		}
		if _, err := e.p.AddProduct(ctx, "v1", comboLine()); err != nil {
			t.Fatal(err)
		}
		_, err = e.p.StartCart(ctx, "v1", "m-standard", "oh-cincinnati", false)
		if faultCode(t, err) != "cart_open" || !fault.Is(err, fault.Conflict) {
			t.Fatalf("over a cart with items: %v", err)
		}
		if c, err := e.p.Cart(ctx, "v1"); err != nil || c.ID != empty.ID || len(c.Products) != 1 {
			t.Fatalf("the open cart is kept: %+v %v", c, err)
		}
		again, err := e.p.StartCart(ctx, "v1", "m-standard", "oh-cincinnati", true)
		if err != nil || again.ID == empty.ID || len(again.Products) != 0 {
			t.Fatalf("the guest starts over: %+v %v", again, err)
		}
	})
}
