package payments

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Find answers what an idempotency key authorized, as it is now, without holding
// money: the sweep of stopped checkouts voids by it.
func TestFindAnswersWhatAKeyAuthorized(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewHosted(st)
		tok, err := p.Tokenize(ctx, card("4242424242424242", "123"))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok, err := p.Find(ctx, "checkout-1"); ok || err != nil {
			t.Fatalf("an unused key found: %v %v", ok, err)
		}
		if n := len(values(t, st)); n != 1 {
			t.Fatalf("Find stored something: %d keys", n)
		}
		a, err := p.Authorize(ctx, tok.ID, 1299, "checkout-1")
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := p.Find(ctx, "checkout-1")
		if !ok || err != nil || got != a {
			t.Fatalf("Find = %+v %v %v, want %+v", got, ok, err, a)
		}
		if err := p.Void(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if got, ok, _ := p.Find(ctx, "checkout-1"); !ok || got.ID != a.ID || got.Status != StatusVoided {
			t.Fatalf("after void: %+v %v", got, ok)
		}
	})
}
