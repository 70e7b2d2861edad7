package builtin

import (
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// A cleared cart comes back exactly as it was: lines, choices, quantities, handoff and
// time; its rewards stay given back.
func TestRestoreBringsBackTheClearedCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		if _, err := e.p.AddProduct(ctx, "v", comboLine()); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: ordering.HandoffCurbside, Vehicle: &ordering.Vehicle{Make: "Honda", Model: "Civic", Color: "Blue"}}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.ApplyReward(ctx, "v", ordering.AppliedReward{ID: "rd_1", Name: "Free Regular Side", AmountCents: 349}); err != nil {
			t.Fatal(err)
		}
		before, err := e.p.Cart(ctx, "v")
		if err != nil {
			t.Fatal(err)
		}
		gone, err := e.p.AbandonCart(ctx, "v")
		if err != nil || gone.ID != before.ID || len(gone.Rewards) != 1 {
			t.Fatalf("abandoned: %+v %v", gone, err)
		}
		if _, err := e.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("the abandoned cart is still the visitor's cart")
		}
		lapse(e, RestoreWindow-2*time.Second)
		back, err := e.p.RestoreCart(ctx, "v", before.ID)
		if err != nil {
			t.Fatal(err)
		}
		if back.ID != before.ID || back.LocationID != before.LocationID || back.Handoff.Mode != ordering.HandoffCurbside ||
			back.Handoff.Vehicle == nil || back.Handoff.Vehicle.Make != "Honda" || back.Time.Mode != before.Time.Mode {
			t.Fatalf("restored %+v, was %+v", back, before)
		}
		if len(back.Products) != len(before.Products) || back.ItemCount != before.ItemCount {
			t.Fatalf("lines %d (%d items), were %d (%d)", len(back.Products), back.ItemCount, len(before.Products), before.ItemCount)
		}
		for i, l := range back.Products {
			if l.ProductID != before.Products[i].ProductID || l.Quantity != before.Products[i].Quantity || !sameModifiers(l.Modifiers, before.Products[i].Modifiers) {
				t.Fatalf("line %d: %+v, was %+v", i, l, before.Products[i])
			}
		}
		if len(back.Rewards) != 0 || back.Totals.TotalCents <= before.Totals.TotalCents {
			t.Fatalf("the reward stays given back: %+v, total %d was %d", back.Rewards, back.Totals.TotalCents, before.Totals.TotalCents)
		}
		if c, err := e.p.Cart(ctx, "v"); err != nil || c.ID != before.ID || len(c.Products) != len(before.Products) {
			t.Fatalf("the visitor's cart: %+v %v", c, err)
		}
		// It came back once: the abandoned copy is gone.
		if _, err := e.p.AbandonCart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.StartCart(ctx, "v", "m-standard", "oh-columbus-downtown", true); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.AddProduct(ctx, "v", comboLine()); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.RestoreCart(ctx, "v", before.ID); faultCode(t, err) != "restore_cart_open" || !fault.Is(err, fault.Conflict) {
			t.Fatalf("over another cart with items: %v", err)
		}
	})
}

// After the window, for another visitor, or for a cart that was not the last one
// abandoned, the answer is 410 restore_expired.
func TestRestoreRefusals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		first := placeable(t, e, "v")
		if _, err := e.p.AbandonCart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.RestoreCart(ctx, "other", first.ID); faultCode(t, err) != "restore_expired" || !fault.Is(err, fault.Gone) {
			t.Fatalf("another visitor: %v", err)
		}
		if _, err := e.p.RestoreCart(ctx, "v", "c_unknown"); faultCode(t, err) != "restore_expired" {
			t.Fatalf("an unknown cart: %v", err)
		}
		second := placeable(t, e, "v")
		if _, err := e.p.AbandonCart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.RestoreCart(ctx, "v", first.ID); faultCode(t, err) != "restore_expired" {
			t.Fatalf("a cart abandoned before the last: %v", err)
		}
		lapse(e, RestoreWindow+time.Second)
		if _, err := e.p.RestoreCart(ctx, "v", second.ID); faultCode(t, err) != "restore_expired" || !fault.Is(err, fault.Gone) {
			t.Fatalf("after the window: %v", err)
		}
		if _, err := e.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("a refused restore made a cart")
		}
	})
}

// An empty cart started since (choosing a location starts one) does not stop the
// cleared cart coming back.
func TestRestoreReplacesAnEmptyCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		was := placeable(t, e, "v")
		if _, err := e.p.AbandonCart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.StartCart(ctx, "v", "m-standard", "oh-cincinnati", false); err != nil {
			t.Fatal(err)
		}
		back, err := e.p.RestoreCart(ctx, "v", was.ID)
		if err != nil || back.ID != was.ID || back.LocationID != "oh-columbus-downtown" || len(back.Products) != 1 {
			t.Fatalf("restored over an empty cart: %+v %v", back, err)
		}
	})
}

// Two restores at once (a double tap, two tabs) bring the cart back once: both
// answer the same cart, and it holds its lines once.
func TestRestoreTwiceAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		for round := range 20 {
			was := placeable(t, e, "v")
			if _, err := e.p.AbandonCart(ctx, "v"); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var got [2]ordering.Cart
			var errs [2]error
			for i := range 2 {
				wg.Go(func() { got[i], errs[i] = e.p.RestoreCart(ctx, "v", was.ID) })
			}
			wg.Wait()
			for i := range 2 {
				if errs[i] != nil || got[i].ID != was.ID || len(got[i].Products) != 1 {
					t.Fatalf("round %d, request %d: %+v %v", round, i, got[i], errs[i])
				}
			}
			if c, err := e.p.Cart(ctx, "v"); err != nil || c.ID != was.ID || c.ItemCount != was.ItemCount {
				t.Fatalf("round %d: the cart %+v %v", round, c, err)
			}
			if _, err := e.p.RestoreCart(ctx, "v", was.ID); err != nil {
				t.Fatalf("round %d: asked again while it is the cart: %v", round, err)
			}
		}
	})
}
