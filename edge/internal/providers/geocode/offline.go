package geocode

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/henhouse/platform/edge/internal/fault"
)

// ReverseMaxMiles is how far from the nearest ZIP centre Reverse still answers.
const ReverseMaxMiles = 150

// bigCity is the population above which a city outranks a state of the same name
// ("New York" is New York City first, then the state).
const bigCity = 250000

// Offline is the built-in geocoder over the embedded data. The zero value is ready to
// use; the data is decoded and indexed once, on first use, and shared by every Offline.
type Offline struct{}

var (
	loadOnce sync.Once
	loaded   *db
	loadErr  error
)

func data() (*db, error) {
	loadOnce.Do(func() { loaded, loadErr = load() })
	return loaded, loadErr
}

// New returns the built-in geocoder.
func New() *Offline { return &Offline{} }

// Warm loads the data now (about 100 ms) instead of on the first query.
func (*Offline) Warm() error {
	_, err := data()
	return err
}

var _ Geocoder = (*Offline)(nil)

// unavailable is the fault for data that cannot be loaded, keeping the cause for logs.
func unavailable(err error) error {
	e := fault.New(fault.Unavailable, "geocoder_unavailable", "We can't look up addresses right now. Please try again.")
	return fmt.Errorf("%w: %w", e, err)
}

// Geocode implements Geocoder.
func (*Offline) Geocode(ctx context.Context, query string) ([]Place, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	q := strings.TrimSpace(query)
	if q == "" || len(q) > MaxQueryLen {
		return nil, notFound()
	}
	d, err := data()
	if err != nil {
		return nil, unavailable(err)
	}
	places := d.geocode(q, tokenize(q))
	if len(places) == 0 {
		return nil, notFound()
	}
	return places, nil
}

// Reverse implements Geocoder: the ZIP code whose centre is nearest to lat,lng.
func (*Offline) Reverse(ctx context.Context, lat, lng float64) (Place, error) {
	if err := ctx.Err(); err != nil {
		return Place{}, err
	}
	if math.IsNaN(lat) || math.IsNaN(lng) || lat < -90 || lat > 90 || lng < -180 || lng > 180 {
		return Place{}, fault.New(fault.Invalid, "location_invalid", "We couldn't read your location.").
			Field("location", "We couldn't read your location.")
	}
	d, err := data()
	if err != nil {
		return Place{}, unavailable(err)
	}
	zi, dist := d.nearest(lat, lng, ReverseMaxMiles)
	if zi < 0 || dist > ReverseMaxMiles {
		return Place{}, fault.New(fault.NotFound, "address_not_found",
			"We couldn't find an address near your location. Try a city and state or a ZIP code.")
	}
	p := d.zipPlace(&d.zips[zi], -1)
	p.Query = strconv.FormatFloat(lat, 'f', -1, 64) + "," + strconv.FormatFloat(lng, 'f', -1, 64)
	return p, nil
}

// zipPlace is the place for a ZIP code; cityIdx, when >= 0, is the city the guest
// typed, used for the label when it is in the ZIP's state.
func (d *db) zipPlace(z *zipRec, cityIdx int32) Place {
	c := &d.cities[z.city]
	if cityIdx >= 0 && d.cities[cityIdx].state == c.state {
		c = &d.cities[cityIdx]
	}
	return Place{
		Label: c.name + ", " + c.state + " " + z.zip,
		City:  c.name, State: c.state, ZIP: z.zip,
		Lat: z.lat, Lng: z.lng, Kind: KindZIP,
	}
}

func (d *db) cityPlace(ci int32) Place {
	c := &d.cities[ci]
	return Place{
		Label: c.name + ", " + c.state,
		City:  c.name, State: c.state,
		Lat: c.lat, Lng: c.lng, Kind: KindCity,
	}
}

func (d *db) statePlace(s *stateRec) Place {
	return Place{Label: s.info.Name, State: s.info.Code, Lat: s.lat, Lng: s.lng, Kind: KindState}
}

// asAddress turns p into an address result whose label starts with street.
func asAddress(p Place, street string) Place {
	p.Kind = KindAddress
	p.Label = street + ", " + p.Label
	return p
}

// geocode parses the query. The last word may be a ZIP code (ZIP+4 allowed), before
// it a state (code or full name), before that a city; what precedes the city is the
// street, kept only for the label. A ZIP code, when known, decides the place.
func (d *db) geocode(q string, toks []token) []Place {
	toks = stripCountry(toks)
	if len(toks) == 0 {
		return nil
	}

	// ZIP code.
	zip := ""
	n := len(toks)
	last := toks[n-1].raw
	switch {
	case len(last) == 5 && allDigits(last):
		zip, toks = last, toks[:n-1]
	case len(last) == 9 && allDigits(last):
		zip, toks = last[:5], toks[:n-1]
	case len(last) == 4 && allDigits(last) && n >= 2 && len(toks[n-2].raw) == 5 && allDigits(toks[n-2].raw) &&
		strings.TrimSpace(q[toks[n-2].end:toks[n-1].start]) == "-":
		zip, toks = toks[n-2].raw, toks[:n-2]
	}
	if zip != "" {
		z, ok := d.zip(zip)
		if !ok {
			if len(toks) == 0 {
				return nil
			}
			return d.cityState(q, toks) // unknown ZIP: fall back to city and state
		}
		cityIdx, street := int32(-1), ""
		if len(toks) > 0 {
			if m, ok := d.match(q, toks, z.city); ok {
				cityIdx, street = m.city, m.street
			} else if rest := streetPart(d.withoutState(toks)); len(rest) > 0 && hasDigit(rest) {
				street = strings.TrimSpace(q[rest[0].start:rest[len(rest)-1].end])
			}
		}
		p := d.zipPlace(z, cityIdx)
		if street != "" {
			p = asAddress(p, street)
		}
		p.Query = q
		return []Place{p}
	}
	return d.cityState(q, toks)
}

// stripCountry drops a trailing "USA", "United States"... when something precedes it.
func stripCountry(toks []token) []token {
	for _, c := range countryWords {
		n := strings.Count(c, " ") + 1
		if len(toks) > n && joinWords(toks[len(toks)-n:], true) == c {
			return toks[:len(toks)-n]
		}
	}
	return toks
}

// state finds a state at the end of toks: its record and the words before it.
func (d *db) state(toks []token) (*stateRec, []token) {
	for n := 3; n >= 1; n-- {
		if len(toks) < n || !noCommaInside(toks[len(toks)-n:]) {
			continue
		}
		w := joinWords(toks[len(toks)-n:], true)
		code, ok := d.stateByName[w]
		if !ok && n == 1 && len(w) == 2 {
			code, ok = strings.ToUpper(w), d.states[strings.ToUpper(w)] != nil
		}
		if ok {
			return d.states[code], toks[:len(toks)-n]
		}
	}
	return nil, toks
}

// streetPart drops the last comma-separated part ("500 Elm St, Springfield" →
// "500 Elm St"), taken to be a city the data does not know in the ZIP's state.
func streetPart(toks []token) []token {
	for i := len(toks) - 1; i > 0; i-- {
		if toks[i].comma {
			return toks[:i]
		}
	}
	return toks
}

func (d *db) withoutState(toks []token) []token {
	_, rest := d.state(toks)
	return rest
}

type cityMatch struct {
	city   int32
	street string
}

// match finds the city the guest typed before an (optional) state, in the state of
// the ZIP's city zipCity.
func (d *db) match(q string, toks []token, zipCity int32) (cityMatch, bool) {
	code := d.cities[zipCity].state
	st, rest := d.state(toks)
	if st != nil && st.info.Code != code {
		rest = toks
	}
	ms := d.findCities(q, rest, code)
	if len(ms) == 0 {
		return cityMatch{}, false
	}
	return ms[0], true
}

// findCities finds cities named by the longest run of words ending toks, in state when
// state is not empty, and the street before them. A street must hold a digit or be
// set off by a comma ("123 Main St Columbus", "Main St, Columbus"); otherwise the
// words are not taken as an address ("North Columbus" is not found).
func (d *db) findCities(q string, toks []token, state string) []cityMatch {
	if len(toks) == 0 {
		return nil
	}
	for n := min(d.maxWords, len(toks)); n >= 1; n-- {
		name := toks[len(toks)-n:]
		if !noCommaInside(name) {
			continue
		}
		k := joinWords(name, false)
		var found []int32
		if state != "" {
			if ci, ok := d.byKeyState[k+"|"+state]; ok {
				found = []int32{ci}
			}
		} else {
			found = d.byKey[k]
		}
		if len(found) == 0 {
			continue
		}
		street := ""
		if before := toks[:len(toks)-n]; len(before) > 0 {
			if !name[0].comma && !hasDigit(before) {
				return nil
			}
			street = strings.TrimSpace(q[before[0].start:before[len(before)-1].end])
		}
		ms := make([]cityMatch, 0, min(len(found), MaxResults))
		for _, ci := range found {
			if len(ms) == MaxResults {
				break
			}
			ms = append(ms, cityMatch{city: ci, street: street})
		}
		return ms
	}
	return nil
}

// cityState resolves a query without a usable ZIP code.
func (d *db) cityState(q string, toks []token) []Place {
	if st, rest := d.state(toks); st != nil {
		if len(rest) == 0 {
			if st.zips == 0 {
				return nil
			}
			return d.stateWithCities(q, toks, st)
		}
		if ms := d.findCities(q, rest, st.info.Code); len(ms) > 0 {
			return d.places(q, ms)
		}
	}
	return d.places(q, d.findCities(q, toks, ""))
}

// stateWithCities answers a query that is only a state name: the state, with cities of
// the same name ranked around it ("Washington": the city of Washington, DC first).
func (d *db) stateWithCities(q string, toks []token, st *stateRec) []Place {
	var big, small []Place
	if noCommaInside(toks) {
		for _, ci := range d.byKey[joinWords(toks, false)] {
			p := d.cityPlace(ci)
			p.Query = q
			if d.cities[ci].pop >= bigCity {
				big = append(big, p)
			} else {
				small = append(small, p)
			}
		}
	}
	sp := d.statePlace(st)
	sp.Query = q
	out := append(append(big, sp), small...)
	if len(out) > MaxResults {
		out = out[:MaxResults]
	}
	return out
}

func (d *db) places(q string, ms []cityMatch) []Place {
	if len(ms) == 0 {
		return nil
	}
	out := make([]Place, len(ms))
	for i, m := range ms {
		p := d.cityPlace(m.city)
		if m.street != "" {
			p = asAddress(p, m.street)
		}
		p.Query = q
		out[i] = p
	}
	return out
}
