package ordering

import (
	"slices"
	"testing"
)

func TestCombineMarkers(t *testing.T) {
	cases := []struct {
		name   string
		base   []string
		chosen [][]string
		want   []string
	}{
		{"base only, in marker order", []string{"wheat", "egg", "gluten"}, nil, []string{"egg", "gluten", "wheat"}},
		{"a modifier adds its allergens", []string{"wheat"}, [][]string{{"dairy", "milk"}}, []string{"dairy", "milk", "wheat"}},
		{"vegan stays with plant choices", []string{"vegan"}, [][]string{{"vegan"}, nil}, []string{"vegan"}},
		{"an animal allergen ends vegan", []string{"vegan"}, [][]string{{"dairy"}}, []string{"dairy"}},
		{"a vegan modifier does not make the product vegan", []string{"egg"}, [][]string{{"vegan"}}, []string{"egg"}},
		{"nothing", nil, nil, []string{}},
	}
	for _, c := range cases {
		if got := CombineMarkers(c.base, c.chosen...); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
