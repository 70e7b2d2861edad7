package builtin

import (
	"context"
	"strconv"
	"time"
)

// Order numbers a guest can say at the counter ("214"), besides the order's id: one
// counter per location and local day of the ready time, so the orders collected on one
// day at one restaurant never share a number (docs/checkout.md, "Order numbers").

// firstOrderNumber is the number before a day's first order: numbers have three digits
// until the day's 900th order.
const firstOrderNumber = 100

// orderNumberKeep is how long a day's counter outlives its day.
const orderNumberKeep = 2 * 24 * time.Hour

func (p *Provider) orderNumberKey(locID, day string) string {
	return p.st.Key("order-number", tag(locID), day)
}

// orderNumber takes the next number of the location's day that readyAt falls on, in
// the location's time zone. INCR hands each order its own, whichever edge places it.
// A submit that fails after taking a number leaves a gap, never a repeat.
func (p *Provider) orderNumber(ctx context.Context, locID string, readyAt time.Time) (string, error) {
	z := p.cat.zones[locID]
	if z == nil {
		z = time.UTC
	}
	local := readyAt.In(z)
	dayEnd := time.Date(local.Year(), local.Month(), local.Day()+1, 0, 0, 0, 0, z)
	key := p.orderNumberKey(locID, local.Format("2006-01-02"))
	pipe := p.st.Client.Pipeline()
	n := pipe.Incr(ctx, key)
	// Relative to the provider's clock, which may run ahead of or behind the wall clock.
	pipe.Expire(ctx, key, dayEnd.Add(orderNumberKeep).Sub(p.now()))
	if _, err := pipe.Exec(ctx); err != nil {
		return "", err
	}
	return strconv.FormatInt(firstOrderNumber+n.Val(), 10), nil
}
