package ordering_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

func loc(id, slug, street, city, state string) ordering.Location {
	return ordering.Location{ID: id, Slug: slug, Address: ordering.Address{Street: street, City: city, State: state}}
}

var sample = []ordering.Location{
	loc("1", "bardstown-road", "1201 Bardstown Rd", "Louisville", "KY"),
	loc("2", "main-st", "100 Main St", "Columbus", "OH"),
	loc("3", "st-louis-downtown", "9 Market St", "St. Louis", "MO"),
	loc("4", "dixie-hwy", "4500 Dixie Hwy", "Louisville", "KY"),
	loc("5", "lexington-main", "5 Main St", "Lexington", "KY"),
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"St. Louis": "st--louis", "  Louisville ": "louisville", "1201 Bardstown Rd": "1201-bardstown-rd", "Coeur d'Alène": "coeur-d-al-ne", "": "",
	} {
		if got := ordering.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func ids(ls []ordering.Location) string {
	s := ""
	for _, l := range ls {
		s += l.ID
	}
	return s
}

func TestFilterLocations(t *testing.T) {
	for _, c := range []struct {
		b    ordering.Browse
		want string
	}{
		{ordering.Browse{}, "12345"},
		{ordering.Browse{State: "ky"}, "145"},
		{ordering.Browse{State: "KY", City: "louisville"}, "14"},
		{ordering.Browse{City: "St. Louis"}, "3"},
		{ordering.Browse{State: "KY", City: "Louisville", Address: "dixie-hwy"}, "4"},
		{ordering.Browse{Address: "100 Main St"}, "2"},
		{ordering.Browse{State: "TX"}, ""},
	} {
		got := ordering.FilterLocations(sample, c.b)
		if got == nil || ids(got) != c.want {
			t.Errorf("%+v: %q (nil %v), want %q", c.b, ids(got), got == nil, c.want)
		}
	}
}

func TestGroupByState(t *testing.T) {
	raw, err := json.Marshal(ordering.GroupByState(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"code":"KY","count":3,"cities":[{"name":"Lexington","slug":"lexington","count":1},{"name":"Louisville","slug":"louisville","count":2}]},` +
		`{"code":"MO","count":1,"cities":[{"name":"St. Louis","slug":"st--louis","count":1}]},` +
		`{"code":"OH","count":1,"cities":[{"name":"Columbus","slug":"columbus","count":1}]}]`
	if string(raw) != want {
		t.Fatalf("groups\n%s\nwant\n%s", raw, want)
	}
	if raw, _ := json.Marshal(ordering.GroupByState(nil)); string(raw) != "[]" {
		t.Fatalf("no locations: %s", raw)
	}
}

func TestBrowseExists(t *testing.T) {
	for _, c := range []struct {
		b    ordering.Browse
		want bool
	}{
		{ordering.Browse{State: "ky"}, true},
		{ordering.Browse{State: "KY"}, true},
		{ordering.Browse{State: "Ky", City: "louisville"}, true},
		{ordering.Browse{State: "ky", City: "Louisville"}, true},
		{ordering.Browse{State: "mo", City: "st--louis"}, true},
		{ordering.Browse{State: "ky", City: "louisville", Address: "dixie-hwy"}, true},
		{ordering.Browse{State: "ky", City: "louisville", Address: "4500-dixie-hwy"}, true},
		{ordering.Browse{State: "zz"}, false},
		{ordering.Browse{State: "TX"}, false},
		{ordering.Browse{State: "kentucky"}, false},
		{ordering.Browse{State: "k"}, false},
		{ordering.Browse{}, false},
		{ordering.Browse{State: "ky", City: "columbus"}, false},
		{ordering.Browse{State: "ky", City: "louisville", Address: "main-st"}, false},
		{ordering.Browse{State: "ky", City: "lexington", Address: "dixie-hwy"}, false},
		{ordering.Browse{State: "ky", City: "---"}, false},
		{ordering.Browse{State: "ky", City: "louisville", Address: " "}, false},
		{ordering.Browse{State: "ky", Address: "dixie-hwy"}, false},
	} {
		if got := ordering.BrowseExists(sample, c.b); got != c.want {
			t.Errorf("%+v: %v, want %v", c.b, got, c.want)
		}
	}
}

func TestStampClock(t *testing.T) {
	zone := func(name string) *time.Location {
		z, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		return z
	}
	summer := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		zone  string
		now   time.Time
		mins  int
		until time.Time // zero: none within a year
	}{
		// Daylight saving time ends at 2 a.m. EDT on 1 November 2026, 06:00 UTC.
		{"America/New_York", summer, -240, time.Date(2026, 11, 1, 6, 0, 0, 0, time.UTC)},
		{"America/Chicago", summer, -300, time.Date(2026, 11, 1, 7, 0, 0, 0, time.UTC)},
		// No daylight saving time: the offset holds.
		{"America/Phoenix", summer, -420, time.Time{}},
		{"Asia/Kolkata", summer, 330, time.Time{}},
	}
	for _, c := range cases {
		var l ordering.Location
		l.StampClock(zone(c.zone), c.now)
		if l.UTCOffsetMinutes == nil || *l.UTCOffsetMinutes != c.mins {
			t.Errorf("%s: offset %v, want %d", c.zone, l.UTCOffsetMinutes, c.mins)
		}
		switch {
		case c.until.IsZero() && l.UTCOffsetUntil != nil:
			t.Errorf("%s: until %v, want none", c.zone, l.UTCOffsetUntil)
		case !c.until.IsZero() && (l.UTCOffsetUntil == nil || !l.UTCOffsetUntil.Equal(c.until)):
			t.Errorf("%s: until %v, want %v", c.zone, l.UTCOffsetUntil, c.until)
		}
	}
	// Written as the contract says: minutes and an RFC 3339 time in UTC.
	var l ordering.Location
	l.StampClock(zone("America/New_York"), summer)
	b, _ := json.Marshal(l)
	if !strings.Contains(string(b), `"utc_offset_minutes":-240,"utc_offset_until":"2026-11-01T06:00:00Z"`) {
		t.Errorf("JSON: %s", b)
	}
}
