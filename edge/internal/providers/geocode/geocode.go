// Package geocode turns what a guest types into the store locator ("43215",
// "Columbus, OH", "columbus ohio", "Springfield", "123 Main St, Columbus, OH 43215")
// into places with coordinates, and a device location back into a ZIP code.
//
// The built-in implementation, Offline, needs no network: every US ZIP code and every
// US city of 1,000+ people (GeoNames, CC BY 4.0; see data/SOURCE.md) is embedded in the
// binary as two gzipped TSV files (under 1 MB together) and indexed on first use. An
// adapter for a hosted geocoding service can replace it behind Geocoder.
package geocode

import (
	"context"
	"math"

	"github.com/henhouse/platform/edge/internal/fault"
)

//go:generate go run ./internal/gen

// Place kinds.
const (
	KindZIP     = "zip"
	KindCity    = "city"
	KindState   = "state"
	KindAddress = "address"
)

// MaxQueryLen is the longest query Geocode accepts, in bytes.
const MaxQueryLen = 200

// MaxResults is the most places Geocode returns.
const MaxResults = 5

// Place is one geocoding result.
type Place struct {
	// Query is what the guest typed, trimmed.
	Query string `json:"query"`
	// Label is the place as the guest should see it: "Columbus, OH 43215",
	// "Columbus, OH", "Ohio", "123 Main St, Columbus, OH 43215".
	Label string `json:"label"`
	City  string `json:"city,omitempty"`
	// State is the two-letter USPS code.
	State string `json:"state"`
	// ZIP is five digits; empty for city and state results.
	ZIP string  `json:"zip,omitempty"`
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
	// Kind is KindZIP, KindCity, KindState or KindAddress. Coordinates of an address
	// are those of its ZIP code (or city): streets are not geocoded.
	Kind string `json:"kind"`
}

// Geocoder finds places.
type Geocoder interface {
	// Geocode returns up to MaxResults places for query, best first. A query that
	// matches nothing is a *fault.Error (Invalid, "address_not_found").
	Geocode(ctx context.Context, query string) ([]Place, error)
	// Reverse returns the ZIP code whose centre is nearest to lat,lng.
	Reverse(ctx context.Context, lat, lng float64) (Place, error)
}

const notFoundMsg = "We couldn't find that address. Try a city and state or a ZIP code."

// IsNotFound reports whether err is the "address_not_found" fault.
func IsNotFound(err error) bool {
	e, ok := fault.As(err)
	return ok && e.Code == "address_not_found"
}

func notFound() error {
	// No field: the caller names the one its client sent (the search's q, a delivery
	// address's street).
	return fault.New(fault.Invalid, "address_not_found", notFoundMsg)
}

// earthRadiusMiles is the mean Earth radius.
const earthRadiusMiles = 3958.8

// Distance is the great-circle (haversine) distance between two points, in miles.
func Distance(lat1, lng1, lat2, lng2 float64) float64 {
	const rad = math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLng := (lng2 - lng1) * rad
	s1 := math.Sin(dLat / 2)
	s2 := math.Sin(dLng / 2)
	h := s1*s1 + math.Cos(lat1*rad)*math.Cos(lat2*rad)*s2*s2
	if h > 1 {
		h = 1
	}
	return 2 * earthRadiusMiles * math.Asin(math.Sqrt(h))
}
