package builtin

import (
	"context"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// codes are the codes of a validation's issues, in order.
func codes(is []ordering.CartIssue) []string {
	out := []string{}
	for _, i := range is {
		out = append(out, i.Code)
	}
	return out
}

// validate checks owner's cart and fails the test on an error.
func validate(t *testing.T, e *env, owner string) ordering.CartValidation {
	t.Helper()
	v, err := e.p.Validate(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// onlyBlocker says the validation is blocked by code alone, on field, and that submit
// refuses with the same code and words.
func onlyBlocker(t *testing.T, e *env, owner, code, field string) ordering.CartIssue {
	t.Helper()
	v := validate(t, e, owner)
	if len(v.Blockers) != 1 || v.Blockers[0].Code != code || v.Blockers[0].Field != field || v.Blockers[0].Message == "" {
		t.Fatalf("blockers %+v, want only %s on %q", v.Blockers, code, field)
	}
	_, err := e.p.Submit(ctx, owner, ordering.SubmitInput{IdempotencyKey: "val-" + owner + "-" + code, Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
	if fe, _ := fault.As(err); faultCode(t, err) != code || fe.Message != v.Blockers[0].Message {
		t.Fatalf("submit refused with %v, validate said %+v", err, v.Blockers[0])
	}
	return v.Blockers[0]
}

func TestValidateAPlaceableCartHasNoBlockers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		v := validate(t, e, "v")
		if len(v.Blockers) != 0 || len(v.Warnings) != 0 || v.Totals.SubtotalCents != 949 || v.Cart.Totals != v.Totals {
			t.Fatalf("a pickup cart at noon: %+v %+v %+v", v.Blockers, v.Warnings, v.Totals)
		}
		// Validating places nothing: the cart is still there and can be placed.
		if _, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "val-ok-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestValidateWithoutACartIsNotFound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.Validate(ctx, "nobody"); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("no cart: %v", err)
		}
		if _, err := e.p.PaymentOptions(ctx, "nobody", 0); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("no cart: %v", err)
		}
	})
}

func TestValidateAnEmptyCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		v := validate(t, e, "v")
		if len(v.Blockers) == 0 || v.Blockers[0].Code != "cart_empty" {
			t.Fatalf("an empty cart: %+v", v.Blockers)
		}
	})
}

// At 11 PM in Columbus (open until 10 PM) ASAP cannot be had: said before payment.
func TestValidateStoreClosedAtNight(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		e.clk.Set(time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC))
		onlyBlocker(t, e, "v", "asap_unavailable", "time")
	})
}

func TestValidateDeliveryMinimum(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v") // $9.49
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: ordering.HandoffDelivery, Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "OH", ZIP: "43215"}}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.SetTip(ctx, "v", ordering.Tip{AmountCents: 300}); err != nil {
			t.Fatal(err)
		}
		v := validate(t, e, "v")
		if got := codes(v.Blockers); len(got) != 1 || got[0] != "below_delivery_minimum" {
			t.Fatalf("blockers %v", got)
		}
		if v.Blockers[0] != v.Cart.Blocking[0] {
			t.Fatalf("validate %+v and the cart %+v say it differently", v.Blockers[0], v.Cart.Blocking)
		}
		// Without a tip too: every blocker is listed, in the order submit checks them.
		if _, err := e.p.SetTip(ctx, "v", ordering.Tip{}); err != nil {
			t.Fatal(err)
		}
		if got := codes(validate(t, e, "v").Blockers); len(got) != 2 || got[0] != "below_delivery_minimum" || got[1] != "tip_required" {
			t.Fatalf("blockers %v", got)
		}
	})
}

// A catering tray wanted too soon: a warning while the cart is open, a blocker said
// once at validation (not as a warning too).
func TestValidateLeadTime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		c, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "tender-tray-small"})
		if err != nil || len(c.Warnings) != 1 || c.Warnings[0].Code != "lead_time" {
			t.Fatalf("%+v %v", c.Warnings, err)
		}
		onlyBlocker(t, e, "v", "lead_time", "time")
		if v := validate(t, e, "v"); len(v.Warnings) != 0 {
			t.Fatalf("the blocker again as a warning: %+v", v.Warnings)
		}
	})
}

// Breakfast added at 7 AM, validated at noon: the product is not served now.
func TestValidateItemUnavailableNow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.clk.Set(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
		cat, err := e.p.Category(ctx, "m-standard", "breakfast", "oh-dayton")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "oh-dayton"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: cat.Products[0].ID}); err != nil {
			t.Fatal(err)
		}
		if v := validate(t, e, "v"); len(v.Blockers) != 0 {
			t.Fatalf("at 7:00: %+v", v.Blockers)
		}
		e.clk.Set(noon)
		onlyBlocker(t, e, "v", "product_unavailable", "products")
	})
}

// A slot that filled up since the time was chosen is said before payment.
func TestValidateSlotFull(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		l, _ := e.p.Location(ctx, "oh-columbus-downtown")
		at := noon.Add(2 * time.Hour)
		placeable(t, e, "v")
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "later", At: &at}); err != nil {
			t.Fatal(err)
		}
		if v := validate(t, e, "v"); len(v.Blockers) != 0 {
			t.Fatalf("an empty slot: %+v", v.Blockers)
		}
		if err := st.Client.Set(context.Background(), e.p.slotKey(l.ID, at), l.SlotCapacity, time.Hour).Err(); err != nil {
			t.Fatal(err)
		}
		onlyBlocker(t, e, "v", "slot_full", "time")
	})
}

// Coupon warnings carry their code and the coupon part of the checkout.
func TestValidateCouponWarnings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		c := placeable(t, e, "v")
		c.Coupon = "GONE"
		l, _, _ := e.p.cartContext(&c)
		e.p.price(&c, l)
		if len(c.Warnings) != 1 || c.Warnings[0] != couponGone() || c.Warnings[0].Field != "coupon" {
			t.Fatalf("%+v", c.Warnings)
		}
	})
}

func TestPaymentOptionsFollowTheCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		o, err := e.p.PaymentOptions(ctx, "v", 0)
		if err != nil {
			t.Fatal(err)
		}
		l, _ := e.p.Location(ctx, "oh-columbus-downtown")
		if !o.Card.Available || len(o.Card.Processors) != len(l.CardProcessors) || o.Card.Processors[0].ID != l.CardProcessors[0] {
			t.Fatalf("cards: %+v", o.Card)
		}
		if o.TotalCents == 0 || !o.GiftCard.Available || o.PayInStore.MaxCents != l.PayInStoreMaxCents {
			t.Fatalf("%+v", o)
		}
		wantInStore := l.PayInStoreMaxCents > 0 && o.TotalCents <= l.PayInStoreMaxCents
		if o.PayInStore.Available != wantInStore {
			t.Fatalf("pay in store %+v for %d", o.PayInStore, o.TotalCents)
		}
		// Delivery: never at the counter, and the answer says why.
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: ordering.HandoffDelivery, Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "OH", ZIP: "43215"}}); err != nil {
			t.Fatal(err)
		}
		o, _ = e.p.PaymentOptions(ctx, "v", 0)
		if o.PayInStore.Available || o.PayInStore.Reason == nil || o.PayInStore.Reason.Code != "pay_in_store_unavailable" {
			t.Fatalf("delivery: %+v", o.PayInStore)
		}
	})
}

// Pay in store is judged on what is left after the gift card amount, with the rule
// submit uses: a gift card bringing the rest under the cap allows it, a rest still over
// the cap is refused with the reason, and the most a gift card may pay is the total.
func TestPaymentOptionsJudgePayInStoreOnTheRest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		for i := 0; i < 6; i++ {
			if _, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "family-16", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "pcs-mixed"}, {ID: "fside-fries", Quantity: 2}}}); err != nil {
				t.Fatal(err)
			}
		}
		l, _ := e.p.Location(ctx, "oh-columbus-downtown")
		o, err := e.p.PaymentOptions(ctx, "v", 0)
		if err != nil {
			t.Fatal(err)
		}
		total := o.TotalCents
		if total <= l.PayInStoreMaxCents {
			t.Fatalf("the cart should be over the cap: %d <= %d", total, l.PayInStoreMaxCents)
		}
		if o.PayInStore.Available || o.PayInStore.Reason == nil || o.PayInStore.Reason.Code != "pay_in_store_limit" || o.PayInStore.Reason.Message != "Pay in store is for orders up to "+dollars(l.PayInStoreMaxCents)+"." {
			t.Fatalf("no gift card: %+v", o.PayInStore)
		}
		if o.GiftCard.MaxCents != total || o.RestCents != total {
			t.Fatalf("gift card max %d rest %d, total %d", o.GiftCard.MaxCents, o.RestCents, total)
		}
		// A gift card leaving exactly the cap: allowed.
		o, _ = e.p.PaymentOptions(ctx, "v", total-l.PayInStoreMaxCents)
		if !o.PayInStore.Available || o.PayInStore.Reason != nil || o.RestCents != l.PayInStoreMaxCents {
			t.Fatalf("rest at the cap: %+v rest %d", o.PayInStore, o.RestCents)
		}
		// One cent less on the gift card: the rest is over the cap again.
		o, _ = e.p.PaymentOptions(ctx, "v", total-l.PayInStoreMaxCents-1)
		if o.PayInStore.Available || o.PayInStore.Reason.Code != "pay_in_store_limit" {
			t.Fatalf("rest a cent over: %+v", o.PayInStore)
		}
		// More than the total on the gift card leaves nothing to pay.
		o, _ = e.p.PaymentOptions(ctx, "v", total+500)
		if o.RestCents != 0 || !o.PayInStore.Available {
			t.Fatalf("gift card over the total: rest %d %+v", o.RestCents, o.PayInStore)
		}
		// Delivery: a gift card does not make the counter take a driver's order.
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: ordering.HandoffDelivery, Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "OH", ZIP: "43215"}}); err != nil {
			t.Fatal(err)
		}
		o, _ = e.p.PaymentOptions(ctx, "v", o.TotalCents-100)
		if o.PayInStore.Available || o.PayInStore.Reason.Code != "pay_in_store_unavailable" {
			t.Fatalf("delivery: %+v", o.PayInStore)
		}
	})
}
