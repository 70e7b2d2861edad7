package builtin

import (
	"slices"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func TestEveryMarkerOccursOnTheStandardMenu(t *testing.T) {
	c, _ := LoadCatalog()
	seen := map[string]bool{}
	for _, p := range c.menus["m-standard"].products {
		for _, m := range p.Markers {
			seen[m] = true
		}
	}
	for _, m := range ordering.Markers {
		if !seen[m] {
			t.Errorf("no product of m-standard carries %s", m)
		}
	}
	for _, p := range c.menus["m-standard"].products {
		if slices.Contains(p.Markers, "wheat") && !slices.Contains(p.Markers, "gluten") {
			t.Errorf("%s has wheat but not gluten", p.ID)
		}
	}
}

func TestBreakfastFollowsTheLocationClock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		// noon in Dayton: breakfast is over until the store opens at 6:30 tomorrow.
		cat, err := e.p.Category(ctx, "m-standard", "breakfast", "oh-dayton")
		if err != nil {
			t.Fatal(err)
		}
		p := cat.Products[0]
		if p.AvailableNow == nil || *p.AvailableNow || p.AvailableAt == nil {
			t.Fatalf("at noon: %+v", p)
		}
		if want := time.Date(2026, 11, 26, 11, 30, 0, 0, time.UTC); !p.AvailableAt.Equal(want) {
			t.Fatalf("next at %v, want %v", p.AvailableAt, want)
		}
		if _, err := e.p.CreateCart(ctx, "v1", "m-standard", "oh-dayton"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: p.ID}); faultCode(t, err) != "product_unavailable" {
			t.Fatal("breakfast at noon is refused")
		}
		// 7:00 in Columbus.
		e.clk.Set(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
		m, _ := e.p.Menu(ctx, "m-standard", "oh-dayton")
		if b := m.Categories[0]; b.ID != "breakfast" || !*b.Products[0].AvailableNow || b.Products[0].AvailableAt != nil {
			t.Fatalf("at 7:00: %+v", b.Products[0])
		}
		if _, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: p.ID}); err != nil {
			t.Fatal(err)
		}
		// The catalog itself is not stamped.
		if e.p.cat.menus["m-standard"].products[p.ID].AvailableNow != nil {
			t.Fatal("stamping changed the catalog")
		}
	})
}

func TestACategoryNotServedNowComesLastAndSaysWhen(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		ids := func(m ordering.Menu) []string {
			out := make([]string, len(m.Categories))
			for i, c := range m.Categories {
				out[i] = c.ID
			}
			return out
		}
		// Noon in Dayton, which opens at 6:30: breakfast goes after every served category
		// and names the stretch the store serves it.
		m, err := e.p.Menu(ctx, "m-standard", "oh-dayton")
		if err != nil {
			t.Fatal(err)
		}
		last := m.Categories[len(m.Categories)-1]
		if last.ID != "breakfast" || last.ServedNow == nil || *last.ServedNow {
			t.Fatalf("at noon the categories are %v, breakfast served %v", ids(m), last.ServedNow)
		}
		if want := "Breakfast · served 6:30–10:30 AM"; last.ServedLabel != want {
			t.Fatalf("label %q, want %q", last.ServedLabel, want)
		}
		if m.Categories[0].ID != "chicken" || m.Categories[0].ServedNow != nil || m.Categories[0].ServedLabel != "" {
			t.Fatalf("at noon the menu opens on %+v", m.Categories[0])
		}
		// A store opening at 10:30 never serves it.
		m, _ = e.p.Menu(ctx, "m-standard", "oh-columbus-downtown")
		if last := m.Categories[len(m.Categories)-1]; last.ID != "breakfast" || last.ServedLabel != "Breakfast · not served at this location" {
			t.Fatalf("at Columbus Downtown: %v, %q", ids(m), last.ServedLabel)
		}
		// 7:00 in Dayton: breakfast leads, served now.
		e.clk.Set(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
		m, _ = e.p.Menu(ctx, "m-standard", "oh-dayton")
		if b := m.Categories[0]; b.ID != "breakfast" || !*b.ServedNow || b.ServedLabel != "Breakfast · served 6:30–10:30 AM" {
			t.Fatalf("at 7:00: %v, %+v %q", ids(m), b.ServedNow, b.ServedLabel)
		}
	})
}

func TestQuickAddTakesTheDefaultsAndLinesCarryTheirMarkers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v1", "m-standard", "oh-cincinnati"); err != nil {
			t.Fatal(err)
		}
		c, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "cashew-salad"})
		if err != nil {
			t.Fatal(err)
		}
		line := c.Products[0]
		if len(line.Modifiers) != 1 || line.Modifiers[0].ID != "dress-sesame-soy" {
			t.Fatalf("defaults: %+v", line.Modifiers)
		}
		if want := []string{"cashew", "gluten", "nuts", "sesame", "soy", "wheat"}; !slices.Equal(line.Markers, want) {
			t.Fatalf("markers %v, want %v", line.Markers, want)
		}
		// Ranch brings dairy, egg and milk.
		c, err = e.p.UpdateProduct(ctx, "v1", line.ID, ordering.LineInput{Modifiers: []ordering.ModifierInput{{ID: "dress-ranch"}}})
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"cashew", "dairy", "egg", "gluten", "milk", "nuts", "sesame", "soy", "wheat"}; !slices.Equal(c.Products[0].Markers, want) {
			t.Fatalf("with ranch %v, want %v", c.Products[0].Markers, want)
		}
		// A required group without defaults cannot be quick-added.
		if _, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "family-8"}); faultCode(t, err) != "invalid" {
			t.Fatal("family sides have no defaults")
		}
		// An explicit empty list chooses nothing.
		if _, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "two-piece", Modifiers: []ordering.ModifierInput{}}); faultCode(t, err) != "invalid" {
			t.Fatal("no flavour chosen")
		}
		c, _ = e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "two-piece"})
		if l := c.Products[1]; len(l.CrossContact) == 0 || len(l.Modifiers) != 3 {
			t.Fatalf("two-piece by default: %+v", l)
		}
	})
}

func TestCateringInTheCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v1", "m-standard", "oh-cincinnati"); err != nil {
			t.Fatal(err)
		}
		est, err := e.p.EstimateCatering(ctx, ordering.EstimateInput{Headcount: 30, Occasion: "office-lunch", Appetite: "hearty", MenuID: "m-standard"})
		if err != nil || len(est.Lines) == 0 || est.Appetite != "hearty" {
			t.Fatalf("estimate %+v %v", est, err)
		}
		regular, _ := e.p.EstimateCatering(ctx, ordering.EstimateInput{Headcount: 30, Occasion: "office-lunch", MenuID: "m-standard"})
		if regular.TotalCents >= est.TotalCents {
			t.Fatalf("hearty %d should cost more than regular %d", est.TotalCents, regular.TotalCents)
		}
		var c ordering.Cart
		for _, l := range est.Lines {
			if c, err = e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: l.PackageID, Quantity: l.Quantity}); err != nil {
				t.Fatal(err)
			}
		}
		if !c.Products[0].Catering || len(c.Warnings) != 1 {
			t.Fatalf("catering lines and the notice warning: %+v %v", c.Products[0], c.Warnings)
		}
		if _, err := e.p.EstimateCatering(ctx, ordering.EstimateInput{Headcount: 30, Appetite: "starving"}); faultCode(t, err) != "invalid" {
			t.Fatal("unknown appetite")
		}
		// The airport sells no catering.
		if cat, _ := e.p.Catering(ctx, "m-atlanta-airport"); len(cat.Packages) != 0 {
			t.Fatal("airport catering")
		}
	})
}

func TestSearchCatering(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		got, err := e.p.SearchCatering(ctx, ordering.CateringSearch{Query: "tray", Occasion: "birthday", Headcount: 30})
		if err != nil {
			t.Fatal(err)
		}
		ids := []string{}
		for _, m := range got {
			ids = append(ids, m.ID)
			if m.Quantity*m.Serves < 30 {
				t.Errorf("%s × %d does not feed 30", m.ID, m.Quantity)
			}
		}
		if !slices.Contains(ids, "nugget-tray") || slices.Contains(ids, "wing-tray") {
			t.Fatalf("birthday trays: %v", ids)
		}
		// An occasion's name matches too.
		if got, _ := e.p.SearchCatering(ctx, ordering.CateringSearch{Query: "game day"}); len(got) == 0 {
			t.Fatal("occasion name")
		}
		if _, err := e.p.SearchCatering(ctx, ordering.CateringSearch{Occasion: "funeral"}); faultCode(t, err) != "invalid" {
			t.Fatal("unknown occasion")
		}
	})
}

func TestNestedOptions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v1", "m-standard", "oh-cincinnati"); err != nil {
			t.Fatal(err)
		}
		combo := func(extra ...ordering.ModifierInput) ordering.LineInput {
			mods := []ordering.ModifierInput{{ID: "flv-original"}, {ID: "pcs-mixed"}, {ID: "side-fries"}, {ID: "bread-biscuit"}, {ID: "size-regular"}}
			return ordering.LineInput{ProductID: "combo-2pc", Modifiers: append(mods, extra...)}
		}
		// The cola's own ice.
		c, err := e.p.AddProduct(ctx, "v1", combo(ordering.ModifierInput{ID: "drk-cola"}, ordering.ModifierInput{ID: "ice-light", ParentID: "drk-cola"}))
		if err != nil {
			t.Fatal(err)
		}
		var ice ordering.ChosenModifier
		for _, m := range c.Products[0].Modifiers {
			if m.GroupID == "ice" {
				ice = m
			}
		}
		if ice.ID != "ice-light" || ice.ParentID != "drk-cola" {
			t.Fatalf("nested choice %+v", c.Products[0].Modifiers)
		}
		// Left alone, the nested group takes its default.
		c, err = e.p.AddProduct(ctx, "v1", combo(ordering.ModifierInput{ID: "drk-lemonade"}))
		if err != nil {
			t.Fatal(err)
		}
		last := c.Products[len(c.Products)-1].Modifiers
		if m := last[len(last)-1]; m.ID != "ice-regular" || m.ParentID != "drk-lemonade" {
			t.Fatalf("default ice %+v", last)
		}
		// Ice for a drink that is not chosen, and for water, which has none.
		if _, err := e.p.AddProduct(ctx, "v1", combo(ordering.ModifierInput{ID: "drk-cola"}, ordering.ModifierInput{ID: "ice-none", ParentID: "drk-lemonade"})); faultCode(t, err) != "invalid" {
			t.Fatal("ice of another drink")
		}
		if _, err := e.p.AddProduct(ctx, "v1", combo(ordering.ModifierInput{ID: "drk-water"}, ordering.ModifierInput{ID: "ice-none", ParentID: "drk-water"})); faultCode(t, err) != "invalid" {
			t.Fatal("water has no ice")
		}
		// Two nested ice choices for one drink break its group's limit.
		if _, err := e.p.AddProduct(ctx, "v1", combo(ordering.ModifierInput{ID: "drk-cola"}, ordering.ModifierInput{ID: "ice-none", ParentID: "drk-cola"}, ordering.ModifierInput{ID: "ice-light", ParentID: "drk-cola"})); faultCode(t, err) != "invalid" {
			t.Fatal("two ice choices")
		}
		// Quick add: the defaults with their nested defaults.
		c, _ = e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "combo-2pc"})
		found := false
		for _, l := range c.Products {
			for _, m := range l.Modifiers {
				found = found || (m.ID == "ice-regular" && m.ParentID == "drk-sweet-tea")
			}
		}
		if !found {
			t.Fatal("quick add of a combo carries the sweet tea's ice")
		}
	})
}
