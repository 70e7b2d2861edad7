package ordering

import "slices"

// Diets are the markers that say what a product is rather than what it contains.
var Diets = []string{"vegan"}

// animal markers rule out a vegan diet.
var animal = []string{"dairy", "egg", "fish", "milk", "shellfish"}

// CombineMarkers is the marker set of a product as configured (docs/menu.md,
// "Allergens follow the choices"): every allergen of the product and of each chosen
// modifier, and a diet only when the product carries it and nothing chosen contains
// an allergen of animal origin. The result is in the order of Markers.
func CombineMarkers(base []string, chosen ...[]string) []string {
	has := map[string]bool{}
	for _, m := range base {
		has[m] = true
	}
	for _, ms := range chosen {
		for _, m := range ms {
			if !slices.Contains(Diets, m) {
				has[m] = true
			}
		}
	}
	for _, a := range animal {
		if has[a] {
			has["vegan"] = false
		}
	}
	out := []string{}
	for _, m := range Markers {
		if has[m] {
			out = append(out, m)
		}
	}
	return out
}
