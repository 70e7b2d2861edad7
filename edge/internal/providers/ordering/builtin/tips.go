package builtin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// tipRule is the tip rule, read from offers.json ("tips"), and the one place it lives
// (docs/checkout.md, "Tips"): the cart's answer carries what it offers (tip_options,
// from options), SetTip checks a choice with check and submit checks the cart's tip
// again with check, so the browser, the cart and the refusal never disagree.
type tipRule struct {
	// Percents are the preset percentages of the subtotal, in the order offered.
	Percents []int `json:"percents"`
	// DefaultPercent is the tip a new cart starts with: 0 (none) or one of Percents.
	DefaultPercent int `json:"default_percent"`
	// MaxCents is the largest tip amount taken.
	MaxCents int64 `json:"max_cents"`
	// RequiredForDelivery: a delivery tip goes to the driver, so a delivery order is
	// not placed without one.
	RequiredForDelivery bool `json:"required_for_delivery"`
	// CustomAllowed: a guest may give an amount instead of a percentage.
	CustomAllowed bool `json:"custom_allowed"`
}

// validate checks the rule's data when the catalog loads.
func (r tipRule) validate() error {
	for i, p := range r.Percents {
		if p <= 0 || p > 100 || slices.Contains(r.Percents[:i], p) {
			return fmt.Errorf("ordering data: tips: bad percentage %d", p)
		}
	}
	if r.DefaultPercent != 0 && !slices.Contains(r.Percents, r.DefaultPercent) {
		return fmt.Errorf("ordering data: tips: the default %d%% is not one of the percentages", r.DefaultPercent)
	}
	if r.MaxCents < 0 || (r.CustomAllowed && r.MaxCents == 0) {
		return fmt.Errorf("ordering data: tips: a custom tip needs max_cents above 0")
	}
	if r.RequiredForDelivery && len(r.Percents) == 0 && !r.CustomAllowed {
		return fmt.Errorf("ordering data: tips: delivery needs a tip but none can be chosen")
	}
	return nil
}

// tipCents is what a tip comes to on a subtotal: a percentage rounds to the nearest
// cent (half up), an amount is itself.
func tipCents(t ordering.Tip, subtotal int64) int64 {
	if t.Percent > 0 {
		return (subtotal*int64(t.Percent) + 50) / 100
	}
	return t.AmountCents
}

// required reports whether an order of this handoff mode needs a tip.
func (r tipRule) required(mode string) bool {
	return r.RequiredForDelivery && mode == ordering.HandoffDelivery
}

// options is the rule as it applies to c, whose subtotal is already priced.
func (r tipRule) options(c *ordering.Cart) ordering.TipOptions {
	o := ordering.TipOptions{Percents: make([]ordering.TipPercent, 0, len(r.Percents)), DefaultPercent: r.DefaultPercent,
		MaxCents: r.MaxCents, CustomAllowed: r.CustomAllowed, Required: r.required(c.Handoff.Mode)}
	for _, p := range r.Percents {
		o.Percents = append(o.Percents, ordering.TipPercent{Percent: p, AmountCents: tipCents(ordering.Tip{Percent: p}, c.Totals.SubtotalCents)})
	}
	return o
}

// check is nil when t is a tip the rule takes for an order of this handoff mode.
// Choosing (placing false) may clear the tip; placing the order also needs the tip the
// rule requires, and a tip chosen before the rule's data changed is asked for again.
func (r tipRule) check(t ordering.Tip, mode string, placing bool) *fault.Error {
	if t.Percent != 0 && t.AmountCents != 0 {
		return fault.New(fault.Invalid, "invalid", "Choose a percentage or an amount, not both.").Field("tip", "one of percent or amount")
	}
	var fe *fault.Error
	switch {
	case t.Percent != 0 && !slices.Contains(r.Percents, t.Percent):
		fe = fault.New(fault.Invalid, "invalid", "Choose one of the tip percentages offered.").Field("percent", "not offered")
	case t.AmountCents != 0 && !r.CustomAllowed:
		fe = fault.New(fault.Invalid, "invalid", "Choose one of the tip percentages offered.").Field("amount_cents", "not offered")
	case t.AmountCents < 0 || t.AmountCents > r.MaxCents:
		fe = fault.New(fault.Invalid, "invalid", "A tip can be from $0 to %s.", strings.TrimSuffix(dollars(r.MaxCents), ".00")).Field("amount_cents", "out of range")
	}
	switch {
	case fe != nil && placing:
		return fault.New(fault.Rule, "tip_changed", "The tips we offer have changed: choose your tip again.").Field("tip", "Choose your tip again")
	case fe != nil:
		return fe
	case placing && r.required(mode) && t.Percent == 0 && t.AmountCents == 0:
		return fault.New(fault.Rule, "tip_required", "Choose a tip for your driver.").Field("tip", "Choose a tip")
	}
	return nil
}
