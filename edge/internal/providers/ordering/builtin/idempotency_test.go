package builtin

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// An Idempotency-Key is bound to the request it was first sent with (its body and
// the cart it places): the same request again is a replay of the first answer;
// another request with the key (another customer, another cart) is refused with 422
// idempotency_key_reused, never answered with the first order while the new cart is
// silently not placed.
func TestIdempotencyKeyIsBoundToItsRequest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		in := cardSubmit("key-bound-0001")
		first, err := e.p.Submit(ctx, "v", in)
		if err != nil || first.Replayed {
			t.Fatalf("first: %+v %v", first.ID, err)
		}
		again, err := e.p.Submit(ctx, "v", in)
		if err != nil || again.ID != first.ID || !again.Replayed {
			t.Fatalf("replay: %v %v %v", again.ID, again.Replayed, err)
		}
		other := cardSubmit("key-bound-0001")
		other.Customer.FirstName = "Grace"
		if _, err := e.p.Submit(ctx, "v", other); faultCode(t, err) != "idempotency_key_reused" || !fault.Is(err, fault.Rule) {
			t.Fatalf("another customer: %v", err)
		}
		// The guest's next cart, sent with the first order's key and body.
		next := placeable(t, e, "v")
		if _, err := e.p.Submit(ctx, "v", in); faultCode(t, err) != "idempotency_key_reused" {
			t.Fatalf("another cart: %v", err)
		}
		if c, err := e.p.Cart(ctx, "v"); err != nil || c.ID != next.ID || len(c.Products) == 0 {
			t.Fatalf("the new cart is kept: %+v %v", c.ID, err)
		}
		if n := e.cards.auths.Load(); n != 1 {
			t.Fatalf("%d card authorizations, want 1", n)
		}
		// A refused attempt frees its key: the guest fixes what was refused and sends
		// the request again, changed, with the same key.
		bad := cardSubmit("key-fixed-0001")
		bad.Customer.Phone = "12"
		if _, err := e.p.Submit(ctx, "v", bad); faultCode(t, err) != "invalid" {
			t.Fatalf("bad phone: %v", err)
		}
		if o, err := e.p.Submit(ctx, "v", cardSubmit("key-fixed-0001")); err != nil || o.Replayed {
			t.Fatalf("fixed: %v %v", o.Replayed, err)
		}
	})
}

// The same for a gift-card purchase.
func TestGiftCardKeyIsBoundToItsPurchase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		in := purchaseFor("gift-bound-01")
		first, err := e.p.PurchaseGiftCard(ctx, "v1", in)
		if err != nil || first.Replayed {
			t.Fatalf("first: %v", err)
		}
		again, err := e.p.PurchaseGiftCard(ctx, "v1", in)
		if err != nil || again.ID != first.ID || !again.Replayed {
			t.Fatalf("replay: %v %v %v", again.ID, again.Replayed, err)
		}
		other := purchaseFor("gift-bound-01")
		other.RecipientEmail = "someone.else@example.com"
		if _, err := e.p.PurchaseGiftCard(ctx, "v1", other); faultCode(t, err) != "idempotency_key_reused" || !fault.Is(err, fault.Rule) {
			t.Fatalf("another purchase: %v", err)
		}
	})
}
