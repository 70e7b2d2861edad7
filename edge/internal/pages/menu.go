package pages

import (
	"context"
	"fmt"
	"net/url"
	"strconv"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/routes"
)

// menuTop describes a location's menu page, and gives it the slots of the menu screen's
// prerendered screen (menuSlots).
func menuTop(locations ordering.Locations, menus ordering.Menus, brand string) filler {
	if locations == nil || menus == nil {
		return nil
	}
	return func(ctx context.Context, m routes.Match, _ string, meta *pageMeta) error {
		mid := m.Params["mid"]
		if mid == "" {
			return nil
		}
		if l, err := locations.LocationByMenu(ctx, mid); err == nil {
			meta.description = fmt.Sprintf("The %s menu at %s, %s, %s: order online for pickup or delivery.", brand, l.Name, l.Address.Street, l.Address.City)
			meta.slots = menuSlots(ctx, menus, mid, l)
		}
		return nil
	}
}

// menuSlots are the slots of the menu screen's prerendered screen (its top: the menu's
// name and location, the first category in the category bar and the first section's
// heading, description and daily window; docs/menu.md, "The top of the menu with the
// first paint"), as the screen shows the menu at l, the location it is shown at for a
// visitor who has chosen none of its locations. nil (no prerendered screen) for a menu
// that cannot be read or has no category. "placeid" is l's id, which Serve compares
// with the visitor's chosen location; the screen does not show it.
func menuSlots(ctx context.Context, menus ordering.Menus, mid string, l ordering.Location) map[string]string {
	m, err := menus.Menu(ctx, mid, l.ID)
	if err != nil || len(m.Categories) == 0 {
		return nil
	}
	c := m.Categories[0]
	// When the category is served at l, as the screen says it.
	when := c.ServedLabel
	return map[string]string{
		"menu": url.PathEscape(mid), "menuname": m.Name, "placeid": l.ID,
		"place": l.Name, "street": l.Address.Street, "city": l.Address.City, "state": l.Address.State,
		"category": c.ID, "catname": c.Name, "catdesc": c.Description, "catwhen": when,
	}
}

// category describes a category page from the catalogue.
func category(menus ordering.Menus, brand string) filler {
	if menus == nil {
		return nil
	}
	return func(ctx context.Context, m routes.Match, _ string, meta *pageMeta) error {
		mid, cid := m.Params["mid"], m.Params["cid"]
		if mid == "" || cid == "" {
			return nil
		}
		if cat, err := menus.Category(ctx, mid, cid, ""); err == nil {
			meta.description = firstNonEmpty(cat.Description, fmt.Sprintf("%s from the %s menu: order online for pickup or delivery.", cat.Name, brand))
		}
		return nil
	}
}

// product describes a product page from the catalogue, and names its photo
// (page.Page.Image) when it is one of the site's own files: the page's policy loads
// images from the site only.
//
// It also gets the slots of the product screen's prerendered screen (its top: the way
// back to the menu, the photo, the name and the description; docs/shell.md,
// "Prerendered screens"), as the screen shows them: the photo only when it is one of the
// site's own files, as the screen would otherwise show another.
func product(menus ordering.Menus, brand string) filler {
	if menus == nil {
		return nil
	}
	return func(ctx context.Context, m routes.Match, _ string, meta *pageMeta) error {
		mid, pid := m.Params["mid"], m.Params["pid"]
		if mid == "" || pid == "" {
			return nil
		}
		p, err := menus.Product(ctx, mid, pid, "")
		if err != nil {
			return nil
		}
		if !sitePath(p.Image) {
			p.Image = ""
		}
		if p.Image != "" {
			// The price and calories, as the screen writes them next to the name.
			meta.slots = map[string]string{"menu": url.PathEscape(mid), "product": url.PathEscape(pid), "name": p.Name, "description": p.Description, "image": p.Image,
				"price": fmt.Sprintf("$%d.%02d", p.PriceCents/100, p.PriceCents%100), "calories": strconv.Itoa(p.Calories)}
		}
		meta.description = firstNonEmpty(p.Description, fmt.Sprintf("%s from the %s menu: order online for pickup or delivery.", p.Name, brand))
		meta.image = p.Image
		return nil
	}
}
