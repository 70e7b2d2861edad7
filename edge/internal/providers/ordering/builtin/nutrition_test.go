package builtin

import (
	"slices"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func nutritionRows(n ordering.Nutrition) map[string]ordering.NutritionRow {
	rows := map[string]ordering.NutritionRow{}
	for _, c := range n.Categories {
		for _, r := range c.Products {
			rows[r.ID] = r
		}
	}
	return rows
}

func TestNutritionListsEveryProductOnceWithItsCaloriesAndMarkers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		all, err := e.p.Nutrition(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(all.Markers, ordering.Markers) || len(all.Markers) != 14 {
			t.Fatalf("markers = %v, want the 14 of ordering.Markers", all.Markers)
		}
		rows, count := nutritionRows(all), 0
		for _, c := range all.Categories {
			count += len(c.Products)
			if c.ID == CateringCategory {
				t.Error("catering packages are listed")
			}
		}
		if count != len(rows) {
			t.Errorf("%d rows for %d products: a product is listed twice", count, len(rows))
		}
		// Every product of every menu selling at a location, the ones only one menu has
		// included (the Texas brisket stack, the airport's grab-and-go box).
		for _, l := range e.p.cat.locations {
			for id, pr := range e.p.cat.menus[l.MenuID].products {
				if pr.CategoryID == CateringCategory {
					continue
				}
				r, ok := rows[id]
				if !ok {
					t.Errorf("%s of %s is not listed", id, l.MenuID)
					continue
				}
				if r.Calories != pr.Calories || !slices.Equal(r.Markers, pr.Markers) && len(pr.Markers) > 0 {
					t.Errorf("%s: %d cal %v, the menu says %d cal %v", id, r.Calories, r.Markers, pr.Calories, pr.Markers)
				}
			}
		}
		if r := rows["catfish-basket"]; r.Calories != 890 || !slices.Contains(r.Markers, "fish") || r.MenuID != "m-standard" || r.Name != "Catfish Basket" {
			t.Errorf("catfish basket = %+v", r)
		}
		if r := rows["brisket-sandwich"]; r.MenuID != "m-texas" {
			t.Errorf("brisket stack links to %q, want the Texas menu that sells it", r.MenuID)
		}
		if r := rows["side-fries"]; r.Markers == nil {
			t.Error("a product without markers has null markers, want []")
		}

		airport, err := e.p.Nutrition(ctx, "m-atlanta-airport")
		if err != nil {
			t.Fatal(err)
		}
		if got := len(nutritionRows(airport)); got != 17 {
			t.Errorf("the airport menu lists %d products, want its 17", got)
		}
		if _, err := e.p.Nutrition(ctx, "m-nowhere"); !fault.Is(err, fault.NotFound) {
			t.Errorf("unknown menu: %v, want not found", err)
		}
	})
}
