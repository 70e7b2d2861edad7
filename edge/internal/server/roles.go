package server

import (
	"errors"
	"fmt"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// orderingSystem is the ordering system the edge runs on, made from the built-in
// provider: the built-in itself. A test stands in another, one that fills only some
// roles.
var orderingSystem = func(builtin ordering.Provider) any { return builtin }

// orderingSet is what the edge takes from its ordering system: each role on its own
// (docs/providers.md), so that a system filling only some of them can run the site.
// Every consumer is wired with the roles it uses from here.
type orderingSet struct {
	// system is the ordering system itself, for the jobs it may run besides its roles
	// (sweepCheckouts, sendOrderMail).
	system any

	// Required: the edge does not start without them (requiredOrderingRoles).
	Locations ordering.Locations
	Menus     ordering.Menus
	Carts     ordering.Carts
	Checkout  ordering.Checkout
	Orders    ordering.Orders

	// Optional: nil turns the feature off. Its routes answer 404 feature_unavailable
	// and the page bootstrap's feature flag is false (features), so the browser hides
	// it.
	GiftCards     ordering.GiftCards     // gift card balance, e-gift cards, saved gift cards: "giftCards"
	HouseAccounts ordering.HouseAccounts // charging an order to a company account: "houseAccounts"
	CartRewards   ordering.CartRewards   // loyalty rewards in the cart: "cartRewards"
	GroupOrders   ordering.GroupOrders   // a cart others add to by a link: "groupOrders"
}

// requiredOrderingRoles are the roles the site cannot run without, with what each is
// for, as the start-up error states it.
var requiredOrderingRoles = []struct {
	name, what string
	filled     func(orderingSet) bool
}{
	{"Locations", "restaurants, their hours, order times and delivery areas", func(s orderingSet) bool { return s.Locations != nil }},
	{"Menus", "menus, products, nutrition and catering", func(s orderingSet) bool { return s.Menus != nil }},
	{"Carts", "the guest's cart and its items", func(s orderingSet) bool { return s.Carts != nil }},
	{"Checkout", "cart handoff, time, tip, submit", func(s orderingSet) bool { return s.Checkout != nil }},
	{"Orders", "order confirmation, status, cancel and curbside arrival", func(s orderingSet) bool { return s.Orders != nil }},
}

// orderingRoles takes each role the ordering system p fills. A missing required role
// is an error naming it and what it is for, one per role; a missing optional role
// leaves its field nil.
func orderingRoles(p any) (orderingSet, error) {
	s := orderingSet{system: p}
	s.Locations, _ = p.(ordering.Locations)
	s.Menus, _ = p.(ordering.Menus)
	s.Carts, _ = p.(ordering.Carts)
	s.Checkout, _ = p.(ordering.Checkout)
	s.Orders, _ = p.(ordering.Orders)
	s.GiftCards, _ = p.(ordering.GiftCards)
	s.HouseAccounts, _ = p.(ordering.HouseAccounts)
	s.CartRewards, _ = p.(ordering.CartRewards)
	s.GroupOrders, _ = p.(ordering.GroupOrders)
	var errs []error
	for _, r := range requiredOrderingRoles {
		if !r.filled(s) {
			errs = append(errs, fmt.Errorf("ordering provider %s does not provide %s (%s)", systemName(p), r.name, r.what))
		}
	}
	if len(errs) > 0 {
		return orderingSet{}, errors.Join(errs...)
	}
	return s, nil
}

// systemName is how the start-up error names a provider: its ID when it has one, else
// its Go type.
func systemName(p any) string {
	if id, ok := p.(interface{ ID() string }); ok {
		return fmt.Sprintf("%q", id.ID())
	}
	return fmt.Sprintf("%T", p)
}

// addFeatures sets, in the page bootstrap's feature flags, whether each optional
// role's feature is on; the browser hides a feature whose flag is false.
func (s orderingSet) addFeatures(into map[string]any) {
	into["giftCards"] = s.GiftCards != nil
	into["houseAccounts"] = s.HouseAccounts != nil
	into["cartRewards"] = s.CartRewards != nil
	into["groupOrders"] = s.GroupOrders != nil
	if s.CartRewards == nil {
		into["rewardsAtCheckout"] = false // the flag the cart's rewards read (docs/checkout.md)
	}
}
