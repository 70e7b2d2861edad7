package pages

import (
	"context"
	"log/slog"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/routes"
)

// plans gives the app's subscription page the plans of its prerendered screen
// (mf-account's src/prerender.tsx): a signed-out visitor sees the plans with the first
// paint, as the screen shows them once it has read them. A failed lookup is logged and
// the page has no prerendered screen; the screen reads the plans itself and says when
// it cannot.
func plans(subscriptions loyalty.Subscriptions, log *slog.Logger) filler {
	if subscriptions == nil {
		return nil
	}
	return func(ctx context.Context, _ routes.Match, path string, meta *pageMeta) error {
		plans, err := subscriptions.Plans(ctx)
		if err != nil {
			log.Error("plans lookup failed", "path", path, "err", err)
			return nil
		}
		if entries := planEntries(plans); entries != nil {
			meta.lists = map[string][]map[string]string{"plans": entries}
		}
		return nil
	}
}

// planEntries are the entries of the prerendered screen's "plans" list, in the words
// the screen writes them (testdata/plans-screen.json holds the cases both are tested
// against): the name, "$2.99 a month", the description and "Biscuit Club: Free
// Biscuit, every day". No plans (the screen says none are offered), or a plan without a
// description or a perk (the screen leaves out its line), give no prerendered screen:
// nil.
func planEntries(plans []loyalty.Plan) []map[string]string {
	if len(plans) == 0 {
		return nil
	}
	entries := make([]map[string]string, 0, len(plans))
	for _, p := range plans {
		if p.Description == "" || p.PerkName == "" || p.PerkPeriod == "" {
			return nil
		}
		entries = append(entries, map[string]string{
			"name":        p.Name,
			"cost":        usd(p.PriceCents) + " a " + p.Interval,
			"description": p.Description,
			"perk":        p.PerkName + ", every " + p.PerkPeriod,
		})
	}
	return entries
}
