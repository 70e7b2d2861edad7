package geocode

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
)

// fakeGeocoder answers every query with the same places or error.
type fakeGeocoder struct {
	places []Place
	err    error
	asked  []string
}

func (f *fakeGeocoder) Geocode(_ context.Context, q string) ([]Place, error) {
	f.asked = append(f.asked, q)
	return f.places, f.err
}
func (f *fakeGeocoder) Reverse(context.Context, float64, float64) (Place, error) { return Place{}, nil }

func TestSuggestWithTheOfflineGeocoder(t *testing.T) {
	ctx := context.Background()
	g := New()
	ps, err := Suggest(ctx, g, nil, "  louisville ky ")
	if err != nil || len(ps) == 0 || ps[0].Label != "Louisville, KY" || ps[0].Query != "louisville ky" || ps[0].Kind != KindCity {
		t.Fatalf("louisville ky: %+v %v", ps, err)
	}
	ps, err = Suggest(ctx, g, nil, "Springfield")
	if err != nil || len(ps) != MaxResults {
		t.Fatalf("a name many cities share is cut to %d: %d %v", MaxResults, len(ps), err)
	}
	for _, q := range []string{"", " ", "l", "lo", " 4 ", " 40 ", "zzzz nowhere", "🐔🐔", strings.Repeat("🐔", MaxQueryLen), strings.Repeat("a", MaxQueryLen)} {
		ps, err := Suggest(ctx, g, nil, q)
		if err != nil || ps == nil || len(ps) != 0 {
			t.Errorf("%.20q: %+v %v, want an empty list", q, ps, err)
		}
	}
}

func TestSuggestRules(t *testing.T) {
	ctx := context.Background()
	f := &fakeGeocoder{places: []Place{{Label: "a"}, {Label: "b"}, {Label: "c"}, {Label: "d"}, {Label: "e"}, {Label: "f"}}}
	ps, err := Suggest(ctx, f, nil, " abc ")
	if err != nil || len(ps) != MaxResults || len(f.asked) != 1 || f.asked[0] != "abc" {
		t.Fatalf("trimmed and capped: %d %v %q", len(ps), err, f.asked)
	}

	_, err = Suggest(ctx, f, nil, strings.Repeat("é", MaxQueryLen+1))
	fe, ok := fault.As(err)
	if !ok || fe.Kind != fault.Invalid || fe.Code != "invalid" || fe.Fields["q"] != "Use at most 200 characters" ||
		fe.Message != "Type at most 200 characters to search for an address." {
		t.Fatalf("too long: %v", err)
	}
	if len(f.asked) != 1 {
		t.Fatal("a query that is too long reaches the geocoder")
	}
	if _, err := Suggest(ctx, f, nil, " "+strings.Repeat("é", MaxQueryLen)+" "); err != nil {
		t.Fatalf("%d characters after trimming are allowed: %v", MaxQueryLen, err)
	}

	if ps, err := Suggest(ctx, nil, nil, "ab"); err != nil || len(ps) != 0 {
		t.Fatalf("too short needs no geocoder: %v %v", ps, err)
	}
	_, err = Suggest(ctx, nil, nil, "louisville")
	if fe, ok := fault.As(err); !ok || fe.Kind != fault.Unavailable || fe.Code != "geocoder_unavailable" {
		t.Fatalf("no geocoder: %v", err)
	}

	down := errors.New("timeout")
	if _, err := Suggest(ctx, &fakeGeocoder{err: down}, nil, "louisville"); !errors.Is(err, down) {
		t.Fatalf("a geocoder failure is not an empty list: %v", err)
	}
	if _, err := Suggest(ctx, &fakeGeocoder{err: unavailable(down)}, nil, "louisville"); !errors.Is(err, down) {
		t.Fatalf("an unavailable geocoder is not an empty list: %v", err)
	}
}

// stores are a few of the built-in locations, as the edge passes them.
var stores = []Store{
	{Street: "9838 Madison Ave", City: "Louisville", State: "KY", ZIP: "40202", Lat: 38.2527, Lng: -85.7585},
	{Street: "5405 Oak Ave", City: "Columbus", State: "OH", ZIP: "43215", Lat: 39.9612, Lng: -82.9988},
	{Street: "3474 Madison Ave", City: "Indianapolis", State: "IN", ZIP: "46204", Lat: 39.7684, Lng: -86.1581},
}

// What a guest types, from the third letter, and what comes first.
func TestSuggestAsTheGuestTypes(t *testing.T) {
	ctx := context.Background()
	g := New()
	for _, tc := range []struct{ q, first string }{
		{"Lou", "Louisville, KY"},
		{"lou", "Louisville, KY"},
		{"Louisv", "Louisville, KY"},
		{"Colum", "Columbus, OH"},
		{"Columbus", "Columbus, OH"},
		{"9838 Madison", "9838 Madison Ave, Louisville, KY 40202"},
		{"9838 mad", "9838 Madison Ave, Louisville, KY 40202"},
		{"3474 Madison Ave", "3474 Madison Ave, Indianapolis, IN 46204"},
		{"Chica", "Chicago, IL"},
		{"St Lou", "St. Louis, MO"},
		{"Saint Lou", "St. Louis, MO"},
		{"New", "New York, NY"},
		{"Kentu", "Kentucky"},
		{"Colum, ga", "Columbus, GA"},
		{"40202", "Louisville, KY 40202"},
		{"louisville ky", "Louisville, KY"},
	} {
		ps, err := Suggest(ctx, g, stores, tc.q)
		if err != nil || len(ps) == 0 || ps[0].Label != tc.first {
			t.Errorf("%q: %q %v, want %q first", tc.q, labels(ps), err, tc.first)
		}
		if len(ps) > MaxResults {
			t.Errorf("%q: %d places", tc.q, len(ps))
		}
	}

	// Only the start of a word matches: "ville" is not the end of "Louisville".
	ps, _ := Suggest(ctx, g, stores, "ville")
	for _, p := range ps {
		if p.City == "Louisville" {
			t.Errorf("ville: %q suggests Louisville", labels(ps))
		}
	}
	for _, p := range ps {
		if w := strings.Fields(strings.ToLower(p.Label)); !strings.Contains(" "+strings.Join(w, " "), " ville") {
			t.Errorf("ville: %q is not a word starting with ville", p.Label)
		}
	}

	// The store's address is where the store is, not the Wisconsin city "Madison".
	ps, _ = Suggest(ctx, g, stores, "9838 Madison")
	if p := ps[0]; p.Kind != KindAddress || p.City != "Louisville" || p.State != "KY" || p.ZIP != "40202" || p.Lat != stores[0].Lat || p.Lng != stores[0].Lng {
		t.Fatalf("9838 Madison: %+v", p)
	}
	// Two words match a street from any of its words.
	ps, _ = Suggest(ctx, g, stores, "Madison Av")
	if len(ps) < 2 || ps[0].Kind != KindAddress || ps[1].Kind != KindAddress {
		t.Fatalf("Madison Av: %q", labels(ps))
	}
	// One typed word is a city more often than a street: "Madison" is the city.
	ps, _ = Suggest(ctx, g, stores, "Madison")
	if ps[0].Kind != KindCity || ps[0].Label != "Madison, WI" {
		t.Fatalf("Madison: %q", labels(ps))
	}

	// A city with one of our stores outranks a bigger one: "Colum" without stores is
	// still Columbus, OH (the biggest), and with a store only in Columbus, GA, Georgia's.
	ps, _ = Suggest(ctx, g, []Store{{Street: "1 Broad St", City: "Columbus", State: "GA", ZIP: "31901"}}, "Colum")
	if ps[0].Label != "Columbus, GA" {
		t.Fatalf("a store's city first: %q", labels(ps))
	}
}
