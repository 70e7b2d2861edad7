// Package careers is the contract between the edge and a careers provider: the open
// roles at the restaurants of a city, for the city jobs page (/{brand}-{city}-jobs).
// The built-in provider (package builtin) keeps openings in Redis, seeded from
// embedded data; an adapter for a hosted applicant-tracking system implements the
// same interface (docs/careers.md). Handlers and the page handler depend on this
// package only.
//
// Pay is integer cents. Times are UTC. A city that has no restaurant is a
// *fault.Error of kind NotFound; a city with restaurants and no openings is not an
// error, its Openings are empty.
package careers

import (
	"context"
	"time"

	"github.com/henhouse/platform/edge/internal/site"
)

// Employment types.
const (
	FullTime = "full_time"
	PartTime = "part_time"
)

// Pay units.
const (
	PerHour = "hour"
	PerYear = "year"
)

// Address is a restaurant's street address.
type Address struct {
	Street string `json:"street"`
	City   string `json:"city"`
	State  string `json:"state"`
	ZIP    string `json:"zip"`
}

// Location is a restaurant that hires.
type Location struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Address Address `json:"address"`
}

// Pay is an opening's pay range, MinCents to MaxCents per Unit.
type Pay struct {
	MinCents int64  `json:"min_cents"`
	MaxCents int64  `json:"max_cents"`
	Unit     string `json:"unit"`     // hour | year
	Currency string `json:"currency"` // ISO 4217, "USD"
}

// Opening is an open role at one restaurant.
type Opening struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Location    Location `json:"location"`
	// EmploymentType is full_time or part_time.
	EmploymentType string `json:"employment_type"`
	// Schedule says when the role works, in words ("20–30 hours a week, evenings and
	// weekends").
	Schedule string `json:"schedule"`
	// Shifts are the parts of the day the role covers: morning, afternoon, evening,
	// overnight, weekend.
	Shifts []string `json:"shifts"`
	Pay    Pay      `json:"pay"`
	// PostedAt is when the opening was published; ValidThrough is when it closes. A
	// provider lists only openings that have not closed.
	PostedAt     time.Time `json:"posted_at"`
	ValidThrough time.Time `json:"valid_through"`
	// ApplyURL is where a candidate applies, on the careers site.
	ApplyURL string `json:"apply_url"`
}

// City is a city with restaurants, and the openings at them.
type City struct {
	// Slug is how the city is written in the jobs page's path ("fort-wayne").
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	State string `json:"state"` // two-letter code
	// Locations are the city's restaurants, by name.
	Locations []Location `json:"locations"`
	// Openings are grouped by location in the order of Locations, newest first
	// within a location; never nil.
	Openings []Opening `json:"openings"`
	// CareersURL is the careers site's home, for everything beyond this city.
	CareersURL string `json:"careers_url"`
}

// CitySlug is how a city is written in the jobs page's path: lower-case ASCII letters
// and digits, anything else a hyphen, none at either end ("Fort Wayne" → "fort-wayne"),
// the rule of the location browse paths too.
func CitySlug(city string) string { return site.Slug(city) }

// Provider is a careers provider.
type Provider interface {
	// City answers the city whose slug is given (any case), its restaurants and their
	// open roles; a fault.NotFound error when no restaurant is in such a city.
	City(ctx context.Context, slug string) (City, error)
}
