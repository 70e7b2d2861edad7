package server

import (
	"context"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// orderingNames answers the page heading lookups (docs/routes.md, "Headings") from the ordering provider.
// A menu shared by several locations is named after the first location selling it;
// the page handler names it after the location of the visitor's cart when the cart is
// on that menu (pages.Handler's cartOnMenu), as that heading depends on the visitor.
type orderingNames struct {
	locations ordering.Locations
	menus     ordering.Menus
}

func (n orderingNames) LocationNameByMenu(ctx context.Context, mid string) (string, bool) {
	l, err := n.locations.LocationByMenu(ctx, mid)
	if err != nil {
		return "", false
	}
	return l.Name, true
}

func (n orderingNames) CategoryName(ctx context.Context, mid, cid string) (string, bool) {
	c, err := n.menus.Category(ctx, mid, cid, "")
	return c.Name, err == nil
}

func (n orderingNames) ProductName(ctx context.Context, mid, pid string) (string, bool) {
	p, err := n.menus.Product(ctx, mid, pid, "")
	return p.Name, err == nil
}
