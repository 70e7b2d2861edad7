package builtin

import (
	"context"
	"slices"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Nutrition lists the calories and markers of every product sold at our restaurants (the
// menus in the order of the first location selling each), or of menuID's products, once
// each, under its category in menu order. Catering packages are left out: they are sold
// by the tray and the pan, and their calories are those of the products in them.
func (p *Provider) Nutrition(ctx context.Context, menuID string) (ordering.Nutrition, error) {
	var menus []string
	if menuID != "" {
		if _, err := p.menu(menuID); err != nil {
			return ordering.Nutrition{}, err
		}
		menus = []string{menuID}
	} else {
		for _, l := range p.cat.locations {
			if !slices.Contains(menus, l.MenuID) {
				menus = append(menus, l.MenuID)
			}
		}
	}
	out := ordering.Nutrition{Markers: slices.Clone(ordering.Markers), Categories: []ordering.NutritionCategory{}}
	at := map[string]int{} // category id → index in out.Categories
	seen := map[string]bool{}
	for _, mid := range menus {
		for _, c := range p.cat.menus[mid].menu.Categories {
			if c.ID == CateringCategory {
				continue
			}
			for _, pr := range c.Products {
				if seen[pr.ID] {
					continue
				}
				seen[pr.ID] = true
				i, ok := at[c.ID]
				if !ok {
					i = len(out.Categories)
					at[c.ID] = i
					out.Categories = append(out.Categories, ordering.NutritionCategory{ID: c.ID, Name: c.Name, Products: []ordering.NutritionRow{}})
				}
				markers := pr.Markers
				if markers == nil {
					markers = []string{}
				}
				out.Categories[i].Products = append(out.Categories[i].Products, ordering.NutritionRow{
					ID: pr.ID, MenuID: mid, Name: pr.Name, Calories: pr.Calories, Markers: markers, CrossContact: pr.CrossContact,
				})
			}
		}
	}
	return out, nil
}
