package payments

import (
	"strings"
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

// A call that stopped after its key claimed an authorization id and before holding
// the card: the next call with the key holds it under that id, once, and Find sees
// no hold before it.
func TestAStoppedAuthorizeIsCompletedByItsKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewHosted(st)
		tok, err := p.Tokenize(ctx, card("4242424242424242", "123"))
		if err != nil {
			t.Fatal(err)
		}
		claimed := "auth_" + strings.Repeat("ab", idBytes)
		st.Client.Set(ctx, p.idemKey("stopped-1"), claimed, IdempotencyTTL)
		if _, ok, err := p.Find(ctx, "stopped-1"); ok || err != nil {
			t.Fatalf("a claim without a hold found: %v %v", ok, err)
		}
		a, err := p.Authorize(ctx, tok.ID, 1299, "stopped-1")
		if err != nil || a.ID != claimed || a.Status != StatusAuthorized {
			t.Fatalf("Authorize = %+v %v, want the claimed %s", a, err, claimed)
		}
		auths := 0
		for k := range values(t, st) {
			if strings.Contains(k, ":auth:") {
				auths++
			}
		}
		if auths != 1 {
			t.Fatalf("%d authorizations stored", auths)
		}
	})
}
