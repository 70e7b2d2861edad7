// Package points follows a member's orders through the loyalty program, driven by
// the ordering system's order events: an order is held when it is placed, credited
// once it has completed, and closed without credit, giving back the rewards it used,
// when it is cancelled (docs/identity.md, "API"). It joins the loyalty Points role
// and the ordering Orders role so that neither provider needs the other's types.
package points

import (
	"context"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Service holds, credits and cancels the points of members' orders.
type Service struct {
	// Points is the loyalty program's points ledger. Required.
	Points loyalty.Points
	// Orders says whether a held order has completed or was cancelled (Settle).
	// Optional: without it held orders stay pending.
	Ordering ordering.Orders
}

// OrderPlaced holds a member's placed order: its redemptions become used, and its
// points wait until it completes (Settle). The loyalty program holds an order id
// once, so a repeated event changes nothing.
func (s *Service) OrderPlaced(ctx context.Context, memberID string, o ordering.Order) error {
	_, err := s.Points.HoldOrder(ctx, memberID, OrderRecord(o))
	return err
}

// OrderCancelled closes a cancelled order's pending points and gives back the rewards
// it used. An order of no member, or never held, has nothing to give back.
func (s *Service) OrderCancelled(ctx context.Context, o ordering.Order) error {
	if o.MemberID == "" || o.Status != ordering.OrderCancelled {
		return nil
	}
	_, err := s.Points.CancelOrder(ctx, o.MemberID, o.ID)
	if fault.Is(err, fault.NotFound) {
		return nil
	}
	return err
}

// Settle credits the member's pending orders that the ordering system now says are
// completed, and closes those it says were cancelled (a cancel whose OrderCancelled
// did not run). The loyalty program does each once per order, so settling twice,
// or two settles at once, credit nothing twice.
func (s *Service) Settle(ctx context.Context, memberID string) error {
	if s.Ordering == nil {
		return nil
	}
	pending, err := s.Points.PendingOrders(ctx, memberID)
	if err != nil {
		return err
	}
	for _, p := range pending {
		o, err := s.Ordering.Order(ctx, p.OrderID, ordering.Viewer{MemberID: memberID})
		if fault.Is(err, fault.NotFound) {
			continue // not this ordering system's order: it stays pending for support
		}
		if err != nil {
			return err
		}
		switch o.Status {
		case ordering.OrderCompleted:
			_, err = s.Points.AccrueOrder(ctx, memberID, p.OrderRecord)
		case ordering.OrderCancelled:
			_, err = s.Points.CancelOrder(ctx, memberID, p.OrderID)
		}
		// A conflict is another settle or cancel that got there first.
		if err != nil && !fault.Is(err, fault.Conflict) {
			return err
		}
	}
	return nil
}

// Orders is the member's order history after settling it.
func (s *Service) Orders(ctx context.Context, memberID string, limit int) ([]loyalty.Order, error) {
	if err := s.Settle(ctx, memberID); err != nil {
		return nil, err
	}
	return s.Points.Orders(ctx, memberID, limit)
}

// Activity is the member's points ledger after settling their orders.
func (s *Service) Activity(ctx context.Context, memberID string, limit int) ([]loyalty.Activity, error) {
	if err := s.Settle(ctx, memberID); err != nil {
		return nil, err
	}
	return s.Points.Activity(ctx, memberID, limit)
}

// OrderRecord is a placed order as the loyalty program credits it. Reward discounts
// carry the redemption id as their code, which the hold marks used.
func OrderRecord(o ordering.Order) loyalty.OrderRecord {
	rec := loyalty.OrderRecord{
		OrderID: o.ID, LocationID: o.LocationID, LocationName: o.Location.Name, PlacedAt: o.PlacedAt,
		SubtotalCents: o.Totals.SubtotalCents, DiscountCents: o.Totals.DiscountCents, TotalCents: o.Totals.TotalCents,
	}
	for _, p := range o.Products {
		rec.Items = append(rec.Items, loyalty.OrderItem{ProductID: p.ProductID, Name: p.Name, Quantity: p.Quantity})
		if p.Reward.ID != "" { // a free-item reward is a line, not a discount
			rec.RedemptionIDs = append(rec.RedemptionIDs, p.Reward.ID)
		}
	}
	for _, d := range o.Discounts {
		if d.Kind == "reward" {
			rec.RedemptionIDs = append(rec.RedemptionIDs, d.Code)
		}
	}
	return rec
}
