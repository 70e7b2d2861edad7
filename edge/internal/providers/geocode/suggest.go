package geocode

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/fault"
)

// MinSuggestLen is the shortest query, in characters, that Suggest looks up: one
// letter matches too much to help.
const MinSuggestLen = 2

// Suggest is the places for what a guest has typed so far into an address box, best
// first, at most MaxResults. It runs on every keystroke, so a query that is too short
// or that g does not know is an empty list, not an error; only a query over
// MaxQueryLen characters is (Invalid on "q"), and a missing g is unavailable.
func Suggest(ctx context.Context, g Geocoder, query string) ([]Place, error) {
	q := strings.TrimSpace(query)
	n := utf8.RuneCountInString(q)
	if n > MaxQueryLen {
		return nil, fault.New(fault.Invalid, "invalid", "Type at most %d characters to search for an address.", MaxQueryLen).
			Field("q", fmt.Sprintf("Use at most %d characters", MaxQueryLen))
	}
	if n < MinSuggestLen {
		return []Place{}, nil
	}
	if g == nil {
		return nil, fault.New(fault.Unavailable, "geocoder_unavailable", "Address search isn't available right now. Browse by state instead.")
	}
	ps, err := g.Geocode(ctx, q)
	if IsNotFound(err) {
		return []Place{}, nil
	}
	if err != nil {
		return nil, err
	}
	if len(ps) > MaxResults {
		ps = ps[:MaxResults]
	}
	return ps, nil
}
