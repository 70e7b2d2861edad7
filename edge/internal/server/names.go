package server

import (
	"context"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

type visitorKey struct{}

// withVisitor lets the heading lookup see whose page it is.
func withVisitor(ctx context.Context, visitor string) context.Context {
	return context.WithValue(ctx, visitorKey{}, visitor)
}

// orderingNames answers the page heading lookups (docs/routes.md, "Headings") from the ordering provider.
// A menu shared by several locations is named after the location of the visitor's
// cart when the cart is on that menu, else after the first location selling it.
type orderingNames struct{ p ordering.Provider }

func (n orderingNames) LocationNameByMenu(ctx context.Context, mid string) (string, bool) {
	if v, _ := ctx.Value(visitorKey{}).(string); v != "" {
		if c, err := n.p.Cart(ctx, v); err == nil && c.MenuID == mid {
			if l, err := n.p.Location(ctx, c.LocationID); err == nil {
				return l.Name, true
			}
		}
	}
	l, err := n.p.LocationByMenu(ctx, mid)
	if err != nil {
		return "", false
	}
	return l.Name, true
}

func (n orderingNames) CategoryName(ctx context.Context, mid, cid string) (string, bool) {
	c, err := n.p.Category(ctx, mid, cid, "")
	return c.Name, err == nil
}

func (n orderingNames) ProductName(ctx context.Context, mid, pid string) (string, bool) {
	p, err := n.p.Product(ctx, mid, pid, "")
	return p.Name, err == nil
}
