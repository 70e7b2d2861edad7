package builtin

import (
	"context"
	"math"
	"sort"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// delivers reports whether l's delivery radius reaches lat,lng, and how far away that
// is in miles. The delivery search, the delivery handoff and checkout all ask it, so a
// location the search offers is one the cart then accepts.
func delivers(l *ordering.Location, lat, lng float64) (float64, bool) {
	d := Distance(l.Lat, l.Lng, lat, lng)
	return d, d <= l.Services.DeliveryRadiusMiles
}

// belowDeliveryMinimum is the delivery minimum: a delivery order needs at least the
// location's minimum of food (the subtotal, before discounts and fees). The cart's answer
// lists it as blocking and submit refuses with it, so the guest reads the same words
// before paying and at the refusal (docs/checkout.md, "Delivery minimum").
func belowDeliveryMinimum(c *ordering.Cart, l *ordering.Location) *fault.Error {
	short := l.Services.DeliveryMinimumCents - c.Totals.SubtotalCents
	if c.Handoff.Mode != ordering.HandoffDelivery || short <= 0 {
		return nil
	}
	return fault.New(fault.Rule, "below_delivery_minimum", "Delivery orders need at least %s of food: add %s more.",
		dollars(l.Services.DeliveryMinimumCents), dollars(short))
}

// roundMiles is how a distance is shown: to a tenth of a mile.
func roundMiles(d float64) float64 { return math.Round(d*10) / 10 }

// delivering lists the locations that offer delivery and whose radius reaches
// lat,lng, nearest first, each with its distance.
func (c *Catalog) delivering(lat, lng float64) []ordering.Location {
	type hit struct {
		i int
		d float64
	}
	var hits []hit
	for i := range c.locations {
		l := &c.locations[i]
		if !l.Services.Delivery {
			continue
		}
		if d, ok := delivers(l, lat, lng); ok {
			hits = append(hits, hit{i, d})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].d < hits[b].d })
	out := make([]ordering.Location, 0, len(hits))
	for _, h := range hits {
		l := c.locations[h.i]
		m := roundMiles(h.d)
		l.DistanceMiles = &m
		out = append(out, l)
	}
	return out
}

// DeliveringTo implements ordering.Provider: the address rules and the geocoding are
// those of a delivery handoff (SetHandoff).
func (p *Provider) DeliveringTo(ctx context.Context, a ordering.Address) (ordering.DeliverySearch, error) {
	fields := map[string]string{}
	a = ordering.CheckAddress(a, fields)
	if err := fault.Fields("Check the highlighted fields.", fields); err != nil {
		return ordering.DeliverySearch{}, err
	}
	lat, lng, err := ordering.LocateAddress(ctx, p.cfg.Geocoder, a)
	if err != nil {
		return ordering.DeliverySearch{}, err
	}
	ls := p.cat.delivering(lat, lng)
	if len(ls) == 0 {
		return ordering.DeliverySearch{}, fault.New(fault.Rule, "outside_delivery_area",
			"None of our locations deliver to this address yet. Choose pickup to order from a location near you.").
			Field("address.street", "No location delivers to this address")
	}
	now := p.now()
	for i := range ls {
		p.cat.stampNow(&ls[i], now)
	}
	return ordering.DeliverySearch{Locations: ls, Lat: lat, Lng: lng}, nil
}
