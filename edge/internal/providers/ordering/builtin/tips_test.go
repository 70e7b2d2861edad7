package builtin

import (
	"encoding/json"
	"io/fs"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// withTips is the embedded seed data with offers.json's tip rule replaced by tips.
func withTips(t *testing.T, tips map[string]any) fs.FS {
	t.Helper()
	m := fstest.MapFS{}
	for _, name := range []string{"locations.json", "menus.json", "catering.json", "offers.json"} {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: b}
	}
	var offers map[string]any
	if err := json.Unmarshal(m["offers.json"].Data, &offers); err != nil {
		t.Fatal(err)
	}
	offers["tips"] = tips
	b, err := json.Marshal(offers)
	if err != nil {
		t.Fatal(err)
	}
	m["offers.json"].Data = b
	return m
}

// The tips a cart offers are offers.json's, priced on the cart: with other data the
// cart's answer offers other percentages, starts at the data's default, and SetTip and
// submit take exactly what it offers.
func TestTipOptionsComeFromTheData(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		c := placeable(t, e, "v") // one 5 Tenders: $9.49
		want := ordering.TipOptions{Percents: []ordering.TipPercent{{Percent: 15, AmountCents: 142}, {Percent: 18, AmountCents: 171}, {Percent: 20, AmountCents: 190}}, MaxCents: 50000, CustomAllowed: true}
		if !reflect.DeepEqual(c.TipOptions, want) || c.Tip != (ordering.Tip{}) {
			t.Fatalf("the embedded data offers %+v (tip %+v), want %+v and no tip", c.TipOptions, c.Tip, want)
		}
		if _, err := e.p.SetTip(ctx, "v", ordering.Tip{Percent: 18}); err != nil {
			t.Fatal(err)
		}

		// The same store, an edge with other tips: 10 or 12 %, 12 by default, no custom
		// amount, and delivery without a tip.
		o := newEnvData(t, st, withTips(t, map[string]any{"percents": []int{10, 12}, "default_percent": 12,
			"max_cents": 2000, "required_for_delivery": false, "custom_allowed": false}))
		c, err := o.p.Cart(ctx, "v")
		if err != nil {
			t.Fatal(err)
		}
		want = ordering.TipOptions{Percents: []ordering.TipPercent{{Percent: 10, AmountCents: 95}, {Percent: 12, AmountCents: 114}}, DefaultPercent: 12, MaxCents: 2000}
		if !reflect.DeepEqual(c.TipOptions, want) {
			t.Fatalf("other data offers %+v, want %+v", c.TipOptions, want)
		}
		// 18 % was chosen before: submit asks for the tip again, before any payment.
		pay := []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}
		_, err = o.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "tips-000001", Customer: guest, Payments: pay})
		if fe, _ := fault.As(err); faultCode(t, err) != "tip_changed" || fe.Fields["tip"] == "" || o.cards.auths.Load() != 0 {
			t.Fatalf("a tip no longer offered at submit: %v", err)
		}
		for _, tip := range []ordering.Tip{{Percent: 18}, {Percent: 15}, {AmountCents: 300}} {
			if _, err := o.p.SetTip(ctx, "v", tip); faultCode(t, err) != "invalid" {
				t.Fatalf("%+v is not offered", tip)
			}
		}
		if c, err = o.p.SetTip(ctx, "v", ordering.Tip{Percent: 10}); err != nil || c.Totals.TipCents != 95 {
			t.Fatalf("10 %%: %+v %v", c.Totals, err)
		}
		if _, err := o.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "tips-000002", Customer: guest, Payments: pay}); err != nil {
			t.Fatal(err)
		}

		// A new cart starts at the default; delivery may go without a tip.
		c = placeable(t, o, "w")
		if c.Tip != (ordering.Tip{Percent: 12}) || c.Totals.TipCents != 114 {
			t.Fatalf("a new cart's tip: %+v %+v", c.Tip, c.Totals)
		}
		if _, err := o.p.AddProduct(ctx, "w", ordering.LineInput{ProductID: "tenders-5", Quantity: 2, Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := o.p.SetHandoff(ctx, "w", ordering.Handoff{Mode: ordering.HandoffDelivery, Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "OH", ZIP: "43215"}}); err != nil {
			t.Fatal(err)
		}
		if c, err = o.p.SetTip(ctx, "w", ordering.Tip{}); err != nil || c.TipOptions.Required {
			t.Fatalf("delivery needs no tip here: %+v %v", c.TipOptions, err)
		}
		if _, err := o.p.Submit(ctx, "w", ordering.SubmitInput{IdempotencyKey: "tips-000003", Customer: guest, Payments: pay}); err != nil {
			t.Fatalf("delivery without a tip where none is required: %v", err)
		}
	})
}

// Tip data that cannot be offered is refused when the catalog loads.
func TestTipDataIsChecked(t *testing.T) {
	for _, tips := range []map[string]any{
		{"percents": []int{15, 15}, "max_cents": 100, "custom_allowed": true},
		{"percents": []int{0}},
		{"percents": []int{15}, "default_percent": 18},
		{"percents": []int{15}, "custom_allowed": true},
		{"percents": []int{}, "required_for_delivery": true},
		{"percents": []int{15}, "surprise": true},
	} {
		if _, err := LoadCatalogFrom(withTips(t, tips)); err == nil {
			t.Errorf("%v loaded", tips)
		}
	}
}
