package builtin

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/careers"
	orderingbuiltin "github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

var ctx = context.Background()

// Wednesday 25 Nov 2026, 12:00 UTC.
var noon = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

type clock struct{ t time.Time }

func (c *clock) Now() time.Time { return c.t }

// chain is the built-in ordering provider's restaurants, as the edge hands them over:
// the seed is checked against the restaurants it will run with.
func chain(t *testing.T) func(context.Context) ([]careers.Location, error) {
	t.Helper()
	p, err := orderingbuiltin.New(ctx, orderingbuiltin.Config{Store: storetest.Embedded(t)})
	if err != nil {
		t.Fatal(err)
	}
	ls, _ := p.Locations(ctx)
	out := make([]careers.Location, len(ls))
	for i, l := range ls {
		out[i] = careers.Location{ID: l.ID, Name: l.Name,
			Address: careers.Address{Street: l.Address.Street, City: l.Address.City, State: l.Address.State, ZIP: l.Address.ZIP}}
	}
	return func(context.Context) ([]careers.Location, error) { return out, nil }
}

func newProvider(t *testing.T, st *store.Store, clk *clock) *Provider {
	t.Helper()
	p, err := New(ctx, Config{Store: st, Locations: chain(t), CareersURL: "https://careers.henhouse.test/", Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCityWithOpenings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := newProvider(t, st, &clock{noon})
		c, err := p.City(ctx, "Columbus")
		if err != nil {
			t.Fatal(err)
		}
		if c.Slug != "columbus" || c.Name != "Columbus" || c.State != "OH" || c.CareersURL != "https://careers.henhouse.test" {
			t.Fatalf("city %+v", c)
		}
		if len(c.Locations) != 2 || c.Locations[0].Name != "Henhouse Columbus Clintonville" || c.Locations[1].ID != "oh-columbus-downtown" {
			t.Fatalf("locations by name: %+v", c.Locations)
		}
		if len(c.Openings) != 5 {
			t.Fatalf("%d openings", len(c.Openings))
		}
		// Grouped by location in the order of the locations, newest first in each.
		var order []string
		for _, o := range c.Openings {
			order = append(order, o.Location.ID+"/"+o.Title)
		}
		want := "oh-columbus-clintonville/Team Member oh-columbus-clintonville/Delivery Driver " +
			"oh-columbus-downtown/Team Member oh-columbus-downtown/Restaurant Manager oh-columbus-downtown/Cook"
		if strings.Join(order, " ") != want {
			t.Fatalf("order %v", order)
		}
		m := c.Openings[3]
		if m.Pay != (careers.Pay{MinCents: 5200000, MaxCents: 6200000, Unit: "year", Currency: "USD"}) || m.EmploymentType != careers.FullTime {
			t.Fatalf("manager %+v", m)
		}
		if m.ApplyURL != "https://careers.henhouse.test/jobs/oh-columbus-downtown-restaurant-manager" {
			t.Fatalf("apply %q", m.ApplyURL)
		}
		if want := time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC); !m.PostedAt.Equal(want) || !m.ValidThrough.Equal(want.AddDate(0, 0, 45)) {
			t.Fatalf("posted %v through %v", m.PostedAt, m.ValidThrough)
		}
		if m.Location.Address.Street != "5405 Oak Ave" || m.Description == "" || m.Schedule == "" || len(m.Shifts) == 0 {
			t.Fatalf("details %+v", m)
		}
	})
}

// A city with restaurants and no openings is a city, with none; a city without
// restaurants is not found.
func TestCityWithoutOpeningsAndUnknownCity(t *testing.T) {
	st := storetest.Embedded(t)
	p := newProvider(t, st, &clock{noon})
	c, err := p.City(ctx, "toledo")
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Toledo" || len(c.Locations) != 1 || c.Openings == nil || len(c.Openings) != 0 {
		t.Fatalf("toledo %+v", c)
	}
	fw, err := p.City(ctx, "fort-wayne")
	if err != nil || fw.Name != "Fort Wayne" || fw.State != "IN" {
		t.Fatalf("fort wayne %+v %v", fw, err)
	}
	for _, slug := range []string{"springfield-mo", "nowhere", "", "---"} {
		if _, err := p.City(ctx, slug); !fault.Is(err, fault.NotFound) {
			t.Errorf("%q: %v", slug, err)
		}
	}
}

// The openings are read from Redis: what Redis holds is what the city shows.
func TestOpeningsComeFromRedis(t *testing.T) {
	st := storetest.Embedded(t)
	p := newProvider(t, st, &clock{noon})
	if err := st.Client.HDel(ctx, p.locKey("oh-dayton"), "oh-dayton-cook").Err(); err != nil {
		t.Fatal(err)
	}
	c, _ := p.City(ctx, "dayton")
	for _, o := range c.Openings {
		if o.ID == "oh-dayton-cook" {
			t.Fatal("a removed opening is still listed")
		}
	}
	if len(c.Openings) != 3 {
		t.Fatalf("%d openings", len(c.Openings))
	}
	// Another edge starting on the same Redis finds the seed and leaves it alone.
	newProvider(t, st, &clock{noon.Add(time.Hour)})
	if c, _ := p.City(ctx, "dayton"); len(c.Openings) != 3 {
		t.Fatalf("reseeded: %d openings", len(c.Openings))
	}
}

// Closed openings are not listed, and the seed is written again with fresh dates once
// SeedRefresh has passed.
func TestClosedOpeningsAndRefresh(t *testing.T) {
	st := storetest.Embedded(t)
	clk := &clock{noon}
	p := newProvider(t, st, clk)
	clk.t = noon.AddDate(0, 0, 44) // only the openings posted in the last day or so are still open
	st.Mini().FastForward(time.Hour)
	c, _ := p.City(ctx, "dayton")
	if len(c.Openings) != 0 {
		t.Fatalf("closed openings listed: %+v", c.Openings)
	}
	st.Mini().FastForward(SeedRefresh) // the seed marker expires
	clk.t = clk.t.Add(seedCheck)
	c, _ = p.City(ctx, "dayton")
	if len(c.Openings) != 4 || !c.Openings[0].PostedAt.After(noon) {
		t.Fatalf("not refreshed: %+v", c.Openings)
	}
}

func TestBadConfig(t *testing.T) {
	st := storetest.Embedded(t)
	for _, u := range []string{"", "careers.example", "javascript:alert(1)"} {
		if _, err := New(ctx, Config{Store: st, Locations: chain(t), CareersURL: u}); err == nil {
			t.Errorf("careers URL %q accepted", u)
		}
	}
	none := func(context.Context) ([]careers.Location, error) { return nil, nil }
	if _, err := New(ctx, Config{Store: st, Locations: none, CareersURL: "https://c.example"}); err == nil {
		t.Fatal("a seed naming unknown locations was accepted")
	}
}
