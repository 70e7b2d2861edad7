package pages

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/routes"
)

// A filler tells what the page of its route names, from the providers, into meta: the
// description, a title, structured data, the largest image and the values of the
// route's prerendered screen (its slots and lists; docs/shell.md, "Prerendered
// screens"). A filler that leaves the slots and lists nil gives the page no prerendered
// screen. It answers errNotFound when the path names nothing (the 404 page), any other
// error when a provider could not answer (logged by the filler; the page is a 404 this
// once, not cached).
type filler func(ctx context.Context, m routes.Match, path string, meta *pageMeta) error

// errNotFound: the page's path names nothing the provider has.
var errNotFound = errors.New("pages: the path names nothing")

// fillerTable has a row per route whose page tells more than its route does: the route's
// id and the filler built from the provider roles that filler reads, nil when those
// roles are not there (the page then has the route's title, the default description
// and no prerendered screen). A prerendered screen for another route is one more row
// and its filler (docs/architecture.md, "Pages and prerendered screens").
var fillerTable = map[string]func(d *Deps) filler{
	"home": func(d *Deps) filler { return contentPage(d.Content, d.Log, false) },
	"content": func(d *Deps) filler {
		return contentPage(d.Content, d.Log, true)
	},
	"locations-browse": func(d *Deps) filler { return browse(d.Locations, d.Log, d.Config.BrandName) },
	"jobs":             func(d *Deps) filler { return jobs(d.Careers, d.Log, d.Config.BrandName) },
	"app-subscribe":    func(d *Deps) filler { return plans(d.Subscriptions, d.Log) },
	"menu":             func(d *Deps) filler { return menuTop(d.Locations, d.Menus, d.Config.BrandName) },
	"menu-category":    func(d *Deps) filler { return category(d.Menus, d.Config.BrandName) },
	"menu-product":     func(d *Deps) filler { return product(d.Menus, d.Config.BrandName) },
	"giftcards-buy": func(d *Deps) filler {
		return described("Buy a %[1]s e-gift card from $%[2]d to $%[3]d, emailed with your message on the day you choose.", d.Config.BrandName)
	},
	"giftcards-balance": func(d *Deps) filler {
		return described("Check the balance of a %[1]s gift card with its number and PIN.", d.Config.BrandName)
	},
}

// newFillers builds the fillers the deps have the roles for.
func newFillers(d *Deps) map[string]filler {
	out := map[string]filler{}
	for route, build := range fillerTable {
		if f := build(d); f != nil {
			out[route] = f
		}
	}
	return out
}

// described gives a page whose route says all there is to say its description: %[1]s
// is the brand, %[2]d and %[3]d the smallest and largest e-gift card in dollars.
func described(format, brand string) filler {
	d := fmt.Sprintf(format, brand, ordering.GiftCardMinCents/100, ordering.GiftCardMaxCents/100)
	return func(_ context.Context, _ routes.Match, _ string, meta *pageMeta) error {
		meta.description = d
		return nil
	}
}

// browse: a location browse page names a state, city and address the ordering provider
// has (one that does not is the 404 page), and is described by what it lists.
func browse(locations ordering.Locations, log *slog.Logger, brand string) filler {
	if locations == nil {
		return nil
	}
	return func(ctx context.Context, m routes.Match, path string, meta *pageMeta) error {
		all, err := locations.Locations(ctx)
		if err != nil {
			log.Error("locations lookup failed", "path", path, "err", err)
			return err
		}
		b := ordering.Browse{State: m.Params["state"], City: m.Params["city"], Address: m.Params["address"]}
		if !ordering.BrowseExists(all, b) {
			return errNotFound
		}
		matches := ordering.FilterLocations(all, b)
		switch {
		case b.Address != "" && len(matches) > 0:
			l := matches[0]
			meta.description = fmt.Sprintf("%s %s: %s, %s, %s %s. Order online for pickup or delivery.", brand, l.Name, l.Address.Street, l.Address.City, l.Address.State, l.Address.ZIP)
		case b.City != "" && len(matches) > 0:
			meta.description = fmt.Sprintf("%s locations in %s, %s: %d restaurants. Find one near you and order online.", brand, matches[0].Address.City, matches[0].Address.State, len(matches))
		default:
			meta.description = fmt.Sprintf("%s locations in %s: %d restaurants. Find one near you and order online.", brand, strings.ToUpper(b.State), len(matches))
		}
		return nil
	}
}
