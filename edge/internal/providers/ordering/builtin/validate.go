package builtin

import (
	"context"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// The checkout rules. Each rule is one function answering the refusal it makes of a
// cart, nil when the cart passes it; Validate lists every refusal as a blocker and
// place refuses with the first, so what the checkout page is told before payment and
// what submit answers are always the same code and words.

// issueFields names the part of the checkout that fixes a refusal, by its code: the
// page links a blocker there.
var issueFields = map[string]string{
	"lead_time": "time", "asap_unavailable": "time", "time_not_today": "time", "time_too_early": "time",
	"time_unavailable": "time", "slot_full": "time",
	"handoff_unavailable": "handoff", "address_required": "handoff", "outside_delivery_area": "handoff",
	"vehicle_required": "handoff",
	"tip_required":     "tip", "tip_changed": "tip",
	"coupon_expired": "coupon", "coupon_invalid": "coupon", "coupon_min_subtotal": "coupon", "coupon_delivery_only": "coupon",
	"custom_field_required": "custom_fields",
	"product_unavailable":   "products",
}

// issueOf is a refusal as a cart issue.
func issueOf(fe *fault.Error) ordering.CartIssue {
	return ordering.CartIssue{Code: fe.Code, Field: issueFields[fe.Code], Message: fe.Message}
}

// couponGone: the cart's coupon is no longer one we take. A warning while the cart
// is open (it gives nothing); couponExpired refuses the order.
func couponGone() ordering.CartIssue {
	return ordering.CartIssue{Code: "coupon_invalid", Field: "coupon", Message: "Your coupon is no longer valid."}
}

// couponNeedsSubtotal: a coupon with a minimum gives nothing below it.
func couponNeedsSubtotal(cp coupon) ordering.CartIssue {
	return ordering.CartIssue{Code: "coupon_min_subtotal", Field: "coupon",
		Message: "Coupon " + cp.Code + " needs a subtotal of " + dollars(cp.MinSubtotalCents) + "."}
}

// couponDeliveryOnly: a free-delivery coupon gives nothing without a delivery fee.
func couponDeliveryOnly(cp coupon) ordering.CartIssue {
	return ordering.CartIssue{Code: "coupon_delivery_only", Field: "coupon", Message: "Coupon " + cp.Code + " is for delivery orders."}
}

// cartEmpty: an order needs something in it.
func cartEmpty(c *ordering.Cart) *fault.Error {
	if len(c.Products) > 0 {
		return nil
	}
	return fault.New(fault.Rule, "cart_empty", "Your cart is empty.")
}

// customFieldMissing: a location may ask every order for some details (a room, a
// badge number).
func customFieldMissing(c *ordering.Cart, l *ordering.Location) *fault.Error {
	for _, f := range l.CustomFields {
		if f.Required && strings.TrimSpace(c.CustomFields[f.Name]) == "" {
			return fault.New(fault.Rule, "custom_field_required", "%s asks for %s.", l.Name, strings.ToLower(f.Label)).Field(f.Name, "Enter "+strings.ToLower(f.Label))
		}
	}
	return nil
}

// handoffProblem: the location must offer the handoff, a delivery needs an address it
// reaches, and curbside needs the car.
func handoffProblem(c *ordering.Cart, l *ordering.Location) *fault.Error {
	if !handoffOffered(l, c.Handoff.Mode) {
		return fault.New(fault.Rule, "handoff_unavailable", "%s doesn't offer %s.", l.Name, modeLabel(c.Handoff.Mode))
	}
	switch c.Handoff.Mode {
	case ordering.HandoffDelivery:
		if c.Handoff.Address == nil {
			return fault.New(fault.Rule, "address_required", "Add a delivery address.")
		}
		if _, ok := delivers(l, c.Handoff.Lat, c.Handoff.Lng); !ok {
			return fault.New(fault.Rule, "outside_delivery_area", "That address is outside %s's delivery area.", l.Name)
		}
	case ordering.HandoffCurbside:
		if c.Handoff.Vehicle == nil || c.Handoff.Vehicle.Make == "" || c.Handoff.Vehicle.Model == "" || c.Handoff.Vehicle.Color == "" {
			return fault.New(fault.Rule, "vehicle_required", "Tell us the make, model and color of your car for curbside pickup.")
		}
	}
	return nil
}

// couponExpired: an order cannot be placed with a coupon that has ended.
func (p *Provider) couponExpired(c *ordering.Cart, now time.Time) *fault.Error {
	if c.Coupon == "" {
		return nil
	}
	if cp, ok := p.cat.coupons[c.Coupon]; !ok || (cp.Expires != nil && !now.Before(*cp.Expires)) {
		return fault.New(fault.Rule, "coupon_expired", "Your coupon has expired. Remove it to continue.")
	}
	return nil
}

// productUnavailable: every part-day product must be served at the time the order is
// wanted (checkAvailable, as when it was added: the time may have changed since).
func (p *Provider) productUnavailable(c *ordering.Cart, l *ordering.Location, mi *menuIndex) *fault.Error {
	for _, line := range c.Products {
		if err := p.checkAvailable(c, l, mi, line.ProductID); err != nil {
			fe, _ := fault.As(err)
			return fe
		}
	}
	return nil
}

// slotFull: the pickup slot the order would be ready in has taken as many orders as
// the kitchen can make. Placing takes the slot atomically (takeSlot); this reads it, so
// a full slot is said before payment.
func (p *Provider) slotFull(ctx context.Context, l *ordering.Location, readyAt time.Time) (*fault.Error, error) {
	at := ceilTo(readyAt, time.Duration(l.SlotMinutes)*time.Minute)
	n, err := p.slotCounts(ctx, l.ID, []time.Time{at})
	if err != nil {
		return nil, err
	}
	if n[0] >= int64(l.SlotCapacity) {
		return errSlotFull, nil
	}
	return nil, nil
}

var errSlotFull = fault.New(fault.Conflict, "slot_full", "That time just filled up. Choose another time.").Field("time", "Full")

// checkoutCheck is a priced cart judged for checkout now: what refuses it, in the
// order submit checks them, and when it would be ready.
type checkoutCheck struct {
	blockers []*fault.Error
	readyAt  time.Time
}

// judge runs every checkout rule over a priced cart.
func (p *Provider) judge(ctx context.Context, c *ordering.Cart, l *ordering.Location, mi *menuIndex, now time.Time) (checkoutCheck, error) {
	var out checkoutCheck
	add := func(fe *fault.Error) {
		if fe != nil {
			out.blockers = append(out.blockers, fe)
		}
	}
	add(cartEmpty(c))
	add(customFieldMissing(c, l))
	add(handoffProblem(c, l))
	add(belowDeliveryMinimum(c, l))
	// The tip as the tip rule takes it now: a delivery tip goes to the driver, and a
	// tip chosen before the offered tips changed is chosen again (docs/checkout.md, "Tips").
	add(p.cat.tips.check(c.Tip, c.Handoff.Mode, true))
	add(p.couponExpired(c, now))
	add(p.productUnavailable(c, l, mi))
	readyAt, err := p.cat.checkTime(l, c.Time, now, c.Products)
	if fe, ok := fault.As(err); ok {
		add(fe)
	} else if err != nil {
		return out, err
	}
	if err == nil && len(c.Products) > 0 {
		full, err := p.slotFull(ctx, l, readyAt)
		if err != nil {
			return out, err
		}
		add(full)
	}
	out.readyAt = readyAt
	return out, nil
}

// Validate checks the owner's cart for checkout now without placing it: every rule
// submit applies, each refusal a blocker, and the cart's warnings.
func (p *Provider) Validate(ctx context.Context, owner string) (ordering.CartValidation, error) {
	c, _, err := p.load(ctx, owner)
	if err != nil {
		return ordering.CartValidation{}, err
	}
	l, mi, err := p.cartContext(&c)
	if err != nil {
		return ordering.CartValidation{}, err
	}
	p.price(&c, l)
	chk, err := p.judge(ctx, &c, l, mi, p.now())
	if err != nil {
		return ordering.CartValidation{}, err
	}
	v := ordering.CartValidation{Cart: c, Totals: c.Totals, Warnings: []ordering.CartIssue{}, Blockers: []ordering.CartIssue{}}
	blocked := map[string]bool{}
	for _, fe := range chk.blockers {
		v.Blockers = append(v.Blockers, issueOf(fe))
		blocked[fe.Code] = true
	}
	blocked["coupon_invalid"] = blocked["coupon_invalid"] || blocked["coupon_expired"]
	// A warning the order is also refused for is said once, as the blocker.
	for _, w := range c.Warnings {
		if !blocked[w.Code] {
			v.Warnings = append(v.Warnings, w)
		}
	}
	return v, nil
}

// payInStoreRefusal is the pay-in-store rule: the location must take payment at the
// counter for online orders, the order must be picked up (a driver collects no
// payment), and the amount paid there is at most the location's cap. nil when
// amountCents may be paid in store.
func payInStoreRefusal(l *ordering.Location, c *ordering.Cart, amountCents int64) *fault.Error {
	if l.PayInStoreMaxCents <= 0 {
		return fault.New(fault.Rule, "pay_in_store_unavailable", "%s doesn't take payment in store for online orders.", l.Name)
	}
	if c.Handoff.Mode == ordering.HandoffDelivery {
		return fault.New(fault.Rule, "pay_in_store_unavailable", "Pay in store isn't available for delivery.")
	}
	if amountCents > l.PayInStoreMaxCents {
		return fault.New(fault.Rule, "pay_in_store_limit", "Pay in store is for orders up to %s.", dollars(l.PayInStoreMaxCents))
	}
	return nil
}

// refusal is a fault as the reason a payment kind is not offered.
func refusal(fe *fault.Error) *ordering.PaymentRefusal {
	if fe == nil {
		return nil
	}
	return &ordering.PaymentRefusal{Code: fe.Code, Message: fe.Message}
}

// giftCardMaxCents is the gift-card coverage rule: a gift card pays at most the
// order's total (what it actually takes is also bounded by its balance, which the
// balance check and submit enforce). The checkout shows this figure and never works
// it out itself.
func giftCardMaxCents(c *ordering.Cart) int64 {
	return max(0, c.Totals.TotalCents)
}

// PaymentOptions are the ways the owner's cart can be paid for as the cart and its
// location decide: the location's card processors, the most a gift card may pay, and
// pay in store for the rest after the gift card amount the guest applied
// (giftCardCents, 0 without one), judged by payInStoreRefusal as submit judges it. Gift
// cards are this system's to take; the edge says whether the role that sells them is
// there, and adds the member's saved cards and house accounts.
func (p *Provider) PaymentOptions(ctx context.Context, owner string, giftCardCents int64) (ordering.PaymentOptions, error) {
	c, _, err := p.load(ctx, owner)
	if err != nil {
		return ordering.PaymentOptions{}, err
	}
	l, _, err := p.cartContext(&c)
	if err != nil {
		return ordering.PaymentOptions{}, err
	}
	p.price(&c, l)
	maxGift := giftCardMaxCents(&c)
	// A gift card amount above what a gift card may pay leaves nothing for the rest;
	// submit refuses such an amount, so it is taken at the most here.
	gift := min(max(0, giftCardCents), maxGift)
	rest := c.Totals.TotalCents - gift
	o := ordering.PaymentOptions{TotalCents: c.Totals.TotalCents, RestCents: rest,
		Card:          ordering.CardOption{Available: p.cfg.Cards != nil, Processors: []ordering.CardProcessor{}, Saved: []ordering.SavedCardShown{}},
		GiftCard:      ordering.GiftCardOption{Available: true, MaxCents: maxGift, Saved: []ordering.SavedGiftCard{}},
		HouseAccounts: ordering.HouseAccountsOption{Accounts: []ordering.HouseAccount{}},
		PayInStore:    ordering.PayInStoreOption{MaxCents: l.PayInStoreMaxCents},
	}
	if o.Card.Available {
		for _, id := range l.CardProcessors {
			o.Card.Processors = append(o.Card.Processors, ordering.CardProcessor{ID: id})
		}
	} else {
		o.Card.Reason = &ordering.PaymentRefusal{Code: "cards_unavailable", Message: "Card payments aren't available right now. Choose another way to pay."}
	}
	fe := payInStoreRefusal(l, &c, rest)
	o.PayInStore.Available = fe == nil
	o.PayInStore.Reason = refusal(fe)
	return o, nil
}
