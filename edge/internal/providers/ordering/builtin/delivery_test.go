package builtin

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Places of the delivery tests, by a word of the street.
var deliveryGeo = geo{
	"Vine St":    {39.1031, -84.5120},   // downtown Cincinnati: Cincinnati, then Covington across the river
	"Indianola":  {40.05976, -82.96311}, // at Columbus Clintonville: it first, then Columbus Downtown 7.3 miles off
	"Post Rd":    {40.09115, -83.10986}, // at Dublin, which does not deliver; no other radius reaches it
	"Euclid Ave": {41.49178, -81.69994}, // at Cleveland, which does not deliver
}

func deliveryEnv(t *testing.T, st *store.Store) *Provider {
	t.Helper()
	p, err := New(ctx, Config{Store: st, Now: (&fakeClock{t: noon}).Now, Geocoder: deliveryGeo})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func deliveryIDs(ls []ordering.Location) []string {
	out := []string{}
	for _, l := range ls {
		out = append(out, l.ID)
	}
	return out
}

func TestDeliversAtTheRadius(t *testing.T) {
	l := &ordering.Location{Lat: 39.9591, Lng: -83.00783}
	lat, lng := 40.0, -83.0
	l.Services.DeliveryRadiusMiles = Distance(l.Lat, l.Lng, lat, lng)
	if d, ok := delivers(l, lat, lng); !ok || d != l.Services.DeliveryRadiusMiles {
		t.Fatalf("exactly at the radius is inside: %v %v", d, ok)
	}
	l.Services.DeliveryRadiusMiles -= 0.01
	if _, ok := delivers(l, lat, lng); ok {
		t.Fatal("past the radius is outside")
	}
}

func TestDeliveringFilter(t *testing.T) {
	c, err := LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		lat, lng float64
		want     []string
	}{
		{"nearest first", 39.1031, -84.5120, []string{"oh-cincinnati", "ky-covington"}},
		{"nearest first, not in catalog order", 40.05976, -82.96311, []string{"oh-columbus-clintonville", "oh-columbus-downtown"}},
		{"a location without delivery is never listed", 41.49178, -81.69994, []string{}},
		{"no radius reaches", 40.09115, -83.10986, []string{}},
	} {
		got := c.delivering(tc.lat, tc.lng)
		ids := deliveryIDs(got)
		if len(ids) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, ids, tc.want)
			continue
		}
		for i := range ids {
			if ids[i] != tc.want[i] {
				t.Errorf("%s: %v, want %v", tc.name, ids, tc.want)
				break
			}
		}
		for _, l := range got {
			if !l.Services.Delivery || l.DistanceMiles == nil || *l.DistanceMiles > l.Services.DeliveryRadiusMiles {
				t.Errorf("%s: %s listed with %v", tc.name, l.ID, l.DistanceMiles)
			}
			if d := Distance(l.Lat, l.Lng, tc.lat, tc.lng); *l.DistanceMiles != roundMiles(d) {
				t.Errorf("%s: %s is %v miles, shown as %v", tc.name, l.ID, d, *l.DistanceMiles)
			}
		}
	}
	if d := *c.delivering(40.05976, -82.96311)[1].DistanceMiles; d != 7.3 {
		t.Fatalf("distance to a tenth of a mile, as Nearby rounds it: %v", d)
	}
}

func TestDeliveringTo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := deliveryEnv(t, st)
		found, err := p.DeliveringTo(ctx, ordering.Address{Street: " 1 Indianola Ave ", City: "Columbus", State: "oh", ZIP: "43215"})
		if err != nil {
			t.Fatal(err)
		}
		if ids := deliveryIDs(found.Locations); len(ids) != 2 || ids[0] != "oh-columbus-clintonville" || found.Lat != 40.05976 || found.Lng != -82.96311 {
			t.Fatalf("found %v at %v,%v", ids, found.Lat, found.Lng)
		}
		if found.Locations[0].Hours == nil || !found.Locations[0].OpenNow {
			t.Fatalf("a listed location is whole and says whether it is open: %+v", found.Locations[0])
		}

		// Every location the search lists takes a delivery to that address.
		for i, l := range found.Locations {
			owner := "v" + l.ID
			if _, err := p.CreateCart(ctx, owner, l.MenuID, l.ID); err != nil {
				t.Fatal(err)
			}
			c, err := p.SetHandoff(ctx, owner, ordering.Handoff{Mode: "delivery", Address: &ordering.Address{Street: "1 Indianola Ave", City: "Columbus", State: "OH", ZIP: "43215"}})
			if err != nil || c.Handoff.DistanceMiles != *found.Locations[i].DistanceMiles {
				t.Fatalf("%s refuses an address the search offered it for: %v %+v", l.ID, err, c.Handoff)
			}
		}

		_, err = p.DeliveringTo(ctx, ordering.Address{Street: "6 Post Rd", City: "Dublin", State: "OH", ZIP: "43017"})
		fe, _ := fault.As(err)
		if fe == nil || fe.Kind != fault.Rule || fe.Code != "outside_delivery_area" || fe.Fields["address.street"] == "" || fe.Message != "None of our locations deliver to this address yet. Choose pickup to order from a location near you." {
			t.Fatalf("no location delivers there: %+v", fe)
		}

		_, err = p.DeliveringTo(ctx, ordering.Address{Street: "1 Nowhere Ln", City: "Columbus", State: "OH", ZIP: "43215"})
		fe, _ = fault.As(err)
		if fe == nil || fe.Kind != fault.Rule || fe.Code != "address_not_found" || fe.Fields["address.street"] != "We couldn't find this address" {
			t.Fatalf("unknown address: %+v", fe)
		}

		_, err = p.DeliveringTo(ctx, ordering.Address{Street: "1 Vine St", City: "", State: "Ohio", ZIP: "4520"})
		fe, _ = fault.As(err)
		if fe == nil || fe.Kind != fault.Invalid || fe.Message != "Check the highlighted fields." ||
			fe.Fields["address.city"] != "Enter a city" || fe.Fields["address.state"] != "A state can be at most 2 characters" || fe.Fields["address.zip"] != "Enter a 5-digit ZIP code" {
			t.Fatalf("the handoff's address rules: %+v", fe)
		}

		noGeo, err := New(ctx, Config{Store: st})
		if err != nil {
			t.Fatal(err)
		}
		_, err = noGeo.DeliveringTo(ctx, ordering.Address{Street: "1 Vine St", City: "Cincinnati", State: "OH", ZIP: "45202"})
		if fe, _ := fault.As(err); fe == nil || fe.Kind != fault.Unavailable || fe.Code != "delivery_unavailable" {
			t.Fatalf("no geocoder: %v", err)
		}
	})
}

// A delivery handoff and the delivery search answer an unknown address alike.
func TestHandoffUnknownAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := deliveryEnv(t, st)
		if _, err := p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		_, err := p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "delivery", Address: &ordering.Address{Street: "1 Nowhere Ln", City: "Columbus", State: "OH", ZIP: "43215"}})
		fe, _ := fault.As(err)
		if fe == nil || fe.Kind != fault.Rule || fe.Code != "address_not_found" || fe.Fields["address.street"] != "We couldn't find this address" {
			t.Fatalf("unknown address: %+v", fe)
		}
	})
}
