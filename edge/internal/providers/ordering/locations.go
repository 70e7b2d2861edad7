package ordering

import (
	"sort"
	"strings"

	"github.com/henhouse/platform/edge/internal/site"
)

// Slug is how a city or street is written in a browse address: lower-case ASCII
// letters and digits, anything else a hyphen, none at either end ("St. Louis" →
// "st--louis").
func Slug(s string) string { return site.Slug(s) }

// Browse narrows the location list by state code, city and street, as the location
// pages address them. Empty fields match everything.
type Browse struct {
	State   string // two-letter code, any case
	City    string // a city name or its slug
	Address string // a location's slug, or its street name or slug
}

// FilterLocations keeps the locations that match b, in their order; never nil.
func FilterLocations(all []Location, b Browse) []Location {
	state, city, addr := strings.ToUpper(b.State), Slug(b.City), Slug(b.Address)
	out := []Location{}
	for _, l := range all {
		if (state == "" || l.Address.State == state) && (city == "" || Slug(l.Address.City) == city) && (addr == "" || l.Slug == addr || Slug(l.Address.Street) == addr) {
			out = append(out, l)
		}
	}
	return out
}

// BrowseExists reports whether b names something real, as a browse page must: a
// two-letter state with at least one location, and when given a city of that state
// and a location of that city. A city or address with no letter or digit in it names
// nothing (its slug is empty), rather than every city or every address.
func BrowseExists(all []Location, b Browse) bool {
	if len(b.State) != 2 || (b.Address != "" && b.City == "") {
		return false
	}
	if (b.City != "" && Slug(b.City) == "") || (b.Address != "" && Slug(b.Address) == "") {
		return false
	}
	return len(FilterLocations(all, b)) > 0
}

// CityCount is a city with the number of its locations.
type CityCount struct {
	Name  string `json:"name"`
	Slug  string `json:"slug"`
	Count int    `json:"count"`
}

// StateCount is a state with the number of its locations, and its cities by name.
type StateCount struct {
	Code   string       `json:"code"`
	Count  int          `json:"count"`
	Cities []*CityCount `json:"cities"`
}

// GroupByState counts locations per state and city, states by code and cities by
// name, for browsing.
func GroupByState(all []Location) []*StateCount {
	byState := map[string]*StateCount{}
	for _, l := range all {
		s := byState[l.Address.State]
		if s == nil {
			s = &StateCount{Code: l.Address.State}
			byState[l.Address.State] = s
		}
		s.Count++
		var ct *CityCount
		for _, x := range s.Cities {
			if x.Name == l.Address.City {
				ct = x
			}
		}
		if ct == nil {
			ct = &CityCount{Name: l.Address.City, Slug: Slug(l.Address.City)}
			s.Cities = append(s.Cities, ct)
		}
		ct.Count++
	}
	out := make([]*StateCount, 0, len(byState))
	for _, s := range byState {
		sort.Slice(s.Cities, func(i, j int) bool { return s.Cities[i].Name < s.Cities[j].Name })
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
