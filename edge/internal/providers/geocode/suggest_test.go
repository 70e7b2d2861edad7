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
	ps, err := Suggest(ctx, g, "  louisville ky ")
	if err != nil || len(ps) == 0 || ps[0].Label != "Louisville, KY" || ps[0].Query != "louisville ky" || ps[0].Kind != KindCity {
		t.Fatalf("louisville ky: %+v %v", ps, err)
	}
	ps, err = Suggest(ctx, g, "Springfield")
	if err != nil || len(ps) != MaxResults {
		t.Fatalf("a name many cities share is cut to %d: %d %v", MaxResults, len(ps), err)
	}
	for _, q := range []string{"", " ", "l", " 4 ", "zzzz nowhere", "🐔🐔", strings.Repeat("🐔", MaxQueryLen), strings.Repeat("a", MaxQueryLen)} {
		ps, err := Suggest(ctx, g, q)
		if err != nil || ps == nil || len(ps) != 0 {
			t.Errorf("%.20q: %+v %v, want an empty list", q, ps, err)
		}
	}
}

func TestSuggestRules(t *testing.T) {
	ctx := context.Background()
	f := &fakeGeocoder{places: []Place{{Label: "a"}, {Label: "b"}, {Label: "c"}, {Label: "d"}, {Label: "e"}, {Label: "f"}}}
	ps, err := Suggest(ctx, f, " ab ")
	if err != nil || len(ps) != MaxResults || len(f.asked) != 1 || f.asked[0] != "ab" {
		t.Fatalf("trimmed and capped: %d %v %q", len(ps), err, f.asked)
	}

	_, err = Suggest(ctx, f, strings.Repeat("é", MaxQueryLen+1))
	fe, ok := fault.As(err)
	if !ok || fe.Kind != fault.Invalid || fe.Code != "invalid" || fe.Fields["q"] != "Use at most 200 characters" ||
		fe.Message != "Type at most 200 characters to search for an address." {
		t.Fatalf("too long: %v", err)
	}
	if len(f.asked) != 1 {
		t.Fatal("a query that is too long reaches the geocoder")
	}
	if _, err := Suggest(ctx, f, " "+strings.Repeat("é", MaxQueryLen)+" "); err != nil {
		t.Fatalf("%d characters after trimming are allowed: %v", MaxQueryLen, err)
	}

	if ps, err := Suggest(ctx, nil, "a"); err != nil || len(ps) != 0 {
		t.Fatalf("too short needs no geocoder: %v %v", ps, err)
	}
	_, err = Suggest(ctx, nil, "louisville")
	if fe, ok := fault.As(err); !ok || fe.Kind != fault.Unavailable || fe.Code != "geocoder_unavailable" {
		t.Fatalf("no geocoder: %v", err)
	}

	down := errors.New("timeout")
	if _, err := Suggest(ctx, &fakeGeocoder{err: down}, "louisville"); !errors.Is(err, down) {
		t.Fatalf("a geocoder failure is not an empty list: %v", err)
	}
	if _, err := Suggest(ctx, &fakeGeocoder{err: unavailable(down)}, "louisville"); !errors.Is(err, down) {
		t.Fatalf("an unavailable geocoder is not an empty list: %v", err)
	}
}
