// Package points follows a member's orders through the loyalty program, driven by
// the ordering system's order events: an order is held when it is placed, credited
// once it has completed, and closed without credit, giving back the rewards it used,
// when it is cancelled (docs/identity.md, "API"). It joins the loyalty Points role
// and the ordering Orders role so that neither provider needs the other's types.
package points

import (
	"context"
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"

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

// History page sizes: what a page holds when the client does not say, and the most
// it may ask for.
const (
	OrdersPageDefault = 10
	OrdersPageMax     = 50
)

// OrdersPage is a page of a member's order history. NextCursor is where the next
// page starts, nil on the last page.
type OrdersPage struct {
	Orders     []loyalty.Order `json:"orders"`
	NextCursor *string         `json:"next_cursor"`
}

// Orders is a page of the member's order history after settling it: at most limit
// orders (1 to OrdersPageMax), newest first, after cursor ("" from the newest). The
// cursor is what the previous page answered as NextCursor; one that was not (edited,
// cut short) is refused as invalid, naming the field "cursor".
func (s *Service) Orders(ctx context.Context, memberID, cursor string, limit int) (OrdersPage, error) {
	if limit < 1 || limit > OrdersPageMax {
		return OrdersPage{}, fault.New(fault.Invalid, "invalid", "limit must be from 1 to %d.", OrdersPageMax).Field("limit", "out of range")
	}
	var after *loyalty.OrderCursor
	if cursor != "" {
		c, ok := DecodeCursor(cursor)
		if !ok {
			return OrdersPage{}, fault.New(fault.Invalid, "invalid", "That page of orders can't be found. Reload your order history.").Field("cursor", "not a cursor this history gave")
		}
		after = &c
	}
	if err := s.Settle(ctx, memberID); err != nil {
		return OrdersPage{}, err
	}
	// One more than the page tells whether another page follows.
	list, err := s.Points.Orders(ctx, memberID, after, limit+1)
	if err != nil {
		return OrdersPage{}, err
	}
	page := OrdersPage{Orders: list}
	if len(list) > limit {
		page.Orders = list[:limit]
		next := EncodeCursor(loyalty.CursorOf(list[limit-1]))
		page.NextCursor = &next
	}
	return page, nil
}

// EncodeCursor writes a history position as the opaque text a client sends back:
// clients keep it whole and never read it.
func EncodeCursor(c loyalty.OrderCursor) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(c.PlacedAtMilli, 10) + ":" + c.OrderID))
}

// DecodeCursor reads what EncodeCursor wrote; false for anything else.
func DecodeCursor(s string) (loyalty.OrderCursor, bool) {
	if len(s) > 200 {
		return loyalty.OrderCursor{}, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return loyalty.OrderCursor{}, false
	}
	ms, id, ok := strings.Cut(string(raw), ":")
	n, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || n < 0 || id == "" || !utf8.ValidString(id) {
		return loyalty.OrderCursor{}, false
	}
	return loyalty.OrderCursor{PlacedAtMilli: n, OrderID: id}, true
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
