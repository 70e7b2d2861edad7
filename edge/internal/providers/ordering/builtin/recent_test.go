package builtin

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// roundTrips counts the calls a client makes to Redis (a pipeline or transaction is one).
type roundTrips struct{ n atomic.Int64 }

func (r *roundTrips) DialHook(next redis.DialHook) redis.DialHook { return next }
func (r *roundTrips) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		switch cmd.Name() {
		case "hello", "auth", "select", "client":
			// A new connection's handshake.
		case "eval":
			// The script sent once to a Redis that does not have it yet (after
			// EVALSHA answered NOSCRIPT).
		default:
			r.n.Add(1)
		}
		return next(ctx, cmd)
	}
}
func (r *roundTrips) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { r.n.Add(1); return next(ctx, cmds) }
}

func countRoundTrips(st *store.Store) *roundTrips {
	r := &roundTrips{}
	st.Client.AddHook(r)
	return r
}

var tenders = ordering.LineInput{ProductID: "tenders-3", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}

// A change made right after the guest's cart was read or changed on this edge is one
// call to Redis: the compare-and-set against the cart remembered here.
func TestACartChangeIsOneRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", ""); err != nil {
			t.Fatal(err)
		}
		rt := countRoundTrips(st)
		for i := 1; i <= 3; i++ {
			before := rt.n.Load()
			c, err := e.p.AddProduct(ctx, "v", tenders)
			if err != nil || c.ItemCount != i {
				t.Fatalf("add %d: %v, %d items", i, err, c.ItemCount)
			}
			if n := rt.n.Load() - before; n != 1 {
				t.Fatalf("add %d made %d calls to Redis, want 1", i, n)
			}
		}
		before := rt.n.Load()
		if _, err := e.p.Cart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if n := rt.n.Load() - before; n != 1 {
			t.Fatalf("reading the cart made %d calls to Redis, want 1", n)
		}
	})
}

// Two edges share one Redis: what one remembers goes out of date when the other
// changes the cart, and no change is lost or refused because of it.
func TestARememberedCartOutOfDateLosesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := newEnv(t, st), newEnv(t, st)
		if _, err := a.p.CreateCart(ctx, "v", "m-standard", ""); err != nil {
			t.Fatal(err)
		}
		if _, err := a.p.AddProduct(ctx, "v", tenders); err != nil {
			t.Fatal(err)
		}
		// Edge b adds a biscuit; edge a still remembers the cart without it.
		bc, err := b.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "biscuit"})
		if err != nil || len(bc.Products) != 2 {
			t.Fatalf("edge b: %v %+v", err, bc.Products)
		}
		biscuit := bc.Products[1].ID

		// A change on a: made again on the cart as it is, both lines kept.
		c, err := a.p.AddProduct(ctx, "v", tenders)
		if err != nil || len(c.Products) != 2 || c.ItemCount != 3 {
			t.Fatalf("edge a after b's change: %v, %d lines, %d items; want 2 lines, 3 items", err, len(c.Products), c.ItemCount)
		}
		// b remembers the cart before a's change; a then removes a line it has only
		// seen in the answer to its change.
		if _, err := b.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "biscuit"}); err != nil {
			t.Fatal(err)
		}
		if c, err = a.p.RemoveProduct(ctx, "v", biscuit); err != nil || len(c.Products) != 1 || c.Products[0].ProductID != "tenders-3" {
			t.Fatalf("edge a removing b's line: %v %+v", err, c.Products)
		}
		got, _ := b.p.Cart(ctx, "v")
		if len(got.Products) != 1 || got.Products[0].Quantity != 2 {
			t.Fatalf("stored cart %+v, want 2 tenders only", got.Products)
		}

		// b abandons the cart; a, which remembers it, must not bring it back.
		if err := b.p.AbandonCart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.p.AddProduct(ctx, "v", tenders); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("change on an abandoned cart: %v", err)
		}
		if _, err := b.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("abandoned cart came back: %v", err)
		}
	})
}

// A rule checked on a remembered cart is checked again on the stored one before it
// is answered: a line added on another edge can be changed at once.
func TestARuleIsCheckedOnTheStoredCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := newEnv(t, st), newEnv(t, st)
		if _, err := a.p.CreateCart(ctx, "v", "m-standard", ""); err != nil {
			t.Fatal(err)
		}
		bc, err := b.p.AddProduct(ctx, "v", tenders)
		if err != nil {
			t.Fatal(err)
		}
		c, err := a.p.UpdateProduct(ctx, "v", bc.Products[0].ID, ordering.LineInput{Quantity: 4})
		if err != nil || len(c.Products) != 1 || c.Products[0].Quantity != 4 || c.Products[0].ProductID != "tenders-3" {
			t.Fatalf("updating a line another edge added: %v %+v", err, c.Products)
		}
		if _, err := a.p.UpdateProduct(ctx, "v", "l_missing", ordering.LineInput{Quantity: 2}); faultCode(t, err) != "line_not_found" {
			t.Fatalf("a line that is nowhere: %v", err)
		}
	})
}

// The memory of recent carts is bounded.
func TestRecentCartsAreBounded(t *testing.T) {
	r := newRecentCarts()
	for i := range 3 * maxRecentCarts {
		r.put(string(rune('a'+i%26))+string(rune(i)), "{}")
	}
	n := 0
	for i := range r.shards {
		n += len(r.shards[i].m)
	}
	if n > maxRecentCarts {
		t.Fatalf("%d carts remembered, at most %d", n, maxRecentCarts)
	}
	r.put("x", "1")
	if raw, ok := r.get("x"); !ok || raw != "1" {
		t.Fatalf("get after put: %q %v", raw, ok)
	}
	r.drop("x")
	if _, ok := r.get("x"); ok {
		t.Fatal("dropped cart still remembered")
	}
}
