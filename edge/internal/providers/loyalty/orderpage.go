package loyalty

import (
	"cmp"
	"slices"
)

// OrderCursor is a position in a member's order history: the placed time (to the
// millisecond) and id of the last order of a page. The history is newest first by
// placed time, then by id from high to low, so a page that starts after a cursor
// neither repeats nor skips an order when newer ones are placed meanwhile, as a page
// counted by offset would.
type OrderCursor struct {
	PlacedAtMilli int64
	OrderID       string
}

// CursorOf is the cursor just after o.
func CursorOf(o Order) OrderCursor {
	return OrderCursor{PlacedAtMilli: o.PlacedAt.UnixMilli(), OrderID: o.OrderID}
}

// CompareOrders orders a before b (negative) when a is the newer: the one order of the
// history every provider and page follows.
func CompareOrders(a, b OrderCursor) int {
	if c := cmp.Compare(b.PlacedAtMilli, a.PlacedAtMilli); c != 0 {
		return c
	}
	return cmp.Compare(b.OrderID, a.OrderID)
}

// PageOrders sorts list newest first (CompareOrders) and answers at most limit orders
// that come after the cursor (from the newest when after is nil): what a provider
// holding the whole history in hand answers for Points.Orders.
func PageOrders(list []Order, after *OrderCursor, limit int) []Order {
	sorted := slices.Clone(list)
	slices.SortStableFunc(sorted, func(a, b Order) int { return CompareOrders(CursorOf(a), CursorOf(b)) })
	out := []Order{}
	for _, o := range sorted {
		if after != nil && CompareOrders(CursorOf(o), *after) <= 0 {
			continue
		}
		if limit > 0 && len(out) == limit {
			break
		}
		out = append(out, o)
	}
	return out
}
