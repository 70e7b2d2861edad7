package geocode

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/fault"
)

// MinSuggestLen is the shortest query, in characters, that Suggest looks up: one or
// two letters match too many places to help ("Lo" is hundreds of cities).
const MinSuggestLen = 3

// completeLimit is how many completions Suggest ranks before cutting to MaxResults,
// so that a city with one of our stores is found even when bigger cities share the
// start of its name.
const completeLimit = 50

// Store is one of our locations as suggestions know it: its street address and point.
type Store struct {
	Street, City, State, ZIP string
	Lat, Lng                 float64
}

// Suggest is the places for what a guest has typed so far into an address box, best
// first, at most MaxResults. It runs on every keystroke, so a query that is too short
// or that g does not know is an empty list, not an error; only a query over
// MaxQueryLen characters is (Invalid on "q"), and a missing g is unavailable.
//
// The ranking (docs/locations.md, "Suggestions"):
//  1. the street address of one of stores, when the query is the start of it (from
//     the house number, or from a later word of the street once two words are typed:
//     "9838 Madison", "Madison Ave");
//  2. the places g finds (an exact address, ZIP, city or state, then the names that
//     start with the typed words, by population), those of them that are a city with
//     one of stores first ("Lou": Louisville, KY).
func Suggest(ctx context.Context, g Geocoder, stores []Store, query string) ([]Place, error) {
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
		ps, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	if c, ok := g.(Completer); ok {
		more, err := c.Complete(ctx, q, completeLimit)
		if err != nil {
			return nil, err
		}
		ps = append(ps, more...)
	}

	storeCity := make(map[string]bool, len(stores))
	for _, s := range stores {
		storeCity[strings.ToLower(s.City+"|"+s.State)] = true
	}
	out := append([]Place{}, storeStreets(stores, q)...)
	seen := make(map[string]bool, len(ps)+len(out))
	for _, p := range out {
		seen[p.Label] = true
	}
	var ours, rest []Place
	for _, p := range ps {
		if seen[p.Label] {
			continue
		}
		seen[p.Label] = true
		if p.Kind == KindCity && storeCity[strings.ToLower(p.City+"|"+p.State)] {
			ours = append(ours, p)
		} else {
			rest = append(rest, p)
		}
	}
	out = append(append(out, ours...), rest...)
	if len(out) > MaxResults {
		out = out[:MaxResults]
	}
	return out, nil
}

// storeStreets is the stores whose street address starts with the typed words, as
// address places at the store's own point: the typed words must match the address's
// words in order, the last as the start of a word, from the street's first word (the
// house number) or, for two typed words or more, from any word of the street.
func storeStreets(stores []Store, q string) []Place {
	typed := tokenize(q)
	if len(typed) == 0 {
		return nil
	}
	var first, later []Place
	for _, s := range stores {
		street := tokenize(s.Street)
		all := tokenize(s.Street + " " + s.City + " " + s.State + " " + s.ZIP)
		starts := 1
		if len(typed) > 1 {
			starts = len(street)
		}
		for at := 0; at < starts && at < len(street); at++ {
			if !wordsStart(all[at:], typed) {
				continue
			}
			p := Place{
				Query: q,
				Label: s.Street + ", " + s.City + ", " + s.State + " " + s.ZIP,
				City:  s.City, State: s.State, ZIP: s.ZIP,
				Lat: s.Lat, Lng: s.Lng, Kind: KindAddress,
			}
			if at == 0 {
				first = append(first, p)
			} else {
				later = append(later, p)
			}
			break
		}
	}
	return append(first, later...)
}

// wordsStart reports whether typed matches the start of words: every typed word but
// the last equal to its word, the last the start of its word.
func wordsStart(words, typed []token) bool {
	if len(typed) > len(words) {
		return false
	}
	for i, t := range typed {
		if i == len(typed)-1 {
			return strings.HasPrefix(words[i].raw, t.raw)
		}
		if words[i].raw != t.raw {
			return false
		}
	}
	return true
}
