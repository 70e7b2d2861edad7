package pages

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/careers"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// The jobs page and the location browse pages write a city the same way, so a city's
// jobs path and its locations path agree.
func TestCitySlugsAgree(t *testing.T) {
	for _, c := range []string{"Fort Wayne", "St. Louis", "Winston-Salem", "O'Fallon", "Coeur d'Alène", " Dayton "} {
		if a, b := careers.CitySlug(c), ordering.Slug(c); a != b {
			t.Errorf("%q: careers %q, ordering %q", c, a, b)
		}
	}
}

// The jobs screen's prerendered screen gets the values of its slots in the screen's words.
// mf-content/src/prerender.test.tsx checks the same cases against the screen.
func TestJobsSlots(t *testing.T) {
	raw, err := os.ReadFile("testdata/jobs-screen.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Cases []struct {
			About string            `json:"about"`
			City  careers.City      `json:"city"`
			Slots map[string]string `json:"slots"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range fixture.Cases {
		if got := jobsSlots(c.City); !reflect.DeepEqual(got, c.Slots) {
			t.Errorf("%s:\n got %v\nwant %v", c.About, got, c.Slots)
		}
	}

	// No prerendered screen for a city without openings, nor for words the edge does not write as the
	// screen does.
	city := fixture.Cases[0].City
	for about, change := range map[string]func(*careers.City){
		"no openings":        func(c *careers.City) { c.Openings = nil },
		"another currency":   func(c *careers.City) { c.Openings[0].Pay.Currency = "CAD" },
		"an employment type": func(c *careers.City) { c.Openings[0].EmploymentType = "seasonal" },
		"no restaurant":      func(c *careers.City) { c.Locations = nil },
	} {
		c := city
		c.Openings = append([]careers.Opening(nil), city.Openings...)
		change(&c)
		if got := jobsSlots(c); got != nil {
			t.Errorf("%s: %v", about, got)
		}
	}

	for cents, want := range map[int64]string{0: "$0.00", 5: "$0.05", 99900: "$999.00", 100000: "$1,000.00", 123456789: "$1,234,567.89", -500: "-$5.00"} {
		if got := usd(cents); got != want {
			t.Errorf("usd(%d) = %q, want %q", cents, got, want)
		}
	}
}
