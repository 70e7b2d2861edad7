package builtin

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// The fields a location asks for: only those, each within its length, and the required
// ones before the order is placed.
func TestCustomFieldsAreTheLocations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		l, err := e.p.Location(ctx, "in-carmel")
		if err != nil {
			t.Fatal(err)
		}
		if len(l.CustomFields) != 1 || l.CustomFields[0].Name != "name_on_order" || !l.CustomFields[0].Required {
			t.Fatalf("Carmel asks for %+v", l.CustomFields)
		}
		if l, _ := e.p.Location(ctx, "oh-toledo"); l.CustomFields == nil || len(l.CustomFields) != 0 {
			t.Fatalf("Toledo asks for %+v, want none ([])", l.CustomFields)
		}
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "in-carmel"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "tenders-5", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}); err != nil {
			t.Fatal(err)
		}
		_, err = e.p.SetCustomFields(ctx, "v", map[string]string{"table": "12"})
		if fe, _ := fault.As(err); faultCode(t, err) != "invalid" || fe.Fields["table"] == "" {
			t.Fatalf("a field Carmel doesn't ask for: %v", err)
		}
		if _, err := e.p.SetCustomFields(ctx, "v", map[string]string{"name_on_order": "A name far longer than forty characters in all"}); faultCode(t, err) != "invalid" {
			t.Fatal("over the field's length")
		}
		pay := []ordering.PaymentInput{{Kind: "instore"}}
		_, err = e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "cf-0000001", Customer: guest, Payments: pay})
		if fe, _ := fault.As(err); faultCode(t, err) != "custom_field_required" || fe.Fields["name_on_order"] == "" {
			t.Fatalf("without the required field: %v", err)
		}
		c, err := e.p.SetCustomFields(ctx, "v", map[string]string{"name_on_order": "Ada"})
		if err != nil || c.CustomFields["name_on_order"] != "Ada" {
			t.Fatalf("set: %v %v", c.CustomFields, err)
		}
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "cf-0000002", Customer: guest, Payments: pay})
		if err != nil || o.CustomFields["name_on_order"] != "Ada" {
			t.Fatalf("placed: %v %v", o.CustomFields, err)
		}
	})
}

// A delivery tip goes to the driver, so a delivery order is refused without one; pickup
// orders may have none.
func TestDeliveryOrdersNeedATip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		for i := 0; i < 3; i++ { // over the $20 delivery minimum
			if _, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "tenders-5", Quantity: 2, Modifiers: []ordering.ModifierInput{{ID: "flv-spicy"}}}); err != nil {
				t.Fatal(err)
			}
		}
		c, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: ordering.HandoffDelivery, Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "OH", ZIP: "43215"}})
		if err != nil || !c.TipOptions.Required {
			t.Fatalf("a delivery cart says it needs a tip: %+v %v", c.TipOptions, err)
		}
		pay := []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}
		_, err = e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "tip-0000001", Customer: guest, Payments: pay})
		if fe, _ := fault.As(err); faultCode(t, err) != "tip_required" || fe.Fields["tip"] == "" {
			t.Fatalf("delivery without a tip: %v", err)
		}
		if _, err := e.p.SetTip(ctx, "v", ordering.Tip{AmountCents: 300}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "tip-0000002", Customer: guest, Payments: pay}); err != nil {
			t.Fatal(err)
		}
	})
}

// A delivery cart below the location's minimum says so in its answer, with what is
// missing, as soon as it is below; submit refuses it with the same words, before any
// payment is taken.
func TestDeliveryMinimumBlocksTheCartAndSubmit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v") // one 5 Tenders: $9.49
		c, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: ordering.HandoffDelivery, Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "OH", ZIP: "43215"}})
		if err != nil {
			t.Fatal(err)
		}
		want := ordering.Blocker{Code: "below_delivery_minimum", Message: "Delivery orders need at least $20.00 of food: add $10.51 more."}
		if len(c.Blocking) != 1 || c.Blocking[0] != want {
			t.Fatalf("below the minimum, the cart says %+v, want %+v", c.Blocking, want)
		}
		if again, _ := e.p.Cart(ctx, "v"); len(again.Blocking) != 1 || again.Blocking[0] != want {
			t.Fatalf("read again: %+v", again.Blocking)
		}
		if _, err := e.p.SetTip(ctx, "v", ordering.Tip{AmountCents: 300}); err != nil {
			t.Fatal(err)
		}
		pay := []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}
		_, err = e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "min-0000001", Customer: guest, Payments: pay})
		if fe, _ := fault.As(err); faultCode(t, err) != want.Code || fe.Message != want.Message {
			t.Fatalf("submit below the minimum: %v", err)
		}
		if n := e.cards.auths.Load(); n != 0 {
			t.Fatalf("%d card authorizations for a refused order", n)
		}
		c, err = e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "tenders-5", Quantity: 2, Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}})
		if err != nil || len(c.Blocking) != 0 {
			t.Fatalf("at $28.47 nothing blocks: %+v %v", c.Blocking, err)
		}
		// Pickup has no minimum.
		if c := placeable(t, e, "w"); c.Handoff.Mode != ordering.HandoffPickup || len(c.Blocking) != 0 {
			t.Fatalf("pickup at $9.49: %+v", c.Blocking)
		}
	})
}

// A cart is started at the location the guest chose, never at one picked for them: without
// a location it is refused, and no cart is made.
func TestACartNeedsAChosenLocation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		_, err := e.p.CreateCart(ctx, "v", "m-standard", "")
		if fe, _ := fault.As(err); faultCode(t, err) != "location_required" || fe.Kind != fault.Invalid || fe.Fields["location_id"] == "" {
			t.Fatalf("a cart without a location: %v", err)
		}
		if _, err := e.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("a cart was made anyway: %v", err)
		}
		if c, err := e.p.CreateCart(ctx, "v", "m-standard", "ky-louisville"); err != nil || c.LocationID != "ky-louisville" {
			t.Fatalf("at the chosen location: %+v %v", c.LocationID, err)
		}
	})
}
